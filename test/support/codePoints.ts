// Strings from every class of code point a copy must survive, for the property tests of what the
// app puts on the clipboard (api/inertText.ts and its users): each class whole where it is small,
// sampled where it is not, and random mixes from a seeded generator, so a run is repeatable.

import { prng } from './prng.js';

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Each class by name, as code points (UTF-16 code units for the surrogates, which stand alone). */
export const CODE_POINT_CLASSES: Readonly<Record<string, readonly number[]>> = {
  c0: range(0x00, 0x1f),
  del: [0x7f],
  c1: range(0x80, 0x9f),
  separators: [0x2028, 0x2029],
  bidi: [0x061c, 0x200e, 0x200f, ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)],
  loneSurrogates: [0xd800, 0xd9ab, 0xdbff, 0xdc00, 0xde01, 0xdfff],
  astral: [0x1f600, 0x1f1ef, 0x20000, 0x1d11e, 0x10ffff, 0xe0041],
  combining: [...range(0x0300, 0x0310), 0x20dd, 0xfe0f, 0x200d],
  printable: range(0x20, 0x7e),
  wide: [0x4e2d, 0x6587, 0xac00, 0xff21, 0x3042],
};

const char = (cp: number): string => (cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp));


/**
 * Every code point of every class alone (between two letters, so that an escape's neighbours show),
 * then `mixes` random strings of 1 to 12 code points drawn from all classes, and the cases the
 * issue found: a quote and DEL before a command, the end of a bracketed paste and a newline.
 */
export function inertCases(mixes = 300, seed = 33): string[] {
  const all = Object.values(CODE_POINT_CLASSES).flat();
  const singles = all.map((cp) => `a${char(cp)}b`);
  const next = prng(seed);
  const mixed = Array.from({ length: mixes }, () =>
    Array.from({ length: 1 + Math.floor(next() * 12) }, () => char(all[Math.floor(next() * all.length)]!)).join(''),
  );
  return [...singles, ...mixed, "x'\u007f;id>/tmp/PWNED;#", 'y\u001b[201~\ntouch /tmp/PWNED\n', "'\\''", '$(id)`id`$HOME!!', ''];
}

/** The class names of the code points in `text`. */
export function classesIn(text: string): string[] {
  const names = new Set<string>();
  for (const unit of text.length > 0 ? Array.from(text) : []) {
    const cp = unit.length === 1 ? unit.charCodeAt(0) : unit.codePointAt(0)!;
    for (const [name, cps] of Object.entries(CODE_POINT_CLASSES)) if (cps.includes(cp)) names.add(name);
  }
  return [...names];
}
