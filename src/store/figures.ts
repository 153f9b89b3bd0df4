// One source for each figure on a user screen: the summary line's totals (conversations with
// messages, unread, blacklisted, sent applications) and the list's own (the breadcrumb's unread,
// the status line's total) come from separate requests, so without this they drift apart as soon
// as the server changes (a live refresh showed 135 unread beside a summary of 136). Every page
// of a user's list that arrives from the server carries the same figures: it updates the summary,
// so both say what the newest reply says.
import type { ListKind } from '../lists/names.js';
import type { AnyQuery } from '../lists/types.js';
import { isUserTab } from '../lists/names.js';
import { summaryPart } from '../lists/registry.js';
import type { PageFigures } from '../lists/types.js';
import type { TabFigures } from './types.js';

/** Whether the summary's own answer to a request sent at `sentAt` is older than what a page put there. */
export function olderThanShown(part: { state: string; at?: number } | undefined, sentAt: number): boolean {
  return part?.state === 'ok' && part.at !== undefined && part.at >= sentAt;
}

/** The summary's figure a page of this list vouches for, if any (the list's `userSummary.count`); `at` when it arrived. */
export function summaryFromPage(
  kind: ListKind,
  query: AnyQuery,
  page: PageFigures,
  at?: number,
  shown?: { before: TabFigures[keyof TabFigures] | undefined; page: number; size: number },
): Partial<TabFigures> | undefined {
  if (!isUserTab(kind)) return undefined;
  const part = summaryPart(kind);
  const counted = part.count(page, query);
  if (counted === undefined) return undefined;
  // A figure that adds up over the pages read (the read faults) merges into the one shown.
  const before = shown?.before?.state === 'ok' ? shown.before.value : undefined;
  const figure = part.merge && shown ? part.merge(before, counted, shown) : counted;
  // The figure is the one this kind's part counts: the key and the value come from the same list.
  return { [kind]: { state: 'ok', value: figure, ...(at === undefined ? {} : { at }) } } as Partial<TabFigures>;
}
