import { describe, expect, it } from 'vitest';
import { displayWidth, wrap, wrapFrom } from '../../src/terminal/width.js';

const words = { words: true };

/** The lines of wrapFrom taken `step` at a time, resuming from each `next`. */
function windowed(s: string, width: number, step: number): string[] {
  const out: string[] = [];
  let from = 0;
  while (from !== -1) {
    const got = wrapFrom(s, width, from, step, words);
    out.push(...got.lines);
    from = got.next;
  }
  return out;
}

describe('word wrap', () => {
  it('breaks at the last space that fits, never inside a word', () => {
    const text = 'The service is unavailable on Sunday between two and four';
    const lines = wrap(text, 20, words);
    expect(lines).toEqual(['The service is', 'unavailable on', 'Sunday between two', 'and four']);
    expect(lines.join(' ')).toBe(text);
  });

  it('breaks after punctuation, and hard-breaks a word longer than the line', () => {
    expect(wrap('a/b/c-d,efgh', 6, words)).toEqual(['a/b/c-', 'd,efgh']);
    // An ID never breaks at its underscores: on a line of its own when it fits, cut only when longer.
    expect(wrap('with Eve user_000002 now', 12, words)).toEqual(['with Eve', 'user_000002', 'now']);
    expect(wrap('si_user_000001_user_000002', 10, words)).toEqual(['si_user_00', '0001_user_', '000002']);
    expect(wrap('abcdefghijklmnopqrstuvwxyz tail', 10, words)).toEqual(['abcdefghij', 'klmnopqrst', 'uvwxyz', 'tail']);
  });

  it("'spaces' breaks prose at spaces only: a number or a synopsis stays whole (help)", () => {
    const text = 'a question over 100,000 rows (Esc, then y, cancels)';
    expect(wrap(text, 20, words)).toEqual(['a question over 100,', '000 rows (Esc, then', 'y, cancels)']);
    expect(wrap(text, 20, { words: 'spaces' })).toEqual(['a question over', '100,000 rows (Esc,', 'then y, cancels)']);
    // Wide text takes the same path.
    expect(wrap('世界 100,000 世界', 8, { words: 'spaces' })).toEqual(['世界', '100,000', '世界']);
    // A word longer than the line is still cut.
    expect(wrap('abcdefghij', 4, { words: 'spaces' })).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('keeps newlines and does not add a line for a space at a break', () => {
    expect(wrap('abc def\nxyz', 3, words)).toEqual(['abc', 'def', 'xyz']);
    expect(wrap('abc ', 3, words)).toEqual(['abc']);
  });

  it('wraps wide text by cells and breaks at its spaces', () => {
    const lines = wrap('日本語 テキスト 漢字漢字漢字', 8, words);
    expect(lines).toEqual(['日本語', 'テキスト', '漢字漢字', '漢字']);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(8);
  });

  it('gives the same lines resumed window by window as in one piece', () => {
    const samples = [
      'The service is unavailable on Sunday, between 02:00 and 04:00 (UTC); retry later.\n\nNext paragraph here ',
      'ａｂｃ def ghi-jkl/mno pqrstuvwxyzabcdefghijkl 日本語 テキスト end.  two  spaces',
      'x'.repeat(45) + ' ' + 'y '.repeat(30),
    ];
    for (const s of samples) {
      for (const width of [1, 3, 7, 10, 16]) {
        const whole = wrap(s, width, words);
        for (const step of [1, 2, 5]) expect(windowed(s, width, step)).toEqual(whole);
        for (const line of whole) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      }
    }
  });

  it('leaves the default hard wrap as it was', () => {
    expect(wrap('unavailable on Sunday', 17)).toEqual(['unavailable on Su', 'nday']);
  });
});
