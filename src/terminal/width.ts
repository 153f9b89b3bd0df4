// Column arithmetic in terminal cells, not UTF-16 code units: CJK and most emoji take two cells.
// Ink measures with string-width too, so what we compute here is what Ink lays out.
// All functions expect sanitised text (no control characters, no escape sequences).
import stringWidth from 'string-width';
import { glyphs } from './glyphs.js';

// Made on first use: the first segmenter costs ICU's grapheme rules (tens of ms on a busy machine),
// which a command that prints no table must not pay.
let segmenterInstance: Intl.Segmenter | undefined;
const segmenter = (): Intl.Segmenter => (segmenterInstance ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }));
const PLAIN_ASCII = /^[\u0020-\u007e]*$/;

const printable = (code: number): boolean => code >= 0x20 && code <= 0x7e;

/**
 * The graphemes of a string of at most WINDOW units. Between two printable ASCII characters there
 * is always a grapheme break (UAX #29: both are "Other", no rule joins them), so those characters
 * are graphemes of their own and only the pieces around other characters go through the
 * segmenter (about 2.5 us a grapheme): a table row with one accented name is no longer segmented
 * whole.
 */
function* shortGraphemes(s: string): Generator<string> {
  let start = 0;
  for (let index = 1; index <= s.length; index++) {
    if (index < s.length && !(printable(s.charCodeAt(index - 1)) && printable(s.charCodeAt(index)))) continue;
    if (index - start === 1) yield s[start]!;
    else for (const { segment } of segmenter().segment(s.slice(start, index))) yield segment;
    start = index;
  }
}

// V8's grapheme segmenter is quadratic in the length of the string it walks (100k characters:
// over a second; 75k of mixed CJK and emoji: five), and string-width walks one too. Long strings
// are therefore walked in windows of about this many UTF-16 units.
const WINDOW = 1024;

/**
 * The graphemes of `s`, in linear time. Each window is segmented alone; its last segment may be
 * cut by the window's end, so it is segmented again at the start of the next window. Grapheme
 * breaks depend only on what precedes them (and the next character), so every other break found
 * in a window is a break of the whole string. A window with a single segment grows until it
 * holds two, or reaches the end.
 */
function* graphemes(s: string): Generator<string> {
  if (s.length <= WINDOW) {
    yield* shortGraphemes(s);
    return;
  }
  let start = 0;
  let size = WINDOW;
  while (start < s.length) {
    const end = Math.min(s.length, start + size);
    const window = s.slice(start, end);
    if (end === s.length) {
      for (const { segment } of segmenter().segment(window)) yield segment;
      return;
    }
    let last = 0;
    let count = 0;
    let previous: string | undefined;
    for (const { segment, index } of segmenter().segment(window)) {
      if (previous !== undefined) yield previous;
      previous = segment;
      last = index;
      count++;
    }
    if (count < 2) {
      size *= 2; // one grapheme longer than the window: look further
      continue;
    }
    start += last;
    size = WINDOW;
  }
}

/** Number of terminal cells a (sanitised) string occupies. */
export function displayWidth(s: string): number {
  // Fast path: printable ASCII is one cell per character.
  if (PLAIN_ASCII.test(s)) return s.length;
  if (s.length <= WINDOW) return stringWidth(s);
  // string-width is quadratic on long strings too: measure grapheme-aligned pieces.
  let width = 0;
  let piece = '';
  for (const g of graphemes(s)) {
    piece += g;
    if (piece.length >= WINDOW) {
      width += stringWidth(piece);
      piece = '';
    }
  }
  return width + (piece ? stringWidth(piece) : 0);
}

/** Cells as a usable count: fractions floor, negatives and NaN become 0. */
function cells(width: number): number {
  return Number.isFinite(width) ? Math.max(0, Math.floor(width)) : 0;
}

/**
 * Longest prefix of whole graphemes that fits in `room` cells, and whether the string
 * was longer. Walks only as far as needed, so a 100k-character cell costs O(room).
 */
function prefixWithin(s: string, room: number): { text: string; used: number; cut: boolean } {
  let text = '';
  let used = 0;
  for (const segment of graphemes(s)) {
    const w = displayWidth(segment);
    if (used + w > room) return { text, used, cut: true };
    text += segment;
    used += w;
  }
  return { text, used, cut: false };
}

/** Cuts a string to at most `width` cells, ending with an ellipsis when something was cut. */
export function truncate(s: string, width: number, ellipsis = glyphs().ellipsis): string {
  const max = cells(width);
  if (max === 0) return '';
  if (PLAIN_ASCII.test(s) && s.length <= max) return s;
  // Fits whole (a table row, most cells): one measure. Only for strings of about the room's
  // length, so that cutting a 100k-character value still costs what the room holds.
  if (s.length <= 4 * max && displayWidth(s) <= max) return s;
  const whole = prefixWithin(s, max);
  if (!whole.cut) return s;
  const mark = displayWidth(ellipsis) <= max ? ellipsis : '';
  const kept = prefixWithin(s, max - displayWidth(mark));
  return kept.text + mark;
}

/**
 * Pads (or truncates) to exactly `width` cells. A wide character that does not fit is
 * dropped and its cell becomes padding, so columns always line up.
 */
export function fit(s: string, width: number, align: 'left' | 'right' = 'left'): string {
  const max = cells(width);
  // Measured once when it fits whole (most cells, every table row); as truncate() does, only
  // for strings of about the room's length.
  const whole = s.length <= 4 * max ? displayWidth(s) : Infinity;
  const cut = whole <= max ? s : truncate(s, max);
  const pad = ' '.repeat(Math.max(0, max - (whole <= max ? whole : displayWidth(cut))));
  return align === 'left' ? cut + pad : pad + cut;
}

/**
 * Splits a string into lines of at most `width` cells (hard wrap by grapheme; newlines
 * start a new line). A grapheme wider than the whole line becomes '…' rather than overflow.
 */
export function wrap(s: string, width: number): string[] {
  const max = cells(width);
  if (max === 0) return [''];
  const lines: string[] = [];
  for (const para of s.split('\n')) {
    let line = '';
    let used = 0;
    for (const segment of graphemes(para)) {
      let piece = segment;
      let w = displayWidth(piece);
      if (w > max) {
        piece = glyphs().ellipsis;
        w = 1;
      }
      if (used + w > max) {
        lines.push(line);
        line = '';
        used = 0;
      }
      line += piece;
      used += w;
    }
    lines.push(line);
  }
  return lines;
}
