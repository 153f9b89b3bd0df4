// What the prompt bar draws, as pure functions of the line: the part of the text that fits with
// the cursor cell in it, and the candidates line with the current candidate picked out.
import type { PromptKind } from '../store/types.js';
import { glyphs } from '../terminal/glyphs.js';
import { idText, sanitize } from '../terminal/sanitize.js';
import { displayWidth, graphemeSegmenter, truncate } from '../terminal/width.js';


/** A character as drawn: what would be invisible or act on the terminal shows as the replacement mark. */
function shown(grapheme: string): string {
  const safe = sanitize(grapheme);
  return safe === grapheme && displayWidth(safe) > 0 ? safe : glyphs().replacement;
}

export interface LineCells {
  /** Before the cursor, the cursor's cell (a space at the end of the line), after it. */
  before: string;
  at: string;
  after: string;
}

/**
 * The text around the cursor that fits in `room` cells. A line longer than that scrolls so the
 * cursor stays in view; an ellipsis at either side says there is more.
 */
export function lineCells(text: string, cursor: number, room: number): LineCells {
  // Every cell shown is at least one code unit: a window around the cursor is all that can show,
  // so a 4,096-character line costs no more than a short one.
  const span = 8 * Math.max(1, room) + 8;
  const lo = Math.max(0, cursor - span);
  const hi = Math.min(text.length, cursor + span);
  const cells = Array.from(graphemeSegmenter().segment(text.slice(lo, hi)), (s) => ({ index: lo + s.index, text: shown(s.segment) }));
  // The window's edges may cut a character in two: those halves are never shown.
  if (lo > 0) cells.shift();
  if (hi < text.length) cells.pop();
  const found = cells.findIndex((c) => c.index >= cursor);
  // The cell after the end, where typing goes; or, when the window cut inside one huge
  // character, a mark for the cursor to sit on.
  if (hi === text.length) cells.push({ index: text.length, text: ' ' });
  else if (found === -1) cells.push({ index: cursor, text: glyphs().replacement });
  const at = found === -1 ? cells.length - 1 : found;
  const last = hi === text.length ? cells.length - 1 : cells.length; // cells before `last` are text
  const sums = [0];
  for (const c of cells) sums.push(sums[sums.length - 1]! + displayWidth(c.text));
  const width = (from: number, to: number): number => sums[to]! - sums[from]!;
  const cutLeft = (from: number): boolean => from > 0 || lo > 0;
  const cutRight = (to: number): boolean => to < last;
  const fits = (from: number, to: number): boolean => width(from, to) + (cutLeft(from) ? 1 : 0) + (cutRight(to) ? 1 : 0) <= room;
  let start = 0;
  while (start < at && !fits(start, at + 1)) start++;
  let end = at + 1;
  while (end < cells.length && fits(start, end + 1)) end++;
  const ellipsis = glyphs().ellipsis;
  const join = (from: number, to: number): string => cells.slice(from, to).map((c) => c.text).join('');
  return {
    before: (cutLeft(start) ? ellipsis : '') + join(start, at),
    at: cells[at]!.text,
    after: join(at + 1, Math.min(end, last)) + (cutRight(end) ? ellipsis : ''),
  };
}

/** What a candidate is called in the list: for commands and ID lists, the word being completed. */
export function candidateLabels(kind: PromptKind, candidates: readonly string[]): string[] {
  // The user picker offers IDs: drawn so that none looks like another (idText).
  if (kind === 'user') return candidates.map((c) => idText(c));
  if (kind !== 'command' && kind !== 'ids') return candidates.map((c) => sanitize(c));
  let prefix = candidates[0] ?? '';
  for (const c of candidates) while (!c.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const head = prefix.search(/[^\s,]*$/);
  // An ID keeps an NBSP at its end (trim() would take it, and draw another user's ID).
  return candidates.map((c) => (kind === 'ids' ? idText(c.slice(head).replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '')) : sanitize(c.slice(head).trim())));
}

export interface CandidateCells {
  before: string;
  current: string;
  after: string;
}

/** The candidates in one line of `width` cells, scrolled so that the current one shows. */
export function candidateCells(labels: readonly string[], current: number, width: number): CandidateCells {
  const gap = '  ';
  if (current < 0 || current >= labels.length) return { before: '', current: '', after: truncate(labels.join(gap), width) };
  let first = 0;
  const upTo = (from: number): string => labels.slice(from, current).map((l) => l + gap).join('');
  const lead = (from: number): string => (from > 0 ? glyphs().ellipsis + ' ' : '');
  while (first < current && displayWidth(lead(first) + upTo(first) + labels[current]!) > width) first++;
  const before = truncate(lead(first) + upTo(first), width);
  const currentText = truncate(labels[current]!, Math.max(0, width - displayWidth(before)));
  const rest = labels.slice(current + 1).map((l) => gap + l).join('');
  return { before, current: currentText, after: truncate(rest, Math.max(0, width - displayWidth(before) - displayWidth(currentText))) };
}
