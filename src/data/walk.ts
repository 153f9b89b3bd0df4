// The one implementation of walking the pages of a list, for the scripting commands and the
// explorer's export: pages asked for in order, each handed over as soon as it arrives.
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
  /** Bound of a walk's rows (an estimated total's, and the most an exact total may announce); tests make it small. */
  maxRows?: number;
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
 * Requests in flight at most, once the walk knows the pages exist. With one, the server waited
 * while the client checked each reply and the client waited while the server made the next: a
 * 200,000-user walk took the sum of both sides' time. With two, each side works while the other
 * does, on separate connections (HTTP/1.1 has no pipelining that servers honour).
 */
const WALK_AHEAD = 2;

/**
 * Yields the pages in order; stops after the last page, on the first error, or when aborted, and
 * with a RunawayWalkError against a server whose pages never end (see walkGuard.ts).
 *
 * One request at a time until the walk knows more: its first two pages checked (a server that
 * ignores pageNumber is caught at the second, before anything is sent ahead) and the list's total
 * exact. Then up to WALK_AHEAD requests are in flight, never for a page beyond the total the first
 * page announced. A list whose total is an estimate (conversations) learns its end only from a
 * short page, so it is walked one request at a time: no request is ever sent past its end. Nor
 * past an exact list's announced end; a list that shrank while walked ends at its short page, and
 * what was sent ahead is cancelled.
 */
export async function* walkPages<T>(fetch: PageFetcher<T>, options: WalkOptions): AsyncGenerator<WalkedPage<T>> {
  if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError('page size must be at least 1');
  const guard = new WalkGuard(options.size, options.maxRows);
  // Cancels the requests sent ahead when the caller stops early (or fails) before taking them.
  const ahead = new AbortController();
  const onAbort = (): void => ahead.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const own: WalkOptions = { ...options, signal: ahead.signal };
  const first = Math.max(1, Math.floor(options.startPage));
  // The requests sent and their pages not yet taken, in page order.
  const sent: Promise<Page<T>>[] = [];
  let nextToSend = first;
  /** Sends requests up to `through` (a page number), keeping at most `depth` in flight. */
  const sendThrough = (through: number, depth: number): void => {
    while (sent.length < depth && nextToSend <= through) {
      const next = fetchPatiently(fetch, nextToSend++, own);
      // Its failure is seen when it is awaited, or not at all if the caller stops first.
      next.catch(() => undefined);
      sent.push(next);
    }
  };
  try {
    if (options.signal?.aborted) throw new AbortedError();
    sendThrough(first, 1);
    for (let page = first; ; page++) {
      const result = await sent.shift()!;
      // Without `all`, this page is the last one asked for.
      const lastPage = options.all ? guard.check(page, result) : page;
      const last = (lastPage !== undefined && page >= lastPage) || isLastPage(result, page, options.size);
      if (!last) {
        if (options.signal?.aborted) throw new AbortedError();
        const trusted = lastPage !== undefined && page > first;
        sendThrough(trusted ? lastPage : page + 1, trusted ? WALK_AHEAD : 1);
      }
      yield { page, result };
      if (last) return;
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    if (sent.length > 0) ahead.abort();
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
