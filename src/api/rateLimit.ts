// Reading a rate limit. OpenIM's main branch has an optional limiter that answers HTTP 429 with an
// envelope whose errCode is 429 and a Retry-After header (contract §5.5, §10); a proxy in front of
// the server may answer 429 too. Either is "the server is rate-limiting", never a protocol error.
// A request waits for it (send.ts, by retryPolicy.ts's nextAttempt) only when the server says how
// long and the wait fits in what is left of the request's deadline and under the one Retry-After
// cap: a longer Retry-After fails at once with the rate-limit message (carrying the delay), so
// that nothing hangs past the deadline the operator chose. The --all walk and the export then
// wait between pages (walkWaitFor), under the same cap.
import { RETRY_POLICY } from './retryPolicy.js';
import type { ReplyHead } from './transport.js';

/**
 * Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date, in ms from `nowMs`. Undefined
 * when absent or unreadable: main computes it from a CPU ratio that can be NaN (0/0), which Go
 * turns into a huge negative number, so a negative or absurd value must not be trusted.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds) && seconds <= 86_400 ? seconds * 1000 : undefined;
  }
  // Only the HTTP-date shape; Date.parse alone would also accept "1" or "-5" as dates.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const at = Date.parse(text);
  if (!Number.isFinite(at)) return undefined;
  const delay = at - nowMs;
  return delay > 86_400_000 ? undefined : Math.max(0, delay);
}

/** Resolves after `ms`; rejects at once when `signal` aborts (the deadline or the caller). */
export function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The Retry-After of a reply, for the error value (the walk waits on it between pages). */
export function retryAfterOf(response: ReplyHead, nowMs = Date.now()): number | undefined {
  return parseRetryAfter(response.headers.get('retry-after'), nowMs);
}

/**
 * How long a page walk waits before asking for the same page again, or undefined to give up: only
 * for a rate-limit failure that says how long (at most RETRY_POLICY.maxRetryAfterMs), maxWaitsPerPage times.
 * Structural, so that errors.ts (which imports this module) need not be imported back.
 */
export function walkWaitFor(error: unknown, waitsSoFar: number): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const failure = error as { isRateLimited?: unknown; retryAfterMs?: unknown };
  if (failure.isRateLimited !== true) return undefined;
  const retryAfterMs = typeof failure.retryAfterMs === 'number' ? failure.retryAfterMs : undefined;
  // No deadline between pages: the cap alone bounds the wait.
  const decision = RETRY_POLICY.retryAfterWait(retryAfterMs, waitsSoFar, RETRY_POLICY.maxWaitsPerPage, Infinity);
  return 'wait' in decision ? decision.wait : undefined;
}
