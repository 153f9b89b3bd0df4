// The one implementation of walking the pages of a list, for the scripting commands and the
// explorer's export: one request at a time, each page handed over as soon as it arrives.
import type { OpenIMClient } from '../api/client.js';
import { AbortedError } from '../api/errors.js';
import { abortableSleep, walkWaitFor } from '../api/rateLimit.js';
import type { Page } from '../api/schemas.js';
import { fetchPage } from '../store/fetchers.js';
import type { AnyRow, ListKind, ListQuery } from '../store/types.js';

export type PageFetcher<T> = (page: number, size: number, signal?: AbortSignal) => Promise<Page<T>>;

export interface WalkOptions {
  /** First page, 1-based. */
  startPage: number;
  /** Rows per request, at least 1. */
  size: number;
  /** Every page from startPage on; otherwise only startPage. */
  all: boolean;
  signal?: AbortSignal;
  /** Told before each wait on a rate-limiting server, e.g. to say so on stderr. */
  onRateLimitWait?: (wait: { page: number; waitMs: number }) => void;
  /** For tests: how to wait (default: a timer that the signal cancels). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
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

/** Yields the pages in order; stops after the last page, on the first error, or when aborted. */
export async function* walkPages<T>(fetch: PageFetcher<T>, options: WalkOptions): AsyncGenerator<WalkedPage<T>> {
  if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError('page size must be at least 1');
  for (let page = Math.max(1, Math.floor(options.startPage)); ; page++) {
    if (options.signal?.aborted) throw new AbortedError();
    const result = await fetchPatiently(fetch, page, options);
    yield { page, result };
    if (!options.all || isLastPage(result, page, options.size)) return;
  }
}

/** One page; a rate-limiting server that says how long to wait is waited for (bounded, rateLimit.ts). */
async function fetchPatiently<T>(fetch: PageFetcher<T>, page: number, options: WalkOptions): Promise<Page<T>> {
  for (let waits = 0; ; waits++) {
    try {
      return await fetch(page, options.size, options.signal);
    } catch (error) {
      const waitMs = walkWaitFor(error, waits);
      if (waitMs === undefined || options.signal?.aborted) throw error;
      options.onRateLimitWait?.({ page, waitMs });
      try {
        await (options.sleep ?? abortableSleep)(waitMs, options.signal);
      } catch {
        throw new AbortedError();
      }
    }
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
