import { describe, expect, it } from 'vitest';
import { formatAgo, formatBytes, formatCount, formatDuration, formatTime, formatTimeSeconds, formatTimeWithZone, formatTimeZoned, formatUtcOffset } from '../../src/content/format.js';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1,023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [59_600, '58.2 KB'],
    [2_516_582, '2.4 MB'],
    [150 * 1024 * 1024, '150 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
  ])('%d bytes is %s', (n, text) => {
    expect(formatBytes(n)).toBe(text);
  });

  it.each([NaN, -1, Infinity, -Infinity])('%d is not a size', (n) => {
    expect(formatBytes(n)).toBe('n/a');
  });

  it('stops at the largest unit for absurd values', () => {
    expect(formatBytes(1e30)).toMatch(/^[\d,]+ EB$/);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [37, '0:37'],
    [62, '1:02'],
    [599.9, '9:59'],
    [3725, '1:02:05'],
    [36_000, '10:00:00'],
  ])('%d s is %s', (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });

  it.each([NaN, -5, Infinity])('%d is not a duration', (s) => {
    expect(formatDuration(s)).toBe('n/a');
  });

  it('keeps huge durations readable', () => {
    expect(formatDuration(1e12)).toBe('277,777,777:46:40');
  });
});

describe('formatTime', () => {
  it('formats local time', () => {
    // Built from local fields, so the expectation holds in any time zone.
    const ms = new Date(2024, 0, 2, 3, 4, 5).getTime();
    expect(formatTime(ms)).toBe('2024-01-02 03:04:05');
    expect(formatTime(new Date(1999, 11, 31, 23, 59, 59, 999).getTime())).toBe('1999-12-31 23:59:59');
  });

  it.each([0, -62135596800000])('shows the server\'s sentinel %d as not set', (ms) => {
    expect(formatTime(ms)).toBe('not set');
  });

  it('shows a time before 1970 or past the Date range as its number with a note, never as "never"', () => {
    expect(formatTime(-1)).toBe('-1 (before 1970)');
    expect(formatTime(-86_400_000)).toBe('-86400000 (before 1970)');
    expect(formatTime(NaN)).toBe('n/a');
    expect(formatTime(1e20)).toBe('100000000000000000000 (out of range)');
    expect(formatTimeZoned(-5, 0)).toBe('-5 (before 1970)');
  });

  it('leads the detail with the time, its UTC offset and how long ago', () => {
    const ms = new Date(2026, 10, 26, 14, 2, 11).getTime();
    const offset = formatUtcOffset(ms);
    expect(offset).toMatch(/^[+-]\d\d:\d\d$/);
    expect(formatTimeZoned(ms, ms + 3 * 60_000 + 5_000)).toBe(`2026-11-26 14:02:11 ${offset} · 3 min ago`);
    expect(formatAgo(ms, ms + 2 * 86_400_000)).toBe('2 days ago');
    expect(formatAgo(ms, ms + 5 * 3_600_000)).toBe('5 h ago');
    expect(formatAgo(ms, ms - 120_000)).toBe('in 2 min');
    expect(formatAgo(ms, ms)).toBe('just now');
  });

  it('formats seconds the same way', () => {
    expect(formatTimeSeconds(1688460626)).toBe(`${formatTime(1688460626000)} ${formatUtcOffset(1688460626000)}`);
    expect(formatTimeSeconds(0)).toBe('not set');
    expect(formatTimeSeconds(NaN)).toBe('n/a');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [2391, '2,391'],
    [1_234_567, '1,234,567'],
    [-1234, '-1,234'],
    [2.6, '3'],
  ])('%d is %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it('says what en-US number formatting says, for every magnitude and sign', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const values = [-0, 0.5, 1.5, -0.5, -1.5, 999.5, 1e3, 99_999.49, 2 ** 53, -(2 ** 53) - 2, 9.99e20, 1e21, 1.5e300];
    for (let digits = 1; digits <= 21; digits++) {
      const top = 10 ** digits;
      values.push(top - 1, top, top + 1, -(top - 1), Math.floor(top / 3) + 0.5);
    }
    for (const n of values) expect(formatCount(n), String(n)).toBe(intl.format(n));
  });

  it('handles non-finite and huge values', () => {
    expect(formatCount(NaN)).toBe('n/a');
    expect(formatCount(Infinity)).toBe('n/a');
    expect(formatCount(1e21)).toBe('1,000,000,000,000,000,000,000');
  });
});

describe('formatTimeWithZone (issue 34: every time shown whole carries its zone)', () => {
  it('writes the offset after the local time, as the conversation detail does', () => {
    const t = Date.UTC(2022, 0, 11, 2, 55, 32);
    expect(formatTimeWithZone(t)).toBe(`${formatTime(t)} ${formatUtcOffset(t)}`);
    expect(formatTimeWithZone(t)).toMatch(/^2022-01-1\d \d\d:55:32 [+-]\d\d:\d\d$/);
    expect(formatTimeWithZone(0)).toBe('not set');
  });
});
