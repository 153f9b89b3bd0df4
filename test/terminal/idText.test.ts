// IDs drawn so that two different IDs never look the same (terminal/sanitize.ts idText): what draws
// as a space, invisible characters one by one, the marks' own characters, and letters of another
// script inside an ID show as their code point, in Unicode and in ASCII; IDs of one language's
// scripts stay as they are.
import { afterEach, describe, expect, it } from 'vitest';
import { setAsciiMode } from '../../src/terminal/glyphs.js';
import { idText, sanitize } from '../../src/terminal/sanitize.js';

afterEach(() => setAsciiMode(false));

const LOOK_ALIKES = [
  'user_a',
  'user_a\u00a0',
  'us\u0435r_a', // Cyrillic е
  'user_\u0430', // Cyrillic а
  'user_\u03b1', // Greek α
  'user_a ',
  ' user_a',
  'user_a\u2800',
  'user_a\u3000',
  'user_a\u202f',
  'user_a\u200b',
  'user_a\u200b\u200b',
  'user_a\u200c',
  'us\u200der_a',
  'user_a\u{e0041}',
  'user_a\ufffd',
  'user_a\t',
  'user_a\n',
  'user_a\u2028',
  'user_a⟨U+00A0⟩',
  'user_a<U+00A0>',
  'user_a?',
];

describe('idText', () => {
  it.each([false, true])('draws every look-alike of user_a apart (ascii %s)', (ascii) => {
    setAsciiMode(ascii);
    const drawn = LOOK_ALIKES.map((id) => idText(id));
    expect(new Set(drawn).size, drawn.join(' | ')).toBe(LOOK_ALIKES.length);
    // Only user_a itself reads as user_a.
    expect(drawn.filter((d) => d === 'user_a')).toEqual(['user_a']);
  });

  it('marks each by its code point, where it is', () => {
    expect(idText('user_a\u00a0')).toBe('user_a⟨U+00A0⟩');
    expect(idText('us\u0435r_a')).toBe('us⟨U+0435⟩r_a');
    expect(idText('imAdmin ')).toBe('imAdmin⟨U+0020⟩');
    expect(idText('a\u2000b\u200ac\u205fd\u1680e')).toBe('a⟨U+2000⟩b⟨U+200A⟩c⟨U+205F⟩d⟨U+1680⟩e');
    expect(idText('adm\u200din')).toBe('adm⟨U+200D⟩in');
    expect(idText('a\tb')).toBe('a⟨U+0009⟩b');
    // A Cyrillic-majority ID with one Latin letter: the Latin one is the odd one.
    expect(idText('Иванa')).toBe('Иван⟨U+0061⟩');
    // Other scripts' digits are letters of their script too.
    expect(idText('user_\u0661')).toBe('user_⟨U+0661⟩');
  });

  it('in ASCII, with the ASCII brackets, the marks of ASCII text itself marked too', () => {
    setAsciiMode(true);
    expect(idText('user_a\u00a0')).toBe('user_a<U+00A0>');
    expect(idText('us\u0435r_a')).toBe('us<U+0435>r_a');
    expect(idText('a<b')).toBe('a<U+003C>b');
    expect(idText('who?')).toBe('who<U+003F>');
  });

  it.each(['user_a', 'a b', '王小明', 'user王', 'カタカナabc漢字', '김철수kim', 'Иван', 'αβγ', 'été', 'e\u0301te', 'ｕｓｅｒ', 'user_000001', '👍ok'])(
    '%j, one language\'s, stays as it is',
    (id) => {
      expect(idText(id)).toBe(sanitize(id));
    },
  );

  it('is safe to draw: what sanitize removes stays removed', () => {
    for (const id of ['x\u001b[31my', 'a\u009b2Jb', 'a\u202eb', '\ud800x']) expect(idText(id)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\ud800-\udfff]/);
  });
});
