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
 */
export async function* walkPages<T>(fetch: PageFetcher<T>, options: WalkOptions): AsyncGenerator<WalkedPage<T>> {
  if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError('page size must be at least 1');
  const guard = new WalkGuard(options.size, options.maxEstimatedRows);
  for (let page = Math.max(1, Math.floor(options.startPage)); ; page++) {
    if (options.signal?.aborted) throw new AbortedError();
    const result = await fetchPatiently(fetch, page, options);
    const { capped } = options.all ? guard.check(page, result) : { capped: true };
    yield { page, result };
    if (capped || isLastPage(result, page, options.size)) return;
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
