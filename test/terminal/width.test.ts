import { describe, expect, it } from 'vitest';
import { displayWidth, fit, truncate, widthUpTo, wrap } from '../../src/terminal/width.js';
import { graphemeWidth } from '../../src/terminal/cellWidth.js';
import { sanitize } from '../../src/terminal/sanitize.js';
import { HOSTILE_VALUES, ORDINARY } from '../fixtures/hostile.js';
import { segmenterWork } from '../support/segmenterWork.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (s: string): string[] => Array.from(segmenter.segment(s), (g) => g.segment);

const FAMILY = '👨‍👩‍👧‍👦';
const SAMPLES: readonly string[] = [
  ...ORDINARY,
  'a张b伟c😀d',
  `${FAMILY}abc${FAMILY}`,
  'e\u0301e\u0301e\u0301',
  '张伟伟',
  'x'.repeat(40),
  ...HOSTILE_VALUES.filter((v) => v.length < 2000).map((v) => sanitize(v)),
];

describe('displayWidth', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['张伟', 4],
    ['日本語', 6],
    ['ＡＢ', 4],
    ['😀', 2],
    [FAMILY, 2],
    ['🧑🏽‍🤝‍🧑🏿', 2],
    ['🇨🇳', 2],
    ['1️⃣', 2],
    ['e\u0301', 1],
    ['\u0301', 0],
    ['a张b伟c😀d', 10],
    // The markers our UI prints must be single-cell.
    ['…', 1],
    ['⏎', 1],
    ['→', 1],
    ['›', 1],
    ['\ufffd', 1],
  ])('%j is %i cells', (s, cells) => {
    expect(displayWidth(s)).toBe(cells);
  });
});

// Text with nothing that joins is measured code point by code point, without the segmenter; a
// joining character just past what a cut examines must still join (VS15 narrows an emoji).
describe('the code-point path agrees with grapheme segmentation', () => {
  const reference = (s: string, room: number): { width: number; prefix: string } => {
    let width = 0;
    let prefix = '';
    let cut = false;
    for (const g of graphemes(s)) {
      const w = graphemeWidth(g);
      if (!cut && width + w <= room) prefix += g;
      else cut = true;
      width += w;
    }
    return { width, prefix };
  };
  const texts = [
    '张伟😀 Иван Ødegaard',
    '张'.repeat(12) + '😀\ufe0e',
    '😀'.repeat(9) + '\u0301x',
    'ab张' + '😀'.repeat(20) + '\u200dz',
    '𠀀𠀁𠀂 plain 𠀃',
  ];
  it.each(texts)('%j', (text) => {
    expect(displayWidth(text)).toBe(reference(text, Infinity).width);
    for (let room = 1; room <= reference(text, Infinity).width + 1; room++) {
      const { width, prefix } = reference(text, room);
      expect(truncate(text, room, '')).toBe(width <= room ? text : prefix);
      expect(widthUpTo(text, room)).toBe(width <= room ? width : room + 1);
      expect(displayWidth(fit(text, room))).toBe(room);
    }
  });
});

describe('truncate', () => {
  it('leaves a string that fits alone', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('张伟', 4)).toBe('张伟');
  });

  it('cuts and adds the ellipsis', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('张伟伟', 5)).toBe('张伟…');
    expect(truncate('张伟伟', 4)).toBe('张…');
    expect(truncate(`${FAMILY}abc`, 3)).toBe(`${FAMILY}…`);
    expect(truncate(`${FAMILY}abc`, 2)).toBe('…');
  });

  it('handles zero, negative and fractional widths', () => {
    expect(truncate('abc', 0)).toBe('');
    expect(truncate('abc', -3)).toBe('');
    expect(truncate('abc', Number.NaN)).toBe('');
    expect(truncate('abcdef', 3.9)).toBe('ab…');
  });

  it('accepts a custom ellipsis and drops one that cannot fit', () => {
    expect(truncate('abcdef', 5, '...')).toBe('ab...');
    expect(truncate('abcdef', 2, '...')).toBe('ab');
    expect(truncate('abcdef', 3, '')).toBe('abc');
  });

  it('never exceeds the width, never splits a grapheme, always marks a cut', () => {
    for (const s of SAMPLES) {
      const whole = graphemes(s);
      for (let width = 0; width <= 24; width++) {
        const out = truncate(s, width);
        expect(displayWidth(out)).toBeLessThanOrEqual(width);
        const cut = displayWidth(s) > width;
        if (cut && width > 0) expect(out.endsWith('…')).toBe(true);
        if (!cut) expect(out).toBe(s);
        const kept = graphemes(cut ? out.slice(0, -1) : out);
        expect(kept).toEqual(whole.slice(0, kept.length));
      }
    }
  });

  it('is fast on a 100k-character string: it walks only as far as the width it keeps', () => {
    const long = '张'.repeat(100_000);
    const { result, work } = segmenterWork(() => truncate(long, 80));
    expect(result).toBe(`${'张'.repeat(39)}…`);
    // A few thousand units segmented (a window or two, twice), never the 100k string.
    expect(work.units).toBeLessThanOrEqual(4096);
    expect(work.longest).toBeLessThanOrEqual(2048);
  });
});

describe('fit', () => {
  it('pads to the exact width, left or right', () => {
    expect(fit('ab', 5)).toBe('ab   ');
    expect(fit('ab', 5, 'right')).toBe('   ab');
    expect(fit('张', 5, 'right')).toBe('   张');
  });

  it('a width-5 fit of 张伟伟 is 5 cells', () => {
    expect(displayWidth(fit('张伟伟', 5))).toBe(5);
    expect(fit('张伟伟', 5)).toBe('张伟…');
  });

  it('replaces a wide character that does not fit by padding', () => {
    expect(fit('张伟伟', 4)).toBe('张… ');
    expect(fit('张', 1)).toBe('…');
    expect(fit('a张', 2)).toBe('a…');
    expect(fit('ab张c', 4)).toBe('ab… ');
  });

  it('is always exactly the width asked for', () => {
    for (const s of SAMPLES) {
      for (let width = 0; width <= 24; width++) {
        expect(displayWidth(fit(s, width))).toBe(width);
        expect(displayWidth(fit(s, width, 'right'))).toBe(width);
      }
    }
  });
});

describe('wrap', () => {
  it('hard-wraps by grapheme and honours newlines', () => {
    expect(wrap('abcdef', 4)).toEqual(['abcd', 'ef']);
    expect(wrap('张伟伟', 5)).toEqual(['张伟', '伟']);
    expect(wrap('ab\ncd', 10)).toEqual(['ab', 'cd']);
    expect(wrap('', 10)).toEqual(['']);
    expect(wrap(`${FAMILY}${FAMILY}`, 3)).toEqual([FAMILY, FAMILY]);
  });

  it('never overflows, even with a wide grapheme in a one-cell line', () => {
    expect(wrap('a张b', 1)).toEqual(['a', '…', 'b']);
    expect(wrap('abc', 0)).toEqual(['']);
  });

  it('keeps every line within the width and loses nothing', () => {
    for (const s of SAMPLES) {
      for (let width = 2; width <= 24; width++) {
        const lines = wrap(s, width);
        for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
        expect(lines.join('')).toBe(s.replace(/\n/g, ''));
      }
    }
  });
});
