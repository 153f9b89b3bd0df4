// The one HTTP path every operation takes: POST JSON with operationID and token headers, a deadline,
// retries for network errors and 5xx and waits on a 429 in one loop by the one retry policy
// (send.ts, retryPolicy.ts), a capped body, and the envelope check. Everything it throws is an ApiFailure or an AbortedError.
import type * as z from 'zod/mini';
import { envelopeSchema, plainEnvelope } from './schemas.js';
import { AbortedError, ApiError, firstLine, HttpError, NetworkError, ProtocolError, RedirectError, type NetworkReason } from './errors.js';
import { Deadline } from './deadline.js';
import { UndecodableBodyError, utf8Text } from './encoding.js';
import { redact } from './redact.js';
import { keepWireDetail, mayBeLongDigits } from './wireFidelity.js';
import { isRedirect, redirectTarget } from './redirect.js';
import { retryAfterOf } from './rateLimit.js';
import { RETRY_POLICY, type RetryPolicy } from './retryPolicy.js';
import { HttpStatusError, postWithRetries } from './send.js';
import { isHttpParserCode, transportWords } from './netWords.js';
import { BodyTooLargeError, TransportError, type ConnectOptions, type Reply } from './transport.js';
import { proxyFor, proxyName, type ProxySettings } from './proxy.js';

export interface RequestEvent {
  operation: string;
  path: string;
  operationID: string;
  /** HTTP status, 0 when no response arrived. */
  status: number;
  /** errCode of the envelope, or null when there was none. */
  errCode: number | null;
  durationMs: number;
  bytes: number;
  outcome: 'ok' | 'api-error' | 'http-error' | 'network-error' | 'protocol-error' | 'aborted';
  /** The proxy the request went through (host:port), when one did. */
  proxy?: string;
  /** The address the reply came from (the proxy's through one), when a reply came. */
  peer?: string;
}

export interface HttpConfig {
  baseUrl: string;
  /** Whole-request deadline (all attempts, headers and body), in ms. */
  timeoutMs: number;
  /** A body over this many bytes is refused rather than parsed. */
  maxBodyBytes: number;
  /** Values to mask in every message (the token, the secret). Read at each call. */
  secrets: () => readonly (string | undefined)[];
  onRequest?: (event: RequestEvent) => void;
  /** RETRY_POLICY unless a test gives another (no backoff, no retries). */
  retryPolicy?: RetryPolicy;
  /** Aborted when the connection is closed (quit): every request in flight ends at once. */
  closed?: AbortSignal;
  /** PEM of the only CA trusted for https (--ca-file). */
  ca?: string;
  /** HTTP(S)_PROXY and NO_PROXY (proxy.ts). */
  proxies?: ProxySettings;
}

export interface CallOptions {
  signal?: AbortSignal;
  token?: string;
}

/**
 * JSON.parse reads any depth, but everything after it that walks a value recursively does not:
 * JSON.stringify for `y`, zod, the detail pane. Containers nested deeper than this (only ever in
 * fields the schemas do not know) are replaced by a note. The envelope itself needs five levels.
 */
export const MAX_JSON_DEPTH = 64;

