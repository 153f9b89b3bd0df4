// The one retry policy with a test's changes: most tests want a failure at once (no retries) or
// retries without the backoff's real delays. The counts a test asserts follow from what it sets here.
import { RETRY_POLICY, type RetryPolicy } from '../../src/api/retryPolicy.js';

export function retryPolicy(change: Partial<Pick<RetryPolicy, 'retries' | 'backoffMs'>>): RetryPolicy {
  return { ...RETRY_POLICY, ...change };
}

/** As many retries as the real policy, none of its delays. */
export const NO_BACKOFF: RetryPolicy = retryPolicy({ backoffMs: () => 0 });

/** A failure shows at once. */
export const NO_RETRIES: RetryPolicy = retryPolicy({ retries: 0 });
