// Column arithmetic in terminal cells, not UTF-16 code units: CJK and most emoji take two cells.
// Each grapheme counts as many cells as the widest common terminal draws it (cellWidth.ts), which
// is never less than what string-width (Ink's own measure) says: a line fitted here is never cut
// or wrapped by Ink, and the bundle's Ink places each grapheme at this width too
// (scripts/ink-patches.mjs). All functions expect sanitised text (no controls, no escapes).
import { graphemeWidth } from './cellWidth.js';
import { glyphs } from './glyphs.js';
import { mayJoin } from './graphemeJoins.js';

// Made on first use: the first segmenter costs ICU's grapheme rules (tens of ms on a busy machine),
// which a command that prints no table must not pay.
let segmenterInstance: Intl.Segmenter | undefined;
/** The app's one grapheme segmenter, made on first use (the prompt's editor and view use it too). */
export const graphemeSegmenter = (): Intl.Segmenter => (segmenterInstance ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }));
const PLAIN_ASCII = /^[\u0020-\u007e]*$/;


// V8's grapheme segmenter is quadratic in the length of the string it walks (100k characters:
// over a second; 75k of mixed CJK and emoji: five), and string-width walks one too. Long strings
// are therefore walked in windows of about this many UTF-16 units.
const WINDOW = 1024;

function* segmentsOf(window: string): Generator<{ segment: string; index: number }> {
  if (mayJoin(window)) {
    yield* graphemeSegmenter().segment(window);
    return;
  }
  let index = 0;
  for (const segment of window) {
    yield { segment, index };
    index += segment.length;
  }
}

/**
 * The graphemes of `s`, in linear time. Each window is segmented alone; its last segment may be
 * cut by the window's end, so it is segmented again at the start of the next window. Grapheme
 * breaks depend only on what precedes them (and the next character), so every other break found
 * in a window is a break of the whole string. A window with a single segment grows until it
 * holds two, or reaches the end.
 */