let sequence = 0;
/** Timestamp-based, as the contract recommends, and unique within this process. */
export function newOperationID(): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${Date.now()}${String(sequence).padStart(6, '0')}`;
}

export class Http {
  /** The deadlines of the requests in flight, cancelled together when the connection closes. */
  private readonly inFlight = new Set<Deadline>();
  private readonly routes = new Map<string, { url: string; via: URL | undefined }>();

  /** How to reach the server beyond its URL: the same for every request. */
  private readonly connect: ConnectOptions;

  constructor(private readonly config: HttpConfig) {
    this.connect = { ...(config.ca !== undefined ? { ca: config.ca } : {}), ...(config.proxies ? { proxies: config.proxies } : {}) };
    // One listener for the connection, not one per request in flight: a slow server and a walk
    // through users put more than ten on the wire, and Node then prints a MaxListenersExceeded
    // warning (over the UI, before it was routed away).
    config.closed?.addEventListener('abort', () => {
      for (const deadline of this.inFlight) deadline.cancel();
    }, { once: true });
  }

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  /** Where a path's requests go, and through which proxy: worked out once a path (the operations' paths are a fixed few). */
  private route(path: string): { url: string; via: URL | undefined } {
    let route = this.routes.get(path);
    if (!route) {
      const url = joinUrl(this.config.baseUrl, path);
      this.routes.set(path, (route = { url, via: proxyFor(new URL(url), this.config.proxies) }));
    }
    return route;
  }

  /** POSTs `body` to `path`, checks the envelope, and parses `data` with `schema`. */
  async post<S extends z.ZodMiniType>(
    operation: string,
    path: string,
    body: unknown,
    schema: S,
    options: CallOptions = {},
  ): Promise<z.output<S>> {
    const operationID = newOperationID();
    const { url, via } = this.route(path);
    const x: Exchange = {
      operation,
      path,
      url,
      operationID,
      origin: { operation, operationID, tokenSent: options.token !== undefined && options.token !== '' },
      started: performance.now(),
      via,
      peer: undefined,
      status: 0,
    };

    // Held here until the request is over: see deadline.ts for why the signal alone is not enough.
    const deadline = new Deadline(this.config.timeoutMs, [options.signal]);
    if (this.config.closed?.aborted === true) deadline.cancel();
    this.inFlight.add(deadline);

    // The way to a good reply only; every failure is said by failure(). (Kept apart so that the
    // path every request takes stays small for the optimizing compiler, and allocates no closure.)
    try {
      // A 429 with a Retry-After that fits in the deadline is waited for there (nextAttempt).
      const response = await deadline.race(
        postWithRetries({
          url,
          headers: { operationID, ...(options.token !== undefined ? { token: options.token } : {}) },
          body: JSON.stringify(body),
          deadline,
          connect: this.connect,
          policy: this.config.retryPolicy ?? RETRY_POLICY,
        }),
      );
      x.status = response.status;
      x.peer = response.peer;
      const text = await readCapped(response, this.config.maxBodyBytes, deadline);
      return this.parseReply(x, text, schema, response);
    } catch (error) {
      throw await this.failure(x, error, deadline);
    } finally {
      this.inFlight.delete(deadline);
      deadline.dispose();
    }
  }

  /** The reply's text checked (JSON, depth, envelope, errCode, schema) and its data parsed. */
  private parseReply<S extends z.ZodMiniType>(x: Exchange, text: string, schema: S, response: Reply): z.output<S> {
    let json: unknown;
    const seen = { protoKey: false, longDigits: false };
    try {
      json = limitDepth(JSON.parse(text), MAX_JSON_DEPTH, seen);
    } catch {
      this.event(x, { outcome: 'protocol-error', status: x.status, bytes: text.length });
      const first = firstTextLine(text);
      throw new ProtocolError(text.trim() === '' ? 'empty response body' : `response is not JSON: ${this.clean(first)}`, x.origin);
    }
    const envelope = plainEnvelope(json) ?? envelopeSchema.safeParse(json);
    if (!envelope.success) {
      this.event(x, { outcome: 'protocol-error', status: x.status, bytes: text.length });
      throw new ProtocolError(`response is not an OpenIM envelope (${describeIssue(envelope.error.issues)})`, x.origin);
    }
    const { errCode, errMsg, errDlt, data } = envelope.data;
    if (errCode !== 0) {
      this.event(x, { outcome: 'api-error', status: x.status, errCode, bytes: text.length });
      throw new ApiError(errCode, this.clean(errMsg), this.clean(errDlt), x.origin, retryAfterOf(response));
    }
    const parsed = schema.safeParse(data ?? {});
    if (!parsed.success) {
      this.event(x, { outcome: 'protocol-error', status: x.status, errCode, bytes: text.length });
      throw new ProtocolError(`unexpected data: ${describeIssue(parsed.error.issues, (text) => this.clean(text))}`, x.origin);
    }
    keepWireDetail(data, parsed.data, seen.protoKey, seen.longDigits);
    this.event(x, { outcome: 'ok', status: x.status, errCode, bytes: text.length });
    return parsed.data as z.output<S>;
  }

  /** What a failed request throws: an ApiFailure or an AbortedError, logged once. */
  private async failure(x: Exchange, error: unknown, deadline: Deadline): Promise<Error> {
    // Said already (parseReply).
    if (error instanceof ApiError || error instanceof HttpError || error instanceof ProtocolError) return error;
    if (error instanceof HttpStatusError) {
      const reply = error.response;
      x.peer = reply.peer;
      x.status = reply.status;
      if (isRedirect(reply)) {
        reply.discard();
        this.event(x, { outcome: 'http-error', status: x.status });
        return new RedirectError(x.status, redirectTarget(reply.headers.get('location'), x.url), x.origin);
      }
      const text = await readCapped(reply, this.config.maxBodyBytes, deadline).catch(() => '');
      // A non-2xx with a proper envelope (e.g. main's 429) is still an API error.
      const envelope = tryEnvelope(text);
      if (envelope && envelope.errCode !== 0) {
        this.event(x, { outcome: 'api-error', status: x.status, errCode: envelope.errCode, bytes: text.length });
        return new ApiError(envelope.errCode, this.clean(envelope.errMsg), this.clean(envelope.errDlt), x.origin, retryAfterOf(reply));
      }
      this.event(x, { outcome: 'http-error', status: x.status, bytes: text.length });
      return new HttpError(x.status, this.clean(firstTextLine(text)), x.origin, retryAfterOf(reply));
    }
    if (deadline.timedOut) {
      this.event(x, { outcome: 'network-error', status: x.status });
      return new NetworkError('timeout', `${this.config.timeoutMs} ms`, x.origin);
    }
    if (deadline.aborted) {
      this.event(x, { outcome: 'aborted', status: x.status });
      return new AbortedError();
    }
    if (error instanceof UndecodableBodyError) {
      this.event(x, { outcome: 'protocol-error', status: x.status });
      return new ProtocolError(this.clean(error.message), x.origin);
    }
    if (error instanceof BodyTooLargeError) {
      this.event(x, { outcome: 'protocol-error', status: x.status, bytes: error.bytes });
      return new ProtocolError(`response larger than the ${formatLimit(this.config.maxBodyBytes)} limit`, x.origin);
    }
    const { reason, detail } = classifyNetworkError(error);
    this.event(x, { outcome: 'network-error', status: x.status });
    // Refused or not found through a proxy is about the proxy, not the server.
    const proxied = error instanceof TransportError && error.proxy !== undefined && reason !== 'tls' && reason !== 'proxy' ? `; through the proxy ${error.proxy}` : '';
    return new NetworkError(reason, this.clean(detail) + proxied, x.origin);
  }

  private event(x: Exchange, partial: Partial<RequestEvent> & Pick<RequestEvent, 'outcome'>): void {
    this.config.onRequest?.({
      operation: x.operation,
      path: x.path,
      operationID: x.operationID,
      status: 0,
      errCode: null,
      bytes: 0,
      durationMs: Math.round((performance.now() - x.started) * 10) / 10,
      ...(x.via ? { proxy: proxyName(x.via) } : {}),
      ...(x.peer !== undefined ? { peer: x.peer } : {}),
      ...partial,
    });
  }

  private clean(text: string): string {
    return redact(text, this.config.secrets());
  }
}

/** One request as its log event and its errors tell it, filled in as it goes. */
interface Exchange {
  operation: string;
  path: string;
  url: string;
  operationID: string;
  origin: { operation: string; operationID: string; tokenSent: boolean };
  started: number;
  via: URL | undefined;
  /** The address the reply came from, once one did. */
  peer: string | undefined;
  /** HTTP status, 0 until a reply. */
  status: number;
}

/** Reads the body as UTF-8 before the deadline, refusing to buffer more than `max` bytes. */
async function readCapped(response: Reply, max: number, deadline: Deadline): Promise<string> {
  return utf8Text(await response.read(max, deadline));
}

/**
 * Replaces containers nested `max` levels deep by a string saying so; iterative, in place. Tells
 * `seen` whether any object has a `__proto__` key and whether any string may be int64 digits too
 * long for a double (wireFidelity.ts puts both back after the schema): this walk reads every key
 * and value anyway, where a regular expression read the reply's text again.
 */
export function limitDepth(root: unknown, max: number, seen?: { protoKey: boolean; longDigits: boolean }): unknown {
  if (root === null || typeof root !== 'object') return root;
  let protoKey = false;
  let longDigits = false;
  const note = `‹nested deeper than ${max} levels›`;
  // Two parallel stacks and no key arrays: this runs over every object of every reply (a walk's
  // 2,000 pages of 100 rows), where a record and an Object.keys() array each were garbage.
  const values: object[] = [root];
  const depths: number[] = [0];
  const visit = (holder: object, key: string | number, child: unknown, depth: number): void => {
    if (child === null || typeof child !== 'object') {
      if (!longDigits && typeof child === 'string' && mayBeLongDigits(child)) longDigits = true;
      return;
    }
    if (depth + 1 < max) {
      values.push(child);
      depths.push(depth + 1);
    }
    // defineProperty: JSON.parse makes "__proto__" an own key, which plain assignment would not touch.
    else Object.defineProperty(holder, key, { value: note, writable: true, enumerable: true, configurable: true });
  };
  while (values.length > 0) {
    const value = values.pop()!;
    const depth = depths.pop()!;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) visit(value, i, value[i], depth);
    } else {
      // JSON.parse's objects inherit no enumerable key: for-in lists their own, "__proto__" included.
      for (const key in value) {
        if (key === '__proto__') protoKey = true;
        visit(value, key, (value as Record<string, unknown>)[key], depth);
      }
    }
  }
  if (seen) {
    seen.protoKey = protoKey;
    seen.longDigits = longDigits;
  }
  return root;
}

function tryEnvelope(text: string): { errCode: number; errMsg: string; errDlt: string } | null {
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function firstTextLine(text: string): string {
  // An HTML error page's most telling line is its <title> or first heading.
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text) ?? /<h1[^>]*>([^<]*)<\/h1>/i.exec(text);
  const line = title?.[1] ?? text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  // A broken envelope's first line may carry errDlt's Go stack: cut as an errMsg's is.
  return firstLine(line).slice(0, 200);
}

/**
 * `path: message`, each part through `clean` on its own: a path holds the server's keys (a record's),
 * which may echo a secret, but cleaned as one text `token: Too small: …` read as a token assignment
 * and lost its words.
 */
function describeIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[], clean: (text: string) => string = (text) => text): string {
  const issue = issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.reduce<string>(
    (acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)),
    '',
  );
  return `${path ? clean(path) : '(root)'}: ${clean(issue.message)}`;
}

function classifyNetworkError(error: unknown): { reason: NetworkReason; detail: string } {
  const raw = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  const code = typeof raw === 'string' ? raw : '';
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return { reason: 'refused', detail: code };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { reason: 'dns', detail: code };
  if (code === 'ETIMEDOUT') return { reason: 'timeout', detail: code };
  if (code === 'ECONNRESET' || code === 'EPIPE') return { reason: 'reset', detail: code };
  if (code === 'ERR_PROXY_TUNNEL') return { reason: 'proxy', detail: message };
  const words = transportWords(code);
  if (words !== undefined) return { reason: isHttpParserCode(code) ? 'invalid-reply' : 'tls', detail: words };
  // node:http refuses to send a header value with a line break or other control character in it.
  if (code === 'ERR_INVALID_CHAR') return { reason: 'other', detail: 'the token holds characters no HTTP header can carry' };
  return { reason: 'other', detail: code || message };
}

/** The URL a request to `path` goes to (curl.ts copies the same). */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
