// The status line's words and where they go: the paging label describes the rows on screen
// (the page loaded, not the one asked for), and a message that does not fit beside it takes the
// line below (the key hints' line) until the operator acts. A message too long even there is cut
// at its end: its head says what happened and, in this app's messages, what to do (a middle cut
// once left `no column shows bogus here (fields: user…Time, …)`); the whole of it is in the log.
import { formatClock, formatCount } from '../content/format.js';
import { pageCount, type PagePosition } from '../domain/paging.js';
import { shownRows, type PageSort } from '../domain/pageSort.js';
import type { AnyRow } from '../api/pages.js';
import type { AnyQuery, RowsSeen } from '../lists/types.js';
import type { ListKind } from '../lists/names.js';
import { listDef } from '../lists/registry.js';
import { glyphs } from '../terminal/glyphs.js';
import { displayText } from '../terminal/settle.js';
import { displayWidth, truncate } from '../terminal/width.js';

export interface PagingList extends PagePosition {
  loadedPage: number | null;
  loadedSize?: number | undefined;
  loading: boolean;
  /** How far a load of many requests got (store/types.ts ListState). */
  progress?: string | undefined;
  rows: readonly AnyRow[];
  filter: string;
  cursor: number;
  kind: ListKind;
  query: AnyQuery;
  sort?: PageSort | undefined;
  /** The live view's last change on this page (store/types.ts ListChanges). */
  changes?: { summary: string } | undefined;
  /** When a page from the cache came from the server. */
  cachedAt?: number | undefined;
}

/** A page from the cache older than this says its age (`as of 10:02`): the figures around it may be newer. */
export const STALE_PAGE_MS = 60_000;

/**
 * "page 3 of 120 · row 7/50 · 2,391 total · 50/page": the page whose rows are on screen; the
 * cursor's row when the page is taller than the table (`rowsShown`); what is loading.
 */
export function pagingText(list: PagingList, rowsShown: number, now = Date.now()): string {
  const sep = ` ${glyphs().separator} `;
  // A walk's words stand alone: the rows on screen are the list before it, and 80 columns hold little more.
  if (list.loading && list.progress) return list.progress;
  const loading = list.loading && list.page !== list.loadedPage ? `loading page ${formatCount(list.page)}` : list.loading ? 'loading' : '';
  if (list.loadedPage === null) return loading || `page ${formatCount(list.page)}`;
  // Everything about the rows on screen, not about the page being loaded.
  const size = list.loadedSize ?? list.size;
  const shown = { ...list, page: list.loadedPage, size };
  const exact = list.totalExact || list.knownLastPage !== undefined;
  const parts = [`page ${formatCount(list.loadedPage)} of ${exact ? '' : glyphs().atLeast}${formatCount(pageCount(shown))}`];
  const count = shownRows(list).length;
  if (count > rowsShown) parts.push(`row ${formatCount(list.cursor + 1)}/${formatCount(count)}`);
  const totalWords = listDef(list.kind).totalWords ?? ((total: number) => `~${formatCount(total)}`);
  parts.push(list.totalExact ? `${formatCount(list.total)} total` : totalWords(list.total, rowsSeen(list, size)), `${size}/page`);
  if (list.filter) parts.push(`filter "${displayText(list.filter)}": ${count} of ${list.rows.length}`);
  // Only this page is in this order: the server's order is the list's (the next page is its next rows).
  if (list.sort) parts.push(`sorted by ${list.sort.field} ${sortArrow(list.sort.desc)}, this page only`);
  const narrowedBy = listDef(list.kind).query.label(list.query);
  if (narrowedBy) parts.push(narrowedBy);
  // The live view's last change: rows that left the page are counted here, having no row to mark.
  if (list.changes) parts.push(list.changes.summary);
  if (list.cachedAt !== undefined && now - list.cachedAt >= STALE_PAGE_MS) parts.push(`as of ${formatClock(list.cachedAt)}`);
  if (loading) parts.push(loading);
  return parts.join(sep);
}

/** The rows the operator has seen the list hold, beside a count the server does not promise (lists/types.ts RowsSeen). */
function rowsSeen(list: PagingList, size: number): RowsSeen {
  const loaded = list.loadedPage ?? 1;
  const through = (loaded - 1) * size + list.rows.length;
  const last = list.knownLastPage;
  // A known last page after this one has a row at least (an empty page is never kept as the last).
  const beforeLast = last !== undefined && last > loaded ? (last - 1) * size + 1 : 0;
  return { lastPageKnown: last !== undefined, atLeast: Math.max(through, beforeLast), whole: last === loaded ? through : undefined };
}

/** The direction of a sort, as the status line and the column's header mark it. */
export function sortArrow(desc: boolean): string {
  const arrows = glyphs().keys.up === '↑';
  return desc ? (arrows ? '↓' : 'v') : arrows ? '↑' : '^';
}

/** Cells between the paging label and a message on the same line. */
export const MESSAGE_GAP = 3;

export interface StatusLayout {
  /** The paging line, at most `width` cells. */
  status: string;
  /** The message beside it, or ''. */
  inline: string;
  /** The message on its own line, in place of the key hints, or ''. */
  own: string;
}

/**
 * `lead`: cells taken before the paging label on its line (the spinner). `lineBelow`: whether the
 * key hints' line can be taken (not while the prompt is drawn there: the message is cut beside
 * the label instead).
 */
export function statusLayout(paging: string, message: string, width: number, lead = 0, lineBelow = true): StatusLayout {
  const full = Math.max(0, Math.floor(width));
  const room = Math.max(0, full - lead);
  if (!message) return { status: truncate(paging, room), inline: '', own: '' };
  if (displayWidth(paging) + MESSAGE_GAP + displayWidth(message) <= room) return { status: paging, inline: message, own: '' };
  if (!lineBelow) {
    const status = truncate(paging, room);
    const left = room - displayWidth(status) - MESSAGE_GAP;
    return { status, inline: left > 0 ? truncate(message, left) : '', own: '' };
  }
  return { status: truncate(paging, room), inline: '', own: truncate(message, full) };
}
