// Bounds found by the tests above, checked directly: nesting depth of replies, the work done to
// measure and wrap very long strings, and the crash line.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { limitDepth, MAX_JSON_DEPTH } from '../../src/api/http.js';
import { crashLine } from '../../src/terminal/screen.js';
import { sanitize } from '../../src/terminal/sanitize.js';
import { displayWidth, truncate, wrap } from '../../src/terminal/width.js';
import { HOSTILE_VALUES } from '../fixtures/hostile.js';
import { segmenterWork, type SegmenterWork } from '../support/segmenterWork.js';

describe('limitDepth', () => {
  it('cuts containers nested deeper than the limit, so a row can be copied as JSON', () => {
    const text = `{"a":${'{"b":'.repeat(100_000)}1${'}'.repeat(100_000)},"keep":[1,{"x":2}]}`;
    const value = limitDepth(JSON.parse(text), MAX_JSON_DEPTH) as Record<string, unknown>;
    expect(() => JSON.stringify(value)).not.toThrow();
    expect(JSON.stringify(value)).toContain(`‹nested deeper than ${MAX_JSON_DEPTH} levels›`);
    expect(value.keep).toEqual([1, { x: 2 }]);
  });

  it('replaces a "__proto__" key as a plain property, without touching the prototype', () => {
    const value = limitDepth(JSON.parse('{"o":{"__proto__":{"p":{}}}}'), 2) as { o: Record<string, unknown> };
    expect(Object.getPrototypeOf(value.o)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value.o, '__proto__')?.value).toBe('‹nested deeper than 2 levels›');
  });
});

// The long inputs: 100k-character strings of every kind (wide, emoji sequences, flags, ASCII),
// and the whole hostile corpus. Each is its own test: together they take seconds, and a loaded
// machine must not push one test past its timeout.
const LONG = ['é张😀'.repeat(25_000), '🇨🇳'.repeat(20_001), '👨‍👩‍👧‍👦'.repeat(5000), 'x'.repeat(200_000), ...HOSTILE_VALUES].map((v) => sanitize(v));
const LONG_CASES = LONG.map((s, i) => ({ name: `#${i}: ${s.length} units, ${JSON.stringify(s.slice(0, 12))}`, s }));
/** A run of extending characters longer than a segmenting window: one grapheme of that length. */
const HUGE_CLUSTER = /(?:\p{M}|\u200c|\u200d|\ufe0e|\ufe0f){512,}/u;

describe('very long strings', () => {
  // Linear time, counted rather than timed (quadratic walking took over 10 s here; V8's segmenter
  // handed a 100k string takes over a second): a bounded number of units segmented per unit of
  // input, and no call handed more than a window or two, unless the string holds one grapheme
  // longer than that.
  const expectLinear = (work: SegmenterWork, s: string): void => {
    expect(work.units).toBeLessThanOrEqual(8 * s.length + 8192);
    if (!HUGE_CLUSTER.test(s)) expect(work.longest).toBeLessThanOrEqual(4096);
  };

  it.each(LONG_CASES)('are wrapped in linear time, in lines that fit and lose nothing: $name', ({ s }) => {
    const { result: lines, work } = segmenterWork(() => wrap(s, 77));
    // Lines repeat (a repeated pattern wraps the same way): measure each distinct one once.
    for (const line of new Set(lines)) expect(displayWidth(line)).toBeLessThanOrEqual(77);
    expect(lines.join('')).toBe(s.replace(/\n/g, ''));
    expectLinear(work, s);
  });

  it.each(LONG_CASES)('are cut and measured in linear time, with the same widths as string-width: $name', ({ s }) => {
    const cut = segmenterWork(() => truncate(s, 40));
    expect(displayWidth(cut.result)).toBeLessThanOrEqual(40);
    const measured = segmenterWork(() => displayWidth(s));
    if (s.length < 20_000) expect(measured.result).toBe(stringWidth(s));
    expectLinear(cut.work, s);
    expectLinear(measured.work, s);
  });

  it('measures a 100k mixed string exactly', () => {
    expect(displayWidth('é张😀'.repeat(25_000))).toBe(5 * 25_000);
  });
});

describe('the crash line', () => {
  it('is one line, sanitised, with no token in it', () => {
    const line = crashLine(new Error('bad \u001b]0;x\u0007 token=eyJhbGciOiJIUzI1NiJ9.eyJ4IjoxfQ.c2lnbmF0dXJl\n    at f (file:///x.js:1:1)'));
    expect(line).not.toContain('eyJ');
    expect(line).not.toContain('\u001b');
    expect(line.trimEnd().split('\n')).toHaveLength(1);
  });
});
