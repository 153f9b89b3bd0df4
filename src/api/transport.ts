// One HTTP exchange on node:http or node:https: the POST, the reply's status and headers, and its
// body read whole under the request's deadline, decompressed and capped. No retries and no waits:
// when to ask again is the retry policy's (retryPolicy.ts), applied by send.ts and rateLimit.ts.
//
// Why not fetch: Node's fetch is loaded and compiled (with its WebAssembly parser) on first use.
// On this project's 2-core machine one POST by fetch took 0.30 s and 83 MB against 0.11 s and
// 44 MB by node:http (a script doing only that), most of what kept the explorer's start above its
// goal; and a 200,000-user walk paid web streams and AbortSignal plumbing for every chunk (README,
// Performance). Kept here from what fetch gave: keep-alive connections, gzip, deflate and br
// decoding, and never following a redirect (node:http does not follow them at all; redirect.ts).
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import type { Socket } from 'node:net';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { brotliDecompressSync, constants, gunzipSync, inflateSync } from 'node:zlib';
import { DeadlineAbort, type Deadline } from './deadline.js';
import { UndecodableBodyError } from './encoding.js';
import { isHttpParserCode, isTlsCode } from './netWords.js';
import { proxyAuthorization, proxyFor, proxyName, TunnelAgent, type ProxySettings } from './proxy.js';

/** A connection failure: refused, reset, DNS, or one that ended mid-body. Worth another attempt. */
export class TransportError extends Error {
  /** The proxy the request went through, when one did (host:port). */
  proxy?: string;
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }

  /** A certificate, an invalid reply or a proxy's refusal is the same on the next attempt: not worth one. */
  get retriable(): boolean {
    return !isTlsCode(this.code) && !isHttpParserCode(this.code) && this.code !== 'ERR_PROXY_TUNNEL';
  }
}

export class BodyTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super('body too large');
    this.name = 'BodyTooLargeError';
  }
}

/** What the callers read of a reply's head; a fetch Response has the same shape. */
export interface ReplyHead {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
}

// An idle connection is kept 4 s: long enough for a walk or a held key, short enough not to meet
// a server's own idle close (it was fetch's, and no reply changed when fetch went). Idle sockets are unref'd: they never hold the
// process open.
const IDLE_MS = 4000;

/**
 * The idle timer runs while a connection waits in the pool only. Given as the agent's `timeout`,
 * it ran during every exchange too, and a socket with a timer re-arms it on each chunk it reads
 * or writes: a tenth of a walk's CPU beyond a plain loop's. (A request's own deadline is
 * deadline.ts's, not this.) The agent closes a pooled connection whose timer fires.
 */
function closeWhenIdle<T extends HttpAgent>(agent: T): T {
  // Node's documented hooks; its typings say void, the agent reads a boolean (false: destroy).
  const pool = agent as unknown as {
    keepSocketAlive(socket: Socket): boolean;
    reuseSocket(socket: Socket, request: ClientRequest): void;
  };
  const keep = pool.keepSocketAlive.bind(agent);
  const reuse = pool.reuseSocket.bind(agent);
  pool.keepSocketAlive = (socket) => {
    const kept = keep(socket);
    // A server's Keep-Alive hint, when shorter, was set by the agent just now: it stands.
    if (kept) socket.setTimeout(socket.timeout ? Math.min(socket.timeout, IDLE_MS) : IDLE_MS);
    return kept;
  };
  pool.reuseSocket = (socket, request) => {
    socket.setTimeout(0);
    reuse(socket, request);
  };
  return agent;
}

let httpAgent: HttpAgent | undefined;
/** One https agent per CA given (`undefined`: the system's CAs and NODE_EXTRA_CA_CERTS). */
const httpsAgents = new Map<string | undefined, HttpsAgent>();

/** Agents whose connections go to a proxy, by proxy (and CA). */
const proxiedAgents = new Map<string, HttpAgent>();

