// The one implementation of walking the pages of a list, for the scripting commands and the
// explorer's export: one request at a time, each page handed over as soon as it arrives.
import type { OpenIMClient } from '../api/client.js';
import { AbortedError } from '../api/errors.js';
import type { Page } from '../api/schemas.js';
import { fetchPage } from '../store/fetchers.js';
import type { AnyRow, ListKind, ListQuery } from '../store/types.js';
import { WalkGuard } from './walkGuard.js';

export type PageFetcher<T> = (page: number, size: number, signal?: AbortSignal) => Promise<Page<T>>;

export interface WalkOptions {
  /** First page, 1-based. */
  startPage: number;
  /** Rows per request, at least 1. */
  size: number;
  /** Every page from startPage on; otherwise only startPage. */
  all: boolean;
  signal?: AbortSignal;
  /** Bound of a walk whose total is an estimate; tests make it small. */
  maxEstimatedRows?: number;
}

export interface WalkedPage<T> {
  page: number;
  result: Page<T>;
}

/**
 * Whether `result` (page `page` of `size` rows) is the last page. A short page always ends the
 * list; an exact total ends it without a last, empty request. Conversations' total is an
 * estimate (conversationTotal counts only conversations with a message): only a short page
 * tells where they end.
 */
export function isLastPage(result: Page<unknown>, page: number, size: number): boolean {
  if (result.rows.length < size) return true;
  return result.totalExact && page * size >= result.total;
}

/**
 * Yields the pages in order; stops after the last page, on the first error, or when aborted, and
 * with a RunawayWalkError against a server whose pages never end (see walkGuard.ts).
 */
export async function* walkPages<T>(fetch: PageFetcher<T>, options: WalkOptions): AsyncGenerator<WalkedPage<T>> {
  if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError('page size must be at least 1');
  const guard = new WalkGuard(options.size, options.maxEstimatedRows);
  for (let page = Math.max(1, Math.floor(options.startPage)); ; page++) {
    if (options.signal?.aborted) throw new AbortedError();
    const result = await fetch(page, options.size, options.signal);
    const { capped } = options.all ? guard.check(page, result) : { capped: true };
    yield { page, result };
    if (capped || isLastPage(result, page, options.size)) return;
  }
}

/** What to list, as the explorer's lists and the scripting commands both describe it. */
export interface ListSpec {
  kind: ListKind;
  userID?: string;
  query: ListQuery;
}

/** The page fetcher of a list: the same operations the explorer's store uses. */
export function listFetcher(client: OpenIMClient, spec: ListSpec): PageFetcher<AnyRow> {
  return (page, size, signal) =>
    fetchPage(
      client,
      { kind: spec.kind, ...(spec.userID !== undefined ? { userID: spec.userID } : {}), page, size, query: spec.query },
      signal ?? new AbortController().signal,
    );
}
