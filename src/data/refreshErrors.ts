// Which failures of a live refresh are worth waiting out, and how long the server asked to wait.
// The live view's default rule (data/liveRefresh.ts takes any classifier).
import { ApiError, HttpError, NetworkError } from '../api/errors.js';
import type { RefreshErrorClass } from './liveRefresh.js';

/** gRPC codes a gateway passes through as errCode: Unavailable (an RPC service down) and DeadlineExceeded. */
const TRANSIENT_ERR_CODES = new Set([14, 4]);

export function classifyRefreshError(error: unknown): RefreshErrorClass {
  if (error instanceof ApiError) {
    // The API layer's one rule for a rate limit (main's 429, as an envelope or bare).
    if (error.isRateLimited) return rateLimited(error.retryAfterMs);
    return TRANSIENT_ERR_CODES.has(error.errCode) ? { kind: 'transient' } : { kind: 'fatal' };
  }
  if (error instanceof HttpError) {
    if (error.isRateLimited) return rateLimited(error.retryAfterMs);
    if (error.status >= 500) return { kind: 'transient' };
    return { kind: 'fatal' };
  }
  if (error instanceof NetworkError) return { kind: 'transient' };
  return { kind: 'fatal' };
}

function rateLimited(retryAfterMs: number | undefined): RefreshErrorClass {
  return retryAfterMs === undefined ? { kind: 'rate-limited' } : { kind: 'rate-limited', retryAfterMs };
}
