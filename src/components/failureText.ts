// A failure in words an operator can act on: what the server said, and what to do next.
import type { ApiFailure } from '../api/errors.js';
import { firstLine, RedirectError } from '../api/errors.js';
import { authAdvice, authProblem } from '../api/authProblem.js';
import { displayText } from '../terminal/settle.js';
import { glyphs } from '../terminal/glyphs.js';
import type { KeysInForce } from '../keys/keymap.js';

/** The keys a failure's advice names. */
interface AdviceKeys {
  retry: string;
  fewer: string;
}

/** The advice's keys of the keys in force (the session's, in the explorer). */
export const adviceKeys = ({ keyName }: Pick<KeysInForce, 'keyName'>): AdviceKeys => ({ retry: keyName('reload'), fewer: keyName('smallerPage') });

export interface FailureText {
  headline: string;
  detail: string;
  hint: string;
}

/** Rate limiting is not a fault: the request was refused for now, and waiting is the fix. */
function rateLimitHint(retryAfterMs: number | undefined, keys: AdviceKeys): string {
  if (retryAfterMs === undefined) return `wait a moment, then ${keys.retry} to retry`;
  return `it asked to wait ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s; ${keys.retry} to retry after that`;
}

// A 1004 that reaches the screen is not "no conversations" (that one is a notice): the server
// did not find a record it needed, e.g. a message document (OpenIM v3.7 to v3.8.3-patch.7).
const missingRecordHint = (keys: AdviceKeys): string =>
  `the server lost a record this list needs (a missing message document: open-im-server#2516, fixed in v3.8.3-patch.8); ${keys.retry} to retry`;

export function describeFailure(error: ApiFailure, keys: AdviceKeys): FailureText {
  const retry = `${keys.retry} to retry`;
  const op = `operationID ${error.origin.operationID || '-'}`;
  switch (error.kind) {
    case 'api': {
      const detail = error.errDlt ? `errDlt: ${displayText(firstLine(error.errDlt))}` : 'errDlt: (empty)';
      const said = `${error.errCode} ${displayText(firstLine(error.errMsg)) || '(no errMsg)'}`;
      if (error.isRateLimited) {
        return {
          headline: `the server is rate-limiting (${said}) in ${error.origin.operation}`,
          detail: `${detail} ${glyphs().separator} ${op}`,
          hint: rateLimitHint(error.retryAfterMs, keys),
        };
      }
      const problem = authProblem(error);
      return {
        headline: `server error ${said} in ${error.origin.operation}`,
        detail: `${detail} ${glyphs().separator} ${op}`,
        hint: problem ? authAdvice(problem, keys.retry) : (grpcHint(error.errCode, keys) ?? (error.errCode === 1004 ? missingRecordHint(keys) : retry)),
      };
    }
    case 'network':
      return {
        headline: displayText(error.message),
        detail: op,
        hint: error.reason === 'timeout' ? `${retry}; --timeout SECONDS gives slow servers longer` : retry,
      };
    case 'http':
      if (error instanceof RedirectError) {
        return {
          headline: `the server redirected (${error.status}) to ${displayText(error.target)} in ${error.origin.operation}`,
          detail: `an admin API is never redirected, so the request was not repeated there ${glyphs().separator} ${op}`,
          hint: `check --base-url (give the address the server redirects to, if it is yours), then ${retry}`,
        };
      }
      if (error.isRateLimited) {
        return {
          headline: `the server is rate-limiting (HTTP 429) in ${error.origin.operation}`,
          detail: `${displayText(error.bodyFirstLine) || '(empty body)'} ${glyphs().separator} ${op}`,
          hint: rateLimitHint(error.retryAfterMs, keys),
        };
      }
      return {
        headline: `HTTP ${error.status} from the server in ${error.origin.operation}: not an OpenIM reply`,
        detail: `${displayText(error.bodyFirstLine) || '(empty body)'} ${glyphs().separator} ${op}`,
        hint: error.status === 404 ? `is --base-url the OpenIM API address (port 10002)?  ${retry}` : retry,
      };
    case 'protocol':
      return {
        headline: `unreadable reply in ${error.origin.operation}`,
        detail: `${displayText(error.problem)} ${glyphs().separator} ${op}`,
        hint: retry,
      };
  }
}

/** Bare gRPC codes reach the client when an RPC service is down or panicked. */
function grpcHint(code: number, keys: AdviceKeys): string | undefined {
  switch (code) {
    case 2:
      return `gRPC Unknown: an RPC service failed (a panic?); check the server logs, then ${keys.retry} to retry`;
    case 4:
      return `gRPC DeadlineExceeded: the server timed out internally; ${keys.retry} to retry`;
    case 8:
      return `gRPC ResourceExhausted: the page may be too large; press ${keys.fewer} for fewer rows, then ${keys.retry}`;
    case 14:
      return `gRPC Unavailable: an RPC service is down; ${keys.retry} to retry`;
    default:
      return undefined;
  }
}

/**
 * The innermost cause in a server's error text: Go wraps errors as "outer: inner: …", and the
 * MongoDB driver marks its own message with the error's code name, "(Location51091) Regular
 * expression is invalid: …". What follows that mark is what an operator can act on.
 */
export function innermostCause(text: string): string {
  const line = displayText(firstLine(text));
  return /\([A-Za-z][A-Za-z0-9]*\) (.+)$/.exec(line)?.[1] ?? line;
}
