// A failure in words an operator can act on: what the server said, and what to do next.
import type { ApiFailure } from '../api/errors.js';
import { firstLine } from '../api/errors.js';
import { displayText } from '../terminal/settle.js';
import { glyphs } from '../terminal/glyphs.js';

export interface FailureText {
  headline: string;
  detail: string;
  hint: string;
}

const AUTH_HINT =
  'give a valid admin token (--token or OPENIM_TOKEN) or the admin secret (--secret or OPENIM_SECRET), then press r';

export function describeFailure(error: ApiFailure): FailureText {
  const op = `operationID ${error.origin.operationID || '-'}`;
  switch (error.kind) {
    case 'api': {
      const detail = error.errDlt ? `errDlt: ${displayText(firstLine(error.errDlt))}` : 'errDlt: (empty)';
      return {
        headline: `server error ${error.errCode} ${displayText(firstLine(error.errMsg)) || '(no errMsg)'} in ${error.origin.operation}`,
        detail: `${detail} ${glyphs().separator} ${op}`,
        hint: error.isAuth ? AUTH_HINT : grpcHint(error.errCode) ?? 'r to retry',
      };
    }
    case 'network':
      return {
        headline: displayText(error.message),
        detail: op,
        hint: error.reason === 'timeout' ? 'r to retry; --timeout SECONDS gives slow servers longer' : 'r to retry',
      };
    case 'http':
      return {
        headline: `HTTP ${error.status} from the server in ${error.origin.operation}: not an OpenIM reply`,
        detail: `${displayText(error.bodyFirstLine) || '(empty body)'} ${glyphs().separator} ${op}`,
        hint: error.status === 404 ? 'is --base-url the OpenIM API address (port 10002)?  r to retry' : 'r to retry',
      };
    case 'protocol':
      return {
        headline: `unreadable reply in ${error.origin.operation}`,
        detail: `${displayText(error.problem)} ${glyphs().separator} ${op}`,
        hint: 'r to retry',
      };
  }
}

/** Bare gRPC codes reach the client when an RPC service is down or panicked. */
function grpcHint(code: number): string | undefined {
  switch (code) {
    case 2:
      return 'gRPC Unknown: an RPC service failed (a panic?); check the server logs, then r to retry';
    case 4:
      return 'gRPC DeadlineExceeded: the server timed out internally; r to retry';
    case 8:
      return 'gRPC ResourceExhausted: the page may be too large; press - for fewer rows, then r';
    case 14:
      return 'gRPC Unavailable: an RPC service is down; r to retry';
    default:
      return undefined;
  }
}