/**
 * Certificates are always verified on our connections, whatever NODE_TLS_REJECT_UNAUTHORIZED
 * says: the variable is usually inherited by accident (set once for another tool, exported in a
 * shell profile), and with it the admin token would go to anyone on the path. To trust a private
 * CA there is --ca-file (docs/security.md).
 */
const VERIFIED = { rejectUnauthorized: true } as const;

/** Said once, in words, when NODE_TLS_REJECT_UNAUTHORIZED=0 was set and is ignored (ignoreTlsOverride). */
export const TLS_OVERRIDE_IGNORED =
  'NODE_TLS_REJECT_UNAUTHORIZED=0 is ignored: certificates are verified (to trust a private CA: --ca-file PATH, or NODE_EXTRA_CA_CERTS=PATH)';

/**
 * Takes NODE_TLS_REJECT_UNAUTHORIZED=0 out of `env` (the process's, before any connection): our
 * connections verify anyway (VERIFIED), and Node would print its warning that they do not on the
 * first one, over the explorer's screen or lost behind it. Returns whether it was set, for the
 * caller to say TLS_OVERRIDE_IGNORED once where the operator sees it.
 */
export function ignoreTlsOverride(env: NodeJS.ProcessEnv): boolean {
  if (env.NODE_TLS_REJECT_UNAUTHORIZED !== '0') return false;
  delete env.NODE_TLS_REJECT_UNAUTHORIZED;
  return true;
}

/** How to reach the server beyond its URL. */
export interface ConnectOptions {
  /** PEM of the only CA trusted for https (--ca-file), as kubectl's --certificate-authority. */
  ca?: string;
  /** HTTP(S)_PROXY and NO_PROXY, read once (proxy.ts). */
  proxies?: ProxySettings;
}

function proxiedAgent(protocol: string, proxy: URL, connect: ConnectOptions): HttpAgent {
  const key = `${protocol}${proxy.href}\n${connect.ca ?? ''}`;
  let agent = proxiedAgents.get(key);
  if (!agent) {
    const options = { keepAlive: true, ...VERIFIED };
    agent = protocol === 'https:' ? new TunnelAgent(proxy, { ...options, ...(connect.ca !== undefined ? { ca: connect.ca } : {}) }) : new HttpAgent(options);
    closeWhenIdle(agent);
    proxiedAgents.set(key, agent);
  }
  return agent;
}

function agentFor(protocol: string, connect: ConnectOptions): HttpAgent {
  if (protocol !== 'https:') return (httpAgent ??= closeWhenIdle(new HttpAgent({ keepAlive: true })));
  let agent = httpsAgents.get(connect.ca);
  if (!agent) {
    agent = closeWhenIdle(new HttpsAgent({ keepAlive: true, ...VERIFIED, ...(connect.ca !== undefined ? { ca: connect.ca } : {}) }));
    httpsAgents.set(connect.ca, agent);
  }
  return agent;
}

// The headers whose repeats node:http drops (IncomingMessage#headers keeps the first); every
// other header's repeats are joined with ", " (a cookie's with "; "), as it does.
const FIRST_ONLY = new Set([
  'age', 'authorization', 'content-length', 'content-type', 'etag', 'expires', 'from', 'host', 'if-modified-since',
  'if-unmodified-since', 'last-modified', 'location', 'max-forwards', 'proxy-authorization', 'referer', 'retry-after', 'server', 'user-agent',
]);

/** @internal Exported for its test. A header's value as `IncomingMessage#headers` gives it, or null. */
export function headerValue(raw: readonly string[], name: string): string | null {
  let value: string | null = null;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    if (value === null) value = raw[i + 1]!;
    else if (FIRST_ONLY.has(name)) break;
    else value += (name === 'cookie' ? '; ' : ', ') + raw[i + 1]!;
  }
  return value;
}

