// When to ask again, in one place, for every caller: one request (send.ts's one loop asks
// nextAttempt after each attempt: a network error or a 5xx is retried after a backoff, a 429
// waited for as its Retry-After says, inside the deadline), a page walk (data/walk.ts waits on a
// 429 between pages) and the live view (data/liveRefresh.ts backs off and honours Retry-After
// between refreshes). The transport (transport.ts) never retries: it is one exchange. Pure: no
// clock, no timer; the callers wait.

export type WaitDecision = { wait: number } | { giveUp: 'no-retry-after' | 'beyond-cap' | 'too-many-waits' };

export interface RetryPolicy {
  /** Extra attempts of one request after a network error or a retryStatuses reply (429 waits apart). */
  readonly retries: number;
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

// Also the live view's longest back-off on a failing server: one minute for both, so that a server
// that rate-limits and one that fails are never asked less often than once a minute.
const MAX_RETRY_AFTER_MS = 60_000;

export const RETRY_POLICY: RetryPolicy = {
  retries: 2,
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
  liveBackoffMs: (intervalMs, failures) => Math.max(intervalMs, Math.min(MAX_RETRY_AFTER_MS, intervalMs * 2 ** failures)),
  liveRetryAfterMs: (intervalMs, retryAfterMs) => Math.max(intervalMs, Math.min(MAX_RETRY_AFTER_MS, retryAfterMs)),
};

/** How an attempt of one request ended, as far as asking again goes. */
export type AttemptOutcome =
  | { kind: 'network'; retriable: boolean }
  | { kind: 'status'; status: number; retryAfterMs: number | undefined };

/** The retries (network, 5xx) and the waits (429) one request has made so far. */
export interface AttemptTally {
  retries: number;
  waits: number;
}

export type NextAttempt = { wait: number; counts: keyof AttemptTally } | { giveUp: true };

/**
 * After a failed attempt of one request: how long to wait before the next, and what it counts
 * as, or give up. A 429 is waited for only as its Retry-After says (retryAfterWait); a network
 * error or a retryStatuses reply is retried after the backoff, `policy.retries` times.
 */
export function nextAttempt(policy: RetryPolicy, outcome: AttemptOutcome, tally: AttemptTally, remainingMs: number): NextAttempt {
  if (outcome.kind === 'status' && outcome.status === RATE_LIMIT_CODE) {
    const decision = policy.retryAfterWait(outcome.retryAfterMs, tally.waits, policy.maxWaitsPerRequest, remainingMs);
    return 'wait' in decision ? { wait: decision.wait, counts: 'waits' } : { giveUp: true };
  }
  const worthIt = outcome.kind === 'network' ? outcome.retriable : policy.retryStatuses.includes(outcome.status);
  if (!worthIt || tally.retries >= policy.retries) return { giveUp: true };
  return { wait: policy.backoffMs(tally.retries + 1), counts: 'retries' };
}

/**
 * Too Many Requests: the HTTP status, and the errCode of the envelope OpenIM's limiter answers
 * with (contract §5.5, §10); a proxy in front of the server may answer the status too.
 */
export const RATE_LIMIT_CODE = 429;