export function* graphemes(s: string): Generator<string> {
  let start = 0;
  let size = WINDOW;
  while (start < s.length) {
    const end = Math.min(s.length, start + size);
    const window = start === 0 && end === s.length ? s : s.slice(start, end);
    if (end === s.length) {
      for (const { segment } of segmentsOf(window)) yield segment;
      return;
    }
    let last = 0;
    let count = 0;
    let previous: string | undefined;
    for (const { segment, index } of segmentsOf(window)) {
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

/** Cells of one code point that is a grapheme on its own, at `i` of `s`, and its UTF-16 length. */
function codePointAt(s: string, i: number): { width: number; length: number } {
  const code = s.charCodeAt(i);
  if (code >= 0x20 && code < 0x7f) return ONE_ASCII;
  const length = code >= 0xd800 && code <= 0xdbff && i + 1 < s.length ? 2 : 1;
  return { width: graphemeWidth(length === 1 ? s[i]! : s.slice(i, i + 2)), length };
}
const ONE_ASCII = { width: 1, length: 1 };

/** Number of terminal cells a (sanitised) string occupies. */
export function displayWidth(s: string): number {
  // Fast path: printable ASCII is one cell per character.
  if (PLAIN_ASCII.test(s)) return s.length;
  // Nothing that joins (a name in CJK, Cyrillic, most emoji): each code point is a grapheme, added
  // up without the segmenting generator (a third of a never-seen page's table, profiled).
  if (!mayJoin(s)) {
    let cellsUsed = 0;
    for (let i = 0; i < s.length; ) {
      const cp = codePointAt(s, i);
      cellsUsed += cp.width;
      i += cp.length;
    }
    return cellsUsed;
  }
  let width = 0;
  for (const g of graphemes(s)) width += graphemeWidth(g);
  return width;
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
  // Nothing that joins in the head that can hold `room` cells (and the code point after): each
  // code point is a grapheme. Checked on the head only, so a long value still costs O(room).
  const head = s.length <= 2 * room + 2 ? s : s.slice(0, 2 * room + 2);
  if (!mayJoin(head)) {
    let used = 0;
    for (let i = 0; i < head.length; ) {
      const cp = codePointAt(head, i);
      // The code point after this one is outside the head: whether it joins is not known.
      if (i + cp.length >= head.length && head.length < s.length) break;
      if (used + cp.width > room) return { text: s.slice(0, i), used, cut: true };
      used += cp.width;
      i += cp.length;
    }
    if (head.length === s.length) return { text: s, used, cut: false };
  }
  let text = '';
  let used = 0;
  for (const segment of graphemes(s)) {
    const w = graphemeWidth(segment);
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
 * start a new line). A grapheme wider than the whole line is broken between its code points
 * (as terminals that add up code points draw it anyway); a code point wider than the line
 * becomes '…' rather than overflow. With `words`, see wrapFrom.
 */
export function wrap(s: string, width: number, options: WrapOptions = {}): string[] {
  return wrapFrom(s, width, 0, Number.POSITIVE_INFINITY, options).lines;
}

export interface WrapOptions {
  /**
   * Break at word boundaries: after the last space or punctuation that fits (a space at the
   * break is dropped), hard-breaking only a word longer than the line. `'spaces'`: at spaces only,
   * for prose, where `100,000` or `[-]FIELD` must stay whole (help).
   */
  words?: boolean | 'spaces';
}

export interface WrapStep {
  lines: string[];
  /** Where the line after the last one returned starts in the string; -1 when there is none. */
  next: number;
}

/** Characters a line may end after, besides a space (which is dropped at the break). */
const BREAK_AFTER = new Set(['-', '/', ',', '.', ';', ':', '&', '?', '=', ')', ']', '}', '|', '!']);

/** Where a plain-ASCII line that must end before `cut` ends, and where the next one starts. */
function asciiBreak(para: string, pos: number, cut: number, punctuation: boolean): { end: number; resume: number } {
  if (para[cut] === ' ') return { end: cut, resume: cut + 1 };
  for (let i = cut - 1; i >= pos; i--) {
    const c = para[i]!;
    if (c === ' ' && i > pos) return { end: i, resume: i + 1 };
    if (punctuation && BREAK_AFTER.has(c)) return { end: i + 1, resume: i + 1 };
  }
  return { end: cut, resume: cut };
}

/**
 * Up to `maxLines` lines of `wrap(s, width, options)`, starting at `from`, which must be 0 or a
 * `next` of an earlier step with the same options. Walks only as far as the lines it returns: a
 * window of a 4 MB value costs what the window holds. Each line depends only on where it starts,
 * so a window resumed from `next` is the same as the whole layout's lines.
 */
export function wrapFrom(s: string, width: number, from: number, maxLines: number, options: WrapOptions = {}): WrapStep {
  const max = cells(width);
  if (max === 0) return { lines: [''], next: -1 };
  const words = options.words === true || options.words === 'spaces';
  const punctuation = options.words === true;
  const lines: string[] = [];
  let at = from;
  while (lines.length < maxLines) {
    const newline = s.indexOf('\n', at);
    const end = newline === -1 ? s.length : newline;
    const para = s.slice(at, end);
    if (PLAIN_ASCII.test(para)) {
      // One cell a character: no segmenting.
      let pos = 0;
      let ended = false;
      while (para.length - pos > max) {
        const cut = words ? asciiBreak(para, pos, pos + max, punctuation) : { end: pos + max, resume: pos + max };
        lines.push(para.slice(pos, cut.end));
        pos = cut.resume;
        if (pos >= para.length) {
          ended = true; // a dropped space ended the paragraph
          break;
        }
        if (lines.length >= maxLines) return { lines, next: at + pos };
      }
      if (!ended) lines.push(para.slice(pos));
      if (newline === -1) return { lines, next: -1 };
      at = newline + 1;
      continue;
    }
    let line = '';
    let used = 0;
    let pos = at;
    /** The last place the line may end: keep `keep` units, the next line starts at `rest` (source `src`). */
    let brk: { keep: number; rest: number; restCells: number; src: number } | null = null;
    let dropped = false;
    const paraDone = (): WrapStep => ({ lines, next: newline === -1 ? -1 : newline + 1 });
    /** Adds a piece to the line; a WrapStep when the lines asked for are all there. */
    const place = (piece: string, width: number, length: number): WrapStep | null => {
      const space = words && piece === ' ';
      if (used + width > max) {
        if (space) {
          lines.push(line);
          line = '';
          used = 0;
          brk = null;
          pos += length;
          dropped = true;
          if (lines.length >= maxLines) return pos >= end ? paraDone() : { lines, next: pos };
          return null;
        }
        if (words && brk) {
          const b: { keep: number; rest: number; restCells: number; src: number } = brk;
          lines.push(line.slice(0, b.keep));
          if (lines.length >= maxLines) return { lines, next: b.src };
          line = line.slice(b.rest);
          used -= b.restCells;
          brk = null;
        }
        if (used + width > max) {
          lines.push(line);
          if (lines.length >= maxLines) return { lines, next: pos };
          line = '';
          used = 0;
        }
      }
      dropped = false;
      if (space && line !== '') brk = { keep: line.length, rest: line.length + length, restCells: used + width, src: pos + length };
      line += piece;
      used += width;
      pos += length;
      if (punctuation && BREAK_AFTER.has(piece)) brk = { keep: line.length, rest: line.length, restCells: used, src: pos };
      return null;
    };
    for (const segment of graphemes(para)) {
      const w = graphemeWidth(segment);
      const pieces: [string, number, number][] = w <= max ? [[segment, w, segment.length]] : fittedPieces(segment, max);
      for (const [piece, cells, length] of pieces) {
        const done = place(piece, cells, length);
        if (done) return done;
      }
    }
    if (!dropped) lines.push(line);
    if (newline === -1) return { lines, next: -1 };
    at = newline + 1;
  }
  return { lines, next: at };
}

/** A grapheme as pieces of at most `max` cells each: [shown, cells, UTF-16 units of the source]. */
function fittedPieces(segment: string, max: number): [string, number, number][] {
  const pieces: [string, number][] = [];
  let piece = '';
  let used = 0;
  for (const char of segment) {
    const joined = graphemeWidth(piece + char);
    if (piece !== '' && joined > max) {
      pieces.push([piece, used]);
      piece = char;
      used = graphemeWidth(char);
    } else {
      piece += char;
      used = joined;
    }
  }
  if (piece !== '') pieces.push([piece, used]);
  // A single code point wider than the line: a mark of one cell stands for it.
  return pieces.map(([text, width]) => (width > max ? [glyphs().ellipsis, 1, text.length] : [text, width, text.length]));
}

/**
 * Cuts the middle out of a string so that it fits in `width` cells, keeping its start and its
 * end: in "wrote ./openim-users-20250131-100000.json (5,000 rows)" the end says the most.
 */
export function shortenMiddle(s: string, width: number, ellipsis = glyphs().ellipsis): string {
  const max = cells(width);
  if (displayWidth(s) <= max) return s;
  const room = max - displayWidth(ellipsis);
  if (room < 2) return truncate(s, max, ellipsis);
  const parts = [...graphemes(s)];
  let tail = '';
  let used = 0;
  for (let i = parts.length - 1; i >= 0; i--) {
    const w = displayWidth(parts[i]!);
    if (used + w > Math.floor(room / 2)) break;
    tail = parts[i]! + tail;
    used += w;
  }
  return prefixWithin(s, room - used).text + ellipsis + tail;
}

/**
 * Display width of `s`, but counting no further than `limit`: a layout that has only `limit`
 * cells to give need not measure the rest of a 100k-character value. Returns at most limit + 1.
 */
export function widthUpTo(s: string, limit: number): number {
  const max = cells(limit);
  if (PLAIN_ASCII.test(s)) return Math.min(s.length, max + 1);
  const within = prefixWithin(s, max);
  return within.cut ? max + 1 : within.used;
}
