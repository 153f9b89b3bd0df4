// Sending one POST with its retries: network errors and the policy's 5xx (retryPolicy.ts) are
// tried again (every operation here is a read), after its growing delay, all inside the request's
// deadline; any other status that is
// not 2xx (a redirect, which is never followed, a 4xx, a 429) ends it as an HttpStatusError that
// keeps the reply for the caller to read.
//
// This was ky (1.14). The scripting walk could not reach its goal with it (README, Performance):
// ky builds each request anew (its options merged, its own AbortController, signals joined with
// AbortSignal.any, a Request object) and that was 13-18% of the CPU of a 200,000-user walk. What
// ky did for us is the loop below; the deadline, the redirect guard and the rate-limit waits were
// ours already. The exchange itself is transport.ts.
import type { Deadline } from './deadline.js';
import { abortableSleep } from './rateLimit.js';
import { RETRY_POLICY } from './retryPolicy.js';
import { post, TransportError, type ConnectOptions, type Reply } from './transport.js';

/** A reply whose status is not 2xx; `response` is unread. */
export class HttpStatusError extends Error {
  constructor(readonly response: Reply) {
    super(`HTTP ${response.status}`);
    this.name = 'HttpStatusError';
  }
}

export interface SendOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  deadline: Deadline;
  connect?: ConnectOptions;
  /** Extra attempts after the first. */
  retries: number;
  /** Delay before retry n (1-based), in ms; RETRY_POLICY.backoffMs unless a test says otherwise. */
  retryDelayMs?: (attempt: number) => number;
}

/** The 2xx reply, or HttpStatusError, a TransportError or the deadline's abort. */
export async function postWithRetries(options: SendOptions): Promise<Reply> {
  const { deadline } = options;
  const delayMs = options.retryDelayMs ?? RETRY_POLICY.backoffMs;
  for (let attempt = 1; ; attempt++) {
    let response: Reply;
    try {
      // A redirect comes back as it is: the token header and the login body must not go anywhere else (redirect.ts).
      response = await post(options.url, { 'content-type': 'application/json', ...options.headers }, options.body, deadline, options.connect);
    } catch (error) {
      // A connection failure (refused, reset, DNS) is tried again; anything else (the deadline, a token
      // no header can carry) ends it.
      if (!(error instanceof TransportError) || !error.retriable || attempt > options.retries || deadline.aborted) throw error;
      await abortableSleep(delayMs(attempt), deadline.signal);
      continue;
    }
    if (response.status >= 200 && response.status < 300) return response;
    if (!RETRY_POLICY.retryStatuses.includes(response.status) || attempt > options.retries || deadline.aborted) {
      throw new HttpStatusError(response);
    }
    response.discard();
    await abortableSleep(delayMs(attempt), deadline.signal);
  }
}
