// What the prompt bar draws, as pure functions of the line: the part of the text that fits with
// the cursor cell in it, and the candidates line with the current candidate picked out.
import type { PromptKind } from '../store/types.js';
import { glyphs } from '../terminal/glyphs.js';
import { sanitize } from '../terminal/sanitize.js';
import { displayWidth, truncate } from '../terminal/width.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

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
  const cells = Array.from(segmenter.segment(text), (s) => ({ index: s.index, text: shown(s.segment) }));
  const found = cells.findIndex((c) => c.index >= cursor);
  const at = found === -1 ? cells.length : found;
  cells.push({ index: text.length, text: ' ' }); // the cell after the end, where typing goes
  const last = cells.length - 1;
  const width = (from: number, to: number): number => cells.slice(from, to).reduce((w, c) => w + displayWidth(c.text), 0);
  // Cells [from, to) with an ellipsis for what is cut on either side (the end cell is no text).
  const fits = (from: number, to: number): boolean => width(from, to) + (from > 0 ? 1 : 0) + (to < last ? 1 : 0) <= room;
  let start = 0;
  while (start < at && !fits(start, at + 1)) start++;
  let end = at + 1;
  while (end <= last && fits(start, end + 1)) end++;
  const ellipsis = glyphs().ellipsis;
  const join = (from: number, to: number): string => cells.slice(from, to).map((c) => c.text).join('');
  return {
    before: (start > 0 ? ellipsis : '') + join(start, at),
    at: cells[at]!.text,
    after: join(at + 1, Math.min(end, last)) + (end < last ? ellipsis : ''),
  };
}

/** What a candidate is called in the list: for commands and ID lists, the word being completed. */
export function candidateLabels(kind: PromptKind, candidates: readonly string[]): string[] {
  if (kind !== 'command' && kind !== 'conversations') return candidates.map((c) => sanitize(c));
  let prefix = candidates[0] ?? '';
  for (const c of candidates) while (!c.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const head = prefix.search(/[^\s,]*$/);
  return candidates.map((c) => sanitize(c.slice(head).trim()));
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
