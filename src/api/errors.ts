// Failures are values the UI can show. None of them holds the token: every text that came from
// the server or the network passes through redact() before it is stored here.

export type ApiFailure = ApiError | NetworkError | HttpError | ProtocolError;

interface Origin {
  /** The operation's function name, e.g. "getUsers". */
  operation: string;
  /** The operationID header sent, to match the server's own logs. */
  operationID: string;
}

/** The server answered with the envelope and errCode != 0. */
export class ApiError extends Error {
  readonly kind = 'api' as const;
  constructor(
    readonly errCode: number,
    readonly errMsg: string,
    readonly errDlt: string,
    readonly origin: Origin,
    /** How long the reply's Retry-After header asked to wait (a 429), when it had one. */
    readonly retryAfterMs?: number,
  ) {
    super(`${origin.operation}: ${errCode} ${firstLine(errMsg)}${errDlt ? ` (${firstLine(errDlt)})` : ''}`);
    this.name = 'ApiError';
  }
  /** Token missing, malformed, expired, kicked or unknown: the user must give another one. */
  get isAuth(): boolean {
    return isTokenCode(this.errCode) || (this.errCode === 1001 && /header must have token/i.test(this.errDlt + this.errMsg));
  }
  get isTokenExpired(): boolean {
    return isTokenCode(this.errCode);
  }
}

export type NetworkReason = 'refused' | 'reset' | 'dns' | 'timeout' | 'other';

/** The request never produced a response: refused, reset, DNS, timeout. */
export class NetworkError extends Error {
  readonly kind = 'network' as const;
  constructor(
    readonly reason: NetworkReason,
    detail: string,
    readonly origin: Origin,
  ) {
    super(`${origin.operation}: ${describeReason(reason)}${detail ? ` (${detail})` : ''}`);
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
    /** How long the reply's Retry-After header asked to wait (429, 503), when it had one. */
    readonly retryAfterMs?: number,
  ) {
    super(`${origin.operation}: HTTP ${status}${bodyFirstLine ? `: ${bodyFirstLine}` : ''}`);
    this.name = 'HttpError';
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

/** 1501 expired, 1503 malformed, 1505 unknown/bad signature, 1506 kicked, 1507 not in cache. */
export function isTokenCode(code: number): boolean {
  return code === 1501 || code === 1503 || code === 1505 || code === 1506 || code === 1507;
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
    case 'other':
      return 'network failure';
  }
}
