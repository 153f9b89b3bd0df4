// The one implementation of walking the pages of a list, for the scripting commands and the
// explorer's export: one request at a time, each page handed over as soon as it arrives.
import { AbortedError } from '../api/errors.js';
import { abortableSleep, walkWaitFor } from '../api/rateLimit.js';
import type { PageFetcher } from '../api/pages.js';
import type { Page } from '../api/schemas.js';
import { isLastPage } from '../domain/paging.js';
import { WalkGuard } from './walkGuard.js';

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
 * Yields the pages in order; stops after the last page, on the first error, or when aborted, and
 * with a RunawayWalkError against a server whose pages never end (see walkGuard.ts).
 *
 * Still one request at a time, but the next one is sent as soon as a page has been checked and is
 * known not to be the last, before the page is handed over: while the caller encodes and writes
 * it, the server is already working on the next. (Serially, a 200,000-user walk spent a fifth of
 * its time with one side idle waiting for the other.) No request is ever sent past the end.
 */
export async function* walkPages<T>(fetch: PageFetcher<T>, options: WalkOptions): AsyncGenerator<WalkedPage<T>> {
  if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError('page size must be at least 1');
  const guard = new WalkGuard(options.size, options.maxEstimatedRows);
  // Cancels the request sent ahead when the caller stops early (or fails) before taking its page.
  const ahead = new AbortController();
  const onAbort = (): void => ahead.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const own: WalkOptions = { ...options, signal: ahead.signal };
  // True while a request has been sent and its page not yet taken.
  let sent = false;
  try {
    let page = Math.max(1, Math.floor(options.startPage));
    if (options.signal?.aborted) throw new AbortedError();
    let next = fetchPatiently(fetch, page, own);
    sent = true;
    for (;; page++) {
      const result = await next;
      sent = false;
      const { capped } = options.all ? guard.check(page, result) : { capped: true };
      const last = capped || isLastPage(result, page, options.size);
      if (!last) {
        if (options.signal?.aborted) throw new AbortedError();
        next = fetchPatiently(fetch, page + 1, own);
        sent = true;
        // Its failure is seen when it is awaited, or not at all if the caller stops first.
        next.catch(() => undefined);
      }
      yield { page, result };
      if (last) return;
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    if (sent) ahead.abort();
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
