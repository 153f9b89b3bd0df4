// Failures are values the UI can show. None of them holds the token: every text that came from
// the server or the network passes through redact() before it is stored here.
import { authProblem, isTokenCode } from './authProblem.js';
import { RATE_LIMIT_CODE } from './retryPolicy.js';

export { isTokenCode };

export type ApiFailure = ApiError | NetworkError | HttpError | ProtocolError;

interface Origin {
  /** The operation's function name, e.g. "getUsers". */
  operation: string;
  /** The operationID header sent, to match the server's own logs. */
  operationID: string;
  /** Whether the request carried a non-empty token header (some servers' auth errors say nothing more). */
  tokenSent?: boolean;
}

/** The server answered with the envelope and errCode != 0. */
export class ApiError extends Error {
  readonly kind = 'api' as const;
  constructor(
    readonly errCode: number,
    readonly errMsg: string,
    readonly errDlt: string,
    readonly origin: Origin,
    /** From a Retry-After header, when the reply had one. */
    readonly retryAfterMs?: number,
  ) {
    super(`${origin.operation}: ${errCode} ${firstLine(errMsg)}${errDlt ? ` (${firstLine(errDlt)})` : ''}`);
    this.name = 'ApiError';
  }
  /** Token missing, malformed, expired, kicked or unknown, or no way to log in: see authProblem(). */
  get isAuth(): boolean {
    return authProblem(this) !== undefined;
  }
  get isTokenExpired(): boolean {
    return isTokenCode(this.errCode);
  }
  /** main's optional limiter (errCode 429, HTTP 429): wait, then ask again. */
  get isRateLimited(): boolean {
    return this.errCode === RATE_LIMIT_CODE;
  }
}

/** `tls`: a certificate or handshake problem; `invalid-reply`: the reply is not valid HTTP. */
export type NetworkReason = 'refused' | 'reset' | 'dns' | 'timeout' | 'tls' | 'invalid-reply' | 'proxy' | 'other';

/** The request never produced a response: refused, reset, DNS, timeout. */
export class NetworkError extends Error {
  readonly kind = 'network' as const;
  constructor(
    readonly reason: NetworkReason,
    detail: string,
    readonly origin: Origin,
  ) {
    // TLS and invalid replies are said by the detail itself (netWords.ts), with what to do.
    const head = describeReason(reason);
    super(`${origin.operation}: ${head === '' ? detail : `${head}${detail ? ` (${detail})` : ''}`}`);
    this.name = 'NetworkError';
  }
}

/** A non-2xx reply whose body is not the envelope, e.g. a proxy's 502 page or gin's 404 text. */
export class HttpError extends Error {
  readonly kind = 'http' as const;
  constructor(
    readonly status: number,
    readonly bodyFirstLine: string,
    readonly origin: Origin,
    /** From a Retry-After header, when the reply had one. */
    readonly retryAfterMs?: number,
  ) {
    super(`${origin.operation}: HTTP ${status}${bodyFirstLine ? `: ${bodyFirstLine}` : ''}`);
    this.name = 'HttpError';
  }
  /** A proxy's 429 page: rate limiting too, only without OpenIM's envelope. */
  get isRateLimited(): boolean {
    return this.status === RATE_LIMIT_CODE;
  }
}

/**
 * The server answered with a redirect, which is never followed (see redirect.ts): `target` is the
 * origin it pointed to, never its path or query.
 */
export class RedirectError extends HttpError {
  constructor(
    status: number,
    readonly target: string,
    origin: Origin,
  ) {
    super(status, `the server redirected (${status}) to ${target}; an admin API is never redirected: check --base-url`, origin);
    this.name = 'RedirectError';
    this.message = `${origin.operation}: ${this.bodyFirstLine}`;
  }
}

/** A reply that cannot be read: not JSON, too large, or a field of the wrong type. */
export class ProtocolError extends Error {
  readonly kind = 'protocol' as const;
  constructor(
    /** What was wrong, naming the field where there is one. */
    readonly problem: string,
    readonly origin: Origin,
  ) {
    super(`${origin.operation}: ${problem}`);
    this.name = 'ProtocolError';
  }
}

/** The caller cancelled the request (a newer one replaced it). Never shown. */
export class AbortedError extends Error {
  readonly kind = 'aborted' as const;
  constructor() {
    super('request cancelled');
    this.name = 'AbortedError';
  }
}

export function isApiFailure(e: unknown): e is ApiFailure {
  return e instanceof ApiError || e instanceof NetworkError || e instanceof HttpError || e instanceof ProtocolError;
}


/** Older servers and malformed bodies put a Go stack ("... | -> func file:line") in errMsg. */
export function firstLine(text: string): string {
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  const stackAt = line.indexOf(' | -> ');
  return (stackAt >= 0 ? line.slice(0, stackAt) : line).trim();
}

function describeReason(reason: NetworkReason): string {
  switch (reason) {
    case 'refused':
      return 'connection refused: is the server running at that address?';
    case 'reset':
      return 'connection reset by the server';
    case 'dns':
      return 'host name not found';
    case 'timeout':
      return 'no answer before the timeout';
    case 'tls':
    case 'invalid-reply':
    case 'proxy':
      return '';
    case 'other':
      return 'network failure';
  }
}