/** The reply to one POST; its body is read once, by read() or discard(). */
export class Reply implements ReplyHead {
  readonly headers: { get(name: string): string | null };
  /**
   * The address the connection went to (the proxy's for plain http through one): what `! plain
   * http` is decided on (wireMarks.ts), never the name in the URL.
   */
  readonly peer: string | undefined;

  constructor(private readonly message: IncomingMessage) {
    this.peer = message.socket?.remoteAddress;
    // Read from the header lines as received: `message.headers` builds an object of every header
    // on first use, which cost a 200,000-user walk 1.5% of its CPU for the two it reads a reply.
    this.headers = { get: (name) => headerValue(message.rawHeaders, name.toLowerCase()) };
  }

  get status(): number {
    return this.message.statusCode ?? 0;
  }

  /** Closes the connection without reading on: a hostile body may never end. */
  discard(): void {
    this.message.destroy();
  }

  /**
   * The decoded body, refused past `max` bytes (declared or as it arrives, after decompression: a
   * small gzip may hold gigabytes). On the deadline the connection is closed and it rejects with
   * the deadline's abort.
   */
  async read(max: number, deadline: Deadline): Promise<Buffer> {
    const declared = Number(this.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > max) {
      this.discard();
      throw new BodyTooLargeError(declared);
    }
    try {
      // The bytes as sent (no more than `max` of them, compressed or not), then decoded at once:
      // a zlib stream cost a walk a tenth of its CPU and a thread-pool round trip per chunk, on
      // the path from one page's last byte to the next request.
      const raw = await deadline.race(
        new Promise<Buffer>((resolve, reject) => {
          const chunks: Buffer[] = [];
          let total = 0;
          let ended = false;
          const fail = (error: unknown): void => {
            if (ended) return;
            ended = true;
            reject(error);
          };
          this.message.on('data', (chunk: Buffer) => {
            total += chunk.byteLength;
            if (total > max) fail(new BodyTooLargeError(total));
            else chunks.push(chunk);
          });
          this.message.on('end', () => {
            ended = true;
            resolve(Buffer.concat(chunks, total));
          });
          const cut = (): void => fail(new TransportError('the connection closed in the middle of the reply', 'ECONNRESET'));
          // An invalid body (a bad chunk size) is the parser's: said as such, not as a reset.
          this.message.on('error', (error: NodeJS.ErrnoException) =>
            typeof error.code === 'string' && isHttpParserCode(error.code) ? fail(new TransportError(error.message, error.code)) : cut(),
          );
          this.message.on('aborted', cut);
          this.message.on('close', () => {
            if (!this.message.complete) cut();
          });
        }),
      );
      return decode(raw, this.headers.get('content-encoding') ?? '', max);
    } finally {
      // After a failure or the deadline: closes the connection. After the end there is nothing
      // to close: the agent has taken the socket back already.
      if (!this.message.readableEnded) this.message.destroy();
    }
  }
}

/** Sends one POST; resolves with the reply's head as soon as it arrives. */
export function post(url: string, headers: Record<string, string>, body: string, deadline: Deadline, connect: ConnectOptions = {}): Promise<Reply> {
  return exchange('POST', url, { ...headers, 'content-length': String(Buffer.byteLength(body)) }, body, deadline, connect);
}

/**
 * Sends one GET with no header of the caller's (the cluster's discovery and metrics reads,
 * api/clusterGet.ts): it takes none, so a token or a secret cannot reach one by construction.
 */
export function getBare(url: string, deadline: Deadline, connect: ConnectOptions = {}): Promise<Reply> {
  return exchange('GET', url, { accept: 'text/plain, application/json' }, '', deadline, connect);
}

