// Turning untrusted text into one bounded, printable line.
import { sanitize } from '../terminal/sanitize.js';
import { truncate } from '../terminal/width.js';

/** Longest summary kept: a table cell never needs more. */
export const MAX_SUMMARY_CELLS = 240;
/** Longest fact value kept: the full value stays readable in the tree. */
export const MAX_FACT_CELLS = 4000;

/** Sanitised, single-line, at most `cells` terminal cells. */
export function oneLine(value: string, cells: number): string {
  // Cut before sanitising so a huge string costs no more than a short one;
  // 4 UTF-16 units per cell is more than any grapheme the cut could need.
  const head = value.length > cells * 4 ? value.slice(0, cells * 4) : value;
  return truncate(sanitize(head), cells);
}

/** A quoted fragment for summaries, e.g. the message of a friend request. */
export function quoted(value: string | undefined): string | undefined {
  return value === undefined ? undefined : `"${value}"`;
}

/** Joins the parts that exist. */
export function joinParts(parts: readonly (string | undefined | false)[], separator = ', '): string {
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(separator);
}
