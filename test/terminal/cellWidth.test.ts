// The width policy: each grapheme counts as many cells as the widest common terminal draws it,
// and emoji ZWJ sequences are split before they are drawn. The figures for tmux are checked in a
// real tmux by test/hardening/width.e2e.test.ts; here, the policy's arithmetic.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { graphemeWidth } from '../../src/terminal/cellWidth.js';
import { displayText, settle } from '../../src/terminal/settle.js';
import { displayWidth, graphemes, wrap, wrapFrom } from '../../src/terminal/width.js';
import { DISPUTED } from '../fixtures/widths.js';

describe('the widest terminal wins', () => {
  it.each([
    // A terminal that adds up code points draws the marks string-width folds into a cluster.
    ['a skin-tone modifier after a letter', 'a\u{1F3FB}', 3],
    ['a skin-tone modifier after a CJK character', '张\u{1F3FF}', 4],
    ['an emoji with a skin tone (xterm, tmux 3.3: 4)', '👍🏽', 4],
    ['Thai SARA AM after a consonant', 'กำ', 2],
    ['Lao AM after a consonant', 'ກຳ', 2],
    ['a Devanagari conjunct', 'क्ष', 2],
    ['an Arabic number sign before a digit', '\u06001', 2],
    ['a lone Arabic number sign', '\u0600', 1],
    ['a lone regional indicator (kitty: 2)', '\u{1F1E6}', 2],
    ['an emoji presentation selector on a character with an emoji form', '#\uFE0F', 2],
  ])('%s: %j is %i cells', (_name, text, cells) => {
    expect(displayWidth(text)).toBe(cells);
    expect(displayWidth(text)).toBeGreaterThan(stringWidth(text) - 1);
  });

  it.each([
    ['a flag', '🇨🇳', 2],
    ['a keycap', '1️⃣', 2],
    ['a Hangul syllable from jamo', '\u1100\u1161\u11A8', 2],
    ['a letter and a combining accent', 'e\u0301', 1],
    ['halfwidth katakana with a voiced mark', 'ｶﾞ', 2],
    ['an ambiguous-width mark (narrow by default everywhere)', '…', 1],
  ])('%s: %j stays %i cells', (_name, text, cells) => {
    expect(displayWidth(text)).toBe(cells);
  });

  it('is never less than string-width (what Ink measures), so Ink never cuts a fitted line', () => {
    for (const text of DISPUTED) {
      for (const g of graphemes(settle(text))) expect(graphemeWidth(g), JSON.stringify(g)).toBeGreaterThanOrEqual(stringWidth(g));
    }
  });

  it('an odd run of regional indicators: pairs are flags, the last one alone', () => {
    expect(Array.from(graphemes('\u{1F1E6}\u{1F1E7}\u{1F1E8}'))).toHaveLength(2);
    expect(displayWidth('\u{1F1E6}\u{1F1E7}\u{1F1E8}')).toBe(4);
  });
});

describe('settle: emoji ZWJ sequences are drawn as their parts', () => {
  it.each([
    ['👨‍👩‍👧‍👦', '👨👩👧👦', 8],
    ['🧑🏽‍🤝‍🧑🏿', '🧑🏽🤝🧑🏿', 10],
    ['👩‍💻 Dev Queen', '👩💻 Dev Queen', 14],
    ['🏳️‍🌈', '🏳️🌈', 4],
    ['🏴‍☠️', '🏴☠️', 4],
  ])('%j becomes %j (%i cells)', (text, parts, cells) => {
    expect(settle(text)).toBe(parts);
    expect(displayWidth(settle(text))).toBe(cells);
  });

  it('keeps joiners that are not between two emoji (Indic and Persian words)', () => {
    for (const text of ['می‌خواهم', 'क्‍ष', 'ok']) expect(settle(text)).toBe(text);
  });

  it('sanitises first: displayText is sanitize then settle', () => {
    expect(displayText('\u001b[31m👨‍👩‍👧\u202e')).toBe('\ufffd👨👩👧\ufffd');
  });

  it('settles a long run of joiners and emoji whole (its pattern scans each class run once)', () => {
    const long = '👨‍'.repeat(50_000) + '👩';
    expect(settle(long)).toBe('👨'.repeat(50_000) + '👩');
  });
});

describe('wrapFrom: the lines of wrap, resumed where the last step stopped', () => {
  const samples = ['x'.repeat(250), 'a\n'.repeat(40), '张伟'.repeat(70), 'नमस्ते क्षत्रिय '.repeat(9), `mixed 张 ${'👍🏽'.repeat(9)} e\u0301\n\nend`];

  it.each([1, 3, 7, 10, 33])('gives the same lines in steps of %i as wrap in one go', (step) => {
    for (const text of samples) {
      for (const width of [2, 5, 17, 40]) {
        const whole = wrap(text, width);
        const pieces: string[] = [];
        let at = 0;
        while (at !== -1) {
          const next = wrapFrom(text, width, at, step);
          expect(next.lines.length).toBeLessThanOrEqual(step);
          pieces.push(...next.lines);
          at = next.next;
        }
        expect(pieces).toEqual(whole);
      }
    }
  });

  it('breaks a grapheme wider than the line between its code points, losing nothing', () => {
    // क्षत्रि: one grapheme of 3 cells in a terminal that adds up code points.
    const lines = wrap('त्रि', 2);
    expect(lines.join('')).toBe('त्रि');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(2);
  });
});
