// What the prompt bar draws: the cursor cell, scrolling of a long line, invisible characters made
// visible, and the candidates line around the current candidate.
import { describe, expect, it } from 'vitest';
import { candidateCells, candidateLabels, lineCells } from '../../src/components/promptView.js';
import { displayWidth } from '../../src/terminal/width.js';

const drawn = (c: { before: string; at: string; after: string }): string => `${c.before}[${c.at}]${c.after}`;

describe('lineCells', () => {
  it('puts the cursor on its character, or on a space after the end', () => {
    expect(drawn(lineCells('abc', 1, 20))).toBe('a[b]c');
    expect(drawn(lineCells('abc', 3, 20))).toBe('abc[ ]');
    expect(drawn(lineCells('', 0, 20))).toBe('[ ]');
  });

  it('scrolls a long line so the cursor shows, with an ellipsis where text is cut', () => {
    const text = 'abcdefghijklmnopqrstuvwxyz';
    const end = lineCells(text, text.length, 10);
    expect(drawn(end)).toBe('…stuvwxyz[ ]');
    expect(displayWidth(end.before + end.at + end.after)).toBeLessThanOrEqual(10);
    const start = lineCells(text, 0, 10);
    expect(drawn(start)).toBe('[a]bcdefghi…');
    expect(displayWidth(start.before + start.at + start.after)).toBeLessThanOrEqual(10);
    const middle = lineCells(text, 13, 10);
    expect(middle.at).toBe('n');
    expect(displayWidth(middle.before + middle.at + middle.after)).toBeLessThanOrEqual(10);
    expect(middle.before.startsWith('…') && middle.after.endsWith('…')).toBe(true);
  });

  it('shows invisible and control characters as the replacement mark, so a cursor on them is seen', () => {
    expect(drawn(lineCells('a\u200bb', 1, 20))).toBe('a[\ufffd]b');
    expect(drawn(lineCells('a\u202eb', 3, 20))).toBe('a\ufffdb[ ]');
  });

  it('draws a line of the longest length around its cursor, anywhere in it', () => {
    const text = 'user_000001,'.repeat(341);
    for (const cursor of [0, 1, 2000, 2001, text.length - 1, text.length]) {
      const cells = lineCells(text, cursor, 60);
      expect(cells.at).toBe(text[cursor] ?? ' ');
      expect(displayWidth(cells.before + cells.at + cells.after)).toBeLessThanOrEqual(60);
    }
  });

  it('stands a character longer than the window it draws (a base with 2,000 combining marks)', () => {
    const text = `ab${'e' + '\u0301'.repeat(2000)}cd`;
    const cells = lineCells(text, 3, 20);
    expect(displayWidth(cells.before + cells.at + cells.after)).toBeLessThanOrEqual(20);
    expect(cells.at).toBe('\ufffd');
  });

  it('keeps a wide character whole', () => {
    const cells = lineCells('世界世界世界', 6, 7);
    expect(displayWidth(cells.before + cells.at + cells.after)).toBeLessThanOrEqual(7);
    expect(cells.before).toBe('…世界');
  });
});

describe('candidates', () => {
  it('labels commands and ID lists by the word being completed', () => {
    expect(candidateLabels('command', ['user user_000001', 'user user_000002'])).toEqual(['user_000001', 'user_000002']);
    expect(candidateLabels('command', ['users', 'user '])).toEqual(['users', 'user']);
    expect(candidateLabels('ids', ['si_a,si_b', 'si_a,si_c'])).toEqual(['si_b', 'si_c']);
    expect(candidateLabels('search', ['System Notice', 'System Alerts'])).toEqual(['System Notice', 'System Alerts']);
  });

  it("draws the picker's and an ID list's IDs apart when they only look alike", () => {
    expect(candidateLabels('user', ['user_a', 'user_a\u00a0', 'us\u0435r_a'])).toEqual(['user_a', 'user_a⟨U+00A0⟩', 'us⟨U+0435⟩r_a']);
    expect(candidateLabels('ids', ['si_a,si_b', 'si_a,si_b\u00a0'])).toEqual(['si_b', 'si_b⟨U+00A0⟩']);
  });

  it('scrolls the list so the current candidate shows', () => {
    const labels = Array.from({ length: 10 }, (_, i) => `user_00000${i}`);
    const first = candidateCells(labels, 0, 40);
    expect(first.before).toBe('');
    expect(first.current).toBe('user_000000');
    const last = candidateCells(labels, 9, 40);
    expect(last.current).toBe('user_000009');
    expect(last.before.startsWith('…')).toBe(true);
    expect(displayWidth(last.before + last.current + last.after)).toBeLessThanOrEqual(40);
  });
});
