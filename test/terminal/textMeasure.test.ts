// Ink's measure-text.js is ours (src/terminal/textMeasure.ts, by one build-time patch): the same
// sizes as Ink's, and a cache that stays bounded by its keys' characters.
import { describe, expect, it } from 'vitest';
import { boundedMeasure } from '../../src/terminal/textMeasure.js';

describe('boundedMeasure', () => {
  it("answers Ink's sizes: the widest line and the line count, nothing for an empty text", () => {
    const widths: string[] = [];
    const measure = boundedMeasure((text) => (widths.push(text), Math.max(...text.split('\n').map((l) => l.length))), 100);
    expect(measure('')).toEqual({ width: 0, height: 0 });
    expect(measure('ab\nabcd\n')).toEqual({ width: 4, height: 3 });
    // Known: the same answer, not measured again.
    expect(measure('ab\nabcd\n')).toBe(measure('ab\nabcd\n'));
    expect(widths).toEqual(['ab\nabcd\n']);
  });

  it('forgets what it held once its keys pass the characters it may keep', () => {
    let measured = 0;
    const measure = boundedMeasure((text) => (measured++, text.length), 10);
    measure('abcdef');
    measure('abcdef');
    expect(measured).toBe(1);
    measure('ghijkl'); // 12 characters of keys: the cache starts again from this one
    measure('ghijkl');
    expect(measured).toBe(2);
    measure('abcdef');
    expect(measured).toBe(3);
  });
});
