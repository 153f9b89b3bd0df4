// Sending one POST, asking again as the retry policy says (retryPolicy.ts, nextAttempt): a network
// error or a 5xx is retried after a growing delay (every operation here is a read), a 429 is
// waited for as its Retry-After says, all in one loop inside the request's deadline. Any other
// status that is not 2xx (a redirect, which is never followed, a 4xx, a 429 not waited for) ends
// it as an HttpStatusError that keeps the reply for the caller to read.
//
// This was ky (1.14). The scripting walk could not reach its goal with it (README, Performance):
// ky builds each request anew (its options merged, its own AbortController, signals joined with
// AbortSignal.any, a Request object) and that was 13-18% of the CPU of a 200,000-user walk. What
// ky did for us is the loop below; the deadline, the redirect guard and the rate-limit waits were
// ours already. The exchange itself is transport.ts.
import type { Deadline } from './deadline.js';
import { abortableSleep, retryAfterOf } from './rateLimit.js';
import { nextAttempt, type AttemptOutcome, type AttemptTally, type RetryPolicy } from './retryPolicy.js';
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
  /** Covers every attempt and every wait; a Retry-After that does not fit in what is left is not waited for. */
  deadline: Deadline;
  connect?: ConnectOptions;
  policy: RetryPolicy;
}

/** How one attempt ended: a reply of any status, or a failure to exchange one. */
type Attempt = { reply: Reply } | { failure: TransportError };

/** The 2xx reply, or HttpStatusError, a TransportError or the deadline's abort. */
export async function postWithRetries(options: SendOptions): Promise<Reply> {
  const { deadline } = options;
  const { policy } = options;
  const tally: AttemptTally = { retries: 0, waits: 0 };
  for (;;) {
    const attempt = await attemptOnce(options);
    if ('reply' in attempt && attempt.reply.status >= 200 && attempt.reply.status < 300) return attempt.reply;
    const outcome: AttemptOutcome = 'reply' in attempt
      ? { kind: 'status', status: attempt.reply.status, retryAfterMs: retryAfterOf(attempt.reply) }
      : { kind: 'network', retriable: attempt.failure.retriable };
    const next = deadline.aborted ? { giveUp: true as const } : nextAttempt(policy, outcome, tally, deadline.remainingMs());
    if ('giveUp' in next) throw 'reply' in attempt ? new HttpStatusError(attempt.reply) : attempt.failure;
    if ('reply' in attempt) attempt.reply.discard();
    tally[next.counts]++;
    await abortableSleep(next.wait, deadline.signal);
  }
}

async function attemptOnce(options: SendOptions): Promise<Attempt> {
  try {
    // A redirect comes back as it is: the token header and the login body must not go anywhere else (redirect.ts).
    return { reply: await post(options.url, { 'content-type': 'application/json', ...options.headers }, options.body, options.deadline, options.connect) };
  } catch (error) {
    // A connection failure (refused, reset, DNS) may be tried again; anything else (the deadline,
    // a token no header can carry) ends the request.
    if (error instanceof TransportError) return { failure: error };
    throw error;
  }
}
