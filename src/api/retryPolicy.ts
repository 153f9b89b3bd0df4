// When to ask again, in one place, for every caller: the explorer's requests (send.ts retries a
// network error or a 5xx; rateLimit.ts waits on a 429's Retry-After inside the deadline), a page
// walk (data/walk.ts waits on a 429 between pages) and the live view (data/liveRefresh.ts backs
// off and honours Retry-After between refreshes). The transport (transport.ts) never retries:
// it is one exchange. Pure: no clock, no timer; the callers wait.

export type WaitDecision = { wait: number } | { giveUp: 'no-retry-after' | 'beyond-cap' | 'too-many-waits' };

export interface RetryPolicy {
  /** Statuses worth another attempt of the same request: the server or a proxy failing, not refusing. */
  readonly retryStatuses: readonly number[];
  /** Delay before retry n (1-based) of a network error or 5xx inside one request. */
  backoffMs(attempt: number): number;
  /**
   * The longest Retry-After anyone waits for, or (the live view) the longest it is read as.
   * A minute: a limiter's own window is seconds, and a script or a walk that waits longer looks
   * hung, so it is better told; a proxy asking for hours is misconfigured, and asking once a
   * minute (the live view's longest back-off too) is still no hammering.
   */
  readonly maxRetryAfterMs: number;
  /** Waits on a 429 inside one request (one deadline) before giving up. */
  readonly maxWaitsPerRequest: number;
  /** Consecutive waits on a 429 for one page of a walk before giving up. */
  readonly maxWaitsPerPage: number;
  /** Whether to wait `retryAfterMs` and ask again, given the waits made and the time left (or Infinity). */
  retryAfterWait(retryAfterMs: number | undefined, waitsSoFar: number, maxWaits: number, remainingMs: number): WaitDecision;
  /** The live view's wait after `failures` failures in a row: doubling from the interval, capped, never under it. */
  liveBackoffMs(intervalMs: number, failures: number): number;
  /** The live view's wait on a Retry-After: as asked, at most the cap, never under the interval. */
  liveRetryAfterMs(intervalMs: number, retryAfterMs: number): number;
}

const MAX_RETRY_AFTER_MS = 60_000;
/** The live view's longest back-off on a failing server; the same minute as the Retry-After cap. */
const MAX_LIVE_BACKOFF_MS = 60_000;

export const RETRY_POLICY: RetryPolicy = {
  retryStatuses: [500, 502, 503, 504],
  // 250 ms, 500 ms, 1 s, 2 s, 2 s…: a restart or a dropped connection is over in a moment, and the
  // request's deadline (10 s by default) bounds the sum anyway.
  backoffMs: (attempt) => Math.min(2000, 250 * 2 ** (attempt - 1)),
  maxRetryAfterMs: MAX_RETRY_AFTER_MS,
  maxWaitsPerRequest: 3,
  maxWaitsPerPage: 5,
  retryAfterWait(retryAfterMs, waitsSoFar, maxWaits, remainingMs) {
    if (retryAfterMs === undefined) return { giveUp: 'no-retry-after' };
    if (waitsSoFar >= maxWaits) return { giveUp: 'too-many-waits' };
    // A wait that ends at the deadline leaves no time to ask again: give up at once, with the delay.
    if (retryAfterMs > MAX_RETRY_AFTER_MS || retryAfterMs >= remainingMs) return { giveUp: 'beyond-cap' };
    return { wait: retryAfterMs };
  },
  liveBackoffMs: (intervalMs, failures) => Math.max(intervalMs, Math.min(MAX_LIVE_BACKOFF_MS, intervalMs * 2 ** failures)),
  liveRetryAfterMs: (intervalMs, retryAfterMs) => Math.max(intervalMs, Math.min(MAX_RETRY_AFTER_MS, retryAfterMs)),
};
