// Finding text in the detail: which of its lines (as drawn) hold the query, and where in a line.
// The detail is searched as laid out, up to SEARCH_MAX_LINES lines: a value is capped at
// VALUE_MAX_LINES already, but a JSON tree of a huge message streams on, and a search must answer
// within a keystroke's time.
import type { AnyRow } from '../api/pages.js';
import { VariantCache } from '../domain/caches.js';
import type { ListKind } from '../lists/names.js';
import { paneHead, type PaneLine, type PaneOwner } from './detailLines.js';
import { treeLineText } from './jsonTreeLines.js';

export const SEARCH_MAX_LINES = 5000;

/** Smart case: a query with a capital letter is matched as typed, otherwise without case. */
function folding(query: string): (text: string) => string {
  return query === query.toLowerCase() ? (text) => text.toLowerCase() : (text) => text;
}

/** The [start, end) ranges of `query` in `text`, left to right, not overlapping. */
export function matchRanges(text: string, query: string): [number, number][] {
  if (query === '') return [];
  const fold = folding(query);
  const haystack = fold(text);
  const needle = fold(query);
  // Lower-casing can change a string's length (İ); then ranges would not point into `text`.
  if (haystack.length !== text.length) return haystack.includes(needle) ? [[0, text.length]] : [];
  const ranges: [number, number][] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    ranges.push([at, at + needle.length]);
  }
  return ranges;
}

/**
 * The index of the text of each match of `query`, top to bottom: a text with three matches is
 * listed three times, so that `match 2/7` counts what is marked on screen, not lines.
 */
export function findMatches(texts: readonly string[], query: string): number[] {
  if (query === '') return [];
  const fold = folding(query);
  const needle = fold(query);
  const found: number[] = [];
  texts.forEach((text, i) => {
    if (!fold(text).includes(needle)) return;
    for (let n = matchRanges(text, query).length; n > 0; n--) found.push(i);
  });
  return found;
}

/** The parts of a pane line that are searched, each drawn as one piece (a field's label and value apart). */
export function searchedParts(line: PaneLine): string[] {
  switch (line.kind) {
    case 'field':
      return [line.label, line.text];
    case 'tree':
      return [treeLineText(line.line)];
    default:
      return [line.text];
  }
}

export interface DetailMatches {
  /** The line of each match of the query, top to bottom (a line as often as it matches). */
  lines: number[];
  /** Only the first SEARCH_MAX_LINES lines were searched. */
  capped: boolean;
}

/** Where a row's detail matches the search, by row (never copied: domain/caches.ts) and the query. */
const memo = new VariantCache<AnyRow, DetailMatches>('detail matches', 64);

/** The lines of a row's detail (at this pane width) that hold `query`. */
export function detailMatches(kind: ListKind, row: AnyRow, width: number, color: boolean, query: string, owner?: PaneOwner): DetailMatches {
  const key = `${kind}|${width}|${color}|${query}|${owner?.id ?? ''}|${owner?.name ?? ''}`;
  return memo.through(row, key, () => {
    const head = paneHead(kind, row, width, color, SEARCH_MAX_LINES, owner);
    // A part per line joined by a character no text holds, so that a match never spans two parts.
    const texts = head.lines.map((line) => searchedParts(line).join('\u0000'));
    return { lines: findMatches(texts, query.replaceAll('\u0000', '')), capped: !head.complete };
  });
}
