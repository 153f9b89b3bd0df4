// The pulse's pure figures: its window of UTC days, a missing day as 0, the sparkline's levels
// (Unicode and ASCII), the change in words, the window's words refused in words.
import { describe, expect, it } from 'vitest';
import { changeWords, parseWindow, peakDay, seriesOf, stepDays, windowDays } from '../../src/domain/pulse.js';
import { sparkline } from '../../src/domain/sparkline.js';
import { ASCII_GLYPHS, UNICODE_GLYPHS } from '../../src/terminal/glyphs.js';

const NOW = Date.UTC(2026, 0, 15, 23, 59, 59, 999);

describe('the pulse', () => {
  it('covers whole UTC days ending today, [start, end) in ms', () => {
    const { keys, start, end } = windowDays({ days: 3, last: '' }, NOW);
    expect(keys).toEqual(['2026-01-13', '2026-01-14', '2026-01-15']);
    expect([start, end]).toEqual([Date.UTC(2026, 0, 13), Date.UTC(2026, 0, 16)]);
    expect(windowDays({ days: 2, last: '2025-12-31' }, NOW).keys).toEqual(['2025-12-30', '2025-12-31']);
    // Never more than 31 days, whatever is asked.
    expect(windowDays({ days: 400, last: '' }, NOW).keys).toHaveLength(31);
  });

  it('reads a day the server left out as 0', () => {
    expect(seriesOf(['a', 'b', 'c'], { b: 4 })).toEqual([0, 4, 0]);
  });

  it('draws one level a day, an empty day the lowest, the maximum the highest, in either glyph set', () => {
    expect(sparkline([0, 1, 4, 8], UNICODE_GLYPHS.spark, 'zero')).toBe('▁▂▅█');
    expect(sparkline([0, 1, 4, 8], ASCII_GLYPHS.spark, 'zero')).toBe('_.=#');
    expect(sparkline([0, 0], UNICODE_GLYPHS.spark, 'zero')).toBe('▁▁');
    expect(peakDay([3, 9, 9, 1])).toBe(1);
    expect(peakDay([0, 0])).toBe(-1);
  });

  it('says the change against the previous window in words', () => {
    expect(changeWords(12, 10)).toBe('+20%');
    expect(changeWords(5, 10)).toBe('-50%');
    expect(changeWords(3, 0)).toBe('new');
    expect(changeWords(0, 0)).toBe('=');
    expect(changeWords(3, undefined)).toBe('?');
  });

  it('reads 30d and 14d 2026-01-15, and refuses the rest in words', () => {
    expect(parseWindow('30d')).toEqual({ days: 30, last: '' });
    expect(parseWindow('14d to 2026-01-15')).toEqual({ days: 14, last: '2026-01-15' });
    expect(parseWindow('99d')).toMatch(/at most 31 days/);
    expect(parseWindow('soon')).toMatch(/number of days/);
    expect(parseWindow('7d 2026-02-30')).toMatch(/not a day/);
    expect([stepDays(14, 1), stepDays(14, -1), stepDays(7, -1), stepDays(28, 1)]).toEqual([21, 7, 7, 31]);
  });
});