function exchange(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body: string, deadline: Deadline, connect: ConnectOptions): Promise<Reply> {
  const { target, address } = parsed(url);
  const proxy = proxyFor(target, connect.proxies);
  const options: RequestOptions & { tunnelSignal?: AbortSignal } = {
    method,
    headers: { ...headers, 'accept-encoding': ACCEPT_ENCODING },
    agent: proxy ? proxiedAgent(target.protocol, proxy, connect) : agentFor(target.protocol, connect),
    // A CONNECT tunnel still being opened ends on the deadline too (proxy.ts).
    ...(proxy ? { tunnelSignal: deadline.signal } : {}),
  };
  return deadline.race(
    new Promise<Reply>((resolve, reject) => {
      const onReply = (message: IncomingMessage): void => resolve(new Reply(message));
      const request =
        proxy && target.protocol === 'http:'
          ? // Absolute form: to the proxy, the whole URL as the path (curl's way for http).
            httpRequest(
              {
                ...options,
                host: proxy.hostname.replace(/^\[|\]$/g, ''),
                port: Number(proxy.port || 80),
                path: target.href,
                headers: { ...options.headers, host: target.host, ...proxyAuthorization(proxy) },
              },
              onReply,
            )
          : (target.protocol === 'https:' ? httpsRequest : httpRequest)({ ...address, ...options }, onReply);
      // On the deadline the request and its socket are destroyed (once the reply is in, its
      // reader closes the connection too). A hook, not the request's `signal` option: that one
      // hangs an abort listener and a stream-end watcher on every request.
      deadline.onAbort(() => request.destroy(new DeadlineAbort(deadline.timedOut)));
      request.on('error', (error: NodeJS.ErrnoException) => reject(transportError(error, proxy)));
      request.end(body);
    }),
  );
}

/**
 * A URL as node:http takes it, parsed once: a walk sends thousands of requests to the same few
 * URLs (one a page operation). Bounded all the same: a long-lived explorer may be pointed at
 * other servers.
 */
const parsedUrls = new Map<string, { target: URL; address: RequestOptions }>();
const PARSED_URLS = 64;

function parsed(url: string): { target: URL; address: RequestOptions } {
  let entry = parsedUrls.get(url);
  if (!entry) {
    const target = new URL(url);
    if (parsedUrls.size >= PARSED_URLS) parsedUrls.clear();
    parsedUrls.set(url, (entry = { target, address: urlToHttpOptions(target) }));
  }
  return entry;
}

/** The codings decode() knows; OpenIM's gin gzip answers when the header holds "gzip". */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * Decodes a body by its Content-Encoding list, last applied first: a coding it does not know
 * means the body is taken as it is (as fetch did, so that no reply changed when it went); a truncated stream ends rather than failing
 * (sync flush). Synchronous, and its output capped at `max` (a small gzip may hold gigabytes):
 * a decode takes at most what inflating `max` bytes takes.
 */
function decode(body: Buffer, header: string, max: number): Buffer {
  // What OpenIM and the demo send: no list to take apart.
  const codings = header === 'gzip' ? ['gzip'] : header
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (!codings.every((coding) => KNOWN_CODINGS.has(coding))) return body;
  const zlibOptions = { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: max };
  const brotliOptions = { finishFlush: constants.BROTLI_OPERATION_FLUSH, maxOutputLength: max };
  let out = body;
  for (const coding of codings.reverse()) {
    try {
      if (coding === 'br') out = brotliDecompressSync(out, brotliOptions);
      else if (coding === 'deflate') out = inflateSync(out, zlibOptions);
      else out = gunzipSync(out, zlibOptions);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') throw new BodyTooLargeError(max + 1);
      throw new UndecodableBodyError(header, typeof code === 'string' ? code : 'unreadable');
    }
  }
  return out;
}

const KNOWN_CODINGS = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

/** A request's failure before its reply: a connection error keeps its code; others say what. */
function transportError(error: NodeJS.ErrnoException, proxy: URL | undefined): Error {
  if (error.name === 'AbortError') return error;
  const code = typeof error.code === 'string' ? error.code : '';
  // Through a proxy, a refused or unknown host is the proxy's: say so (http.ts names it).
  return Object.assign(new TransportError(error.message, code), proxy ? { proxy: proxyName(proxy) } : {});
}
