// The one retry policy (src/api/retryPolicy.ts): its backoff, its one Retry-After cap and how each
// caller reads it. Time is injected (remainingMs, now, sleep): nothing here waits on a clock.
import { describe, expect, it } from 'vitest';
import { nextAttempt, RETRY_POLICY } from '../../src/api/retryPolicy.js';
import { walkWaitFor } from '../../src/api/rateLimit.js';

const CAP = RETRY_POLICY.maxRetryAfterMs;

describe('the retry policy', () => {
  it('backs off a network error or 5xx from 250 ms, doubling, at most 2 s', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => RETRY_POLICY.backoffMs(n))).toEqual([250, 500, 1000, 2000, 2000, 2000]);
    expect(RETRY_POLICY.retryStatuses).toEqual([500, 502, 503, 504]);
  });

  it('has one Retry-After cap, a minute, for every caller', () => {
    expect(CAP).toBe(60_000);
    expect(RETRY_POLICY.retryAfterWait(CAP, 0, 5, Infinity)).toEqual({ wait: CAP });
    expect(RETRY_POLICY.retryAfterWait(CAP + 1, 0, 5, Infinity)).toEqual({ giveUp: 'beyond-cap' });
    // The walk: the same cap.
    expect(walkWaitFor({ isRateLimited: true, retryAfterMs: CAP }, 0)).toBe(CAP);
    expect(walkWaitFor({ isRateLimited: true, retryAfterMs: CAP + 1 }, 0)).toBeUndefined();
    // The live view: a longer ask is read as the cap, never less than the interval.
    expect(RETRY_POLICY.liveRetryAfterMs(5_000, 3_600_000)).toBe(CAP);
    expect(RETRY_POLICY.liveRetryAfterMs(5_000, 30_000)).toBe(30_000);
    expect(RETRY_POLICY.liveRetryAfterMs(5_000, 1_000)).toBe(5_000);
    expect(RETRY_POLICY.liveRetryAfterMs(120_000, 30_000)).toBe(120_000);
  });

  it('waits inside a request only while the wait fits before its deadline, a bounded number of times', () => {
    expect(RETRY_POLICY.retryAfterWait(undefined, 0, 3, 10_000)).toEqual({ giveUp: 'no-retry-after' });
    expect(RETRY_POLICY.retryAfterWait(2_000, 0, 3, 10_000)).toEqual({ wait: 2_000 });
    expect(RETRY_POLICY.retryAfterWait(10_000, 0, 3, 10_000)).toEqual({ giveUp: 'beyond-cap' });
    expect(RETRY_POLICY.retryAfterWait(2_000, 3, 3, 10_000)).toEqual({ giveUp: 'too-many-waits' });
  });

  it('backs the live view off from its interval, doubling, at most a minute', () => {
    expect([1, 2, 3, 4].map((n) => RETRY_POLICY.liveBackoffMs(5_000, n))).toEqual([10_000, 20_000, 40_000, 60_000]);
    expect(RETRY_POLICY.liveBackoffMs(120_000, 1)).toBe(120_000);
  });

  it("after each failed attempt of a request: a 5xx or network error retried with the backoff, a 429 waited, each counted apart", () => {
    const status = (n: number, retryAfterMs?: number) => ({ kind: 'status' as const, status: n, retryAfterMs });
    const none = { retries: 0, waits: 0 };
    expect(nextAttempt(RETRY_POLICY, status(503), none, 10_000)).toEqual({ wait: 250, counts: 'retries' });
    expect(nextAttempt(RETRY_POLICY, { kind: 'network', retriable: true }, { retries: 1, waits: 3 }, 10_000)).toEqual({ wait: 500, counts: 'retries' });
    expect(nextAttempt(RETRY_POLICY, status(503), { retries: RETRY_POLICY.retries, waits: 0 }, 10_000)).toEqual({ giveUp: true });
    expect(nextAttempt(RETRY_POLICY, { kind: 'network', retriable: false }, none, 10_000)).toEqual({ giveUp: true });
    expect(nextAttempt(RETRY_POLICY, status(404), none, 10_000)).toEqual({ giveUp: true });
    // A 429: its Retry-After, under the cap and inside the deadline, a bounded number of times.
    expect(nextAttempt(RETRY_POLICY, status(429, 2_000), { retries: RETRY_POLICY.retries, waits: 0 }, 10_000)).toEqual({ wait: 2_000, counts: 'waits' });
    expect(nextAttempt(RETRY_POLICY, status(429, CAP), none, 10 * CAP)).toEqual({ wait: CAP, counts: 'waits' });
    expect(nextAttempt(RETRY_POLICY, status(429, CAP + 1000), none, 10 * CAP)).toEqual({ giveUp: true });
    expect(nextAttempt(RETRY_POLICY, status(429, 2_000), { retries: 0, waits: RETRY_POLICY.maxWaitsPerRequest }, 10_000)).toEqual({ giveUp: true });
    expect(nextAttempt(RETRY_POLICY, status(429), none, 10_000)).toEqual({ giveUp: true });
  });
});
