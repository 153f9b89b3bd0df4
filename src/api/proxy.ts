// Proxies as curl, Go and kubectl honour them: HTTPS_PROXY for https, HTTP_PROXY for http (either
// case, the lower-case one first, as curl), NO_PROXY for the hosts that go direct, and loopback
// (localhost, 127.0.0.0/8, ::1) always direct, as Go does: an SSH tunnel on 127.0.0.1 must not
// carry the token to a proxy. https goes through a CONNECT tunnel, so the proxy sees only the host
// and port, never the token; plain http is sent to the proxy in absolute form, as curl does, so
// the proxy sees the request and its token (http carries the token in clear to anyone on the path
// anyway). Written on node:http (a small agent, below) rather than a proxy library: nothing more
// to load at start.
import { hasControlCode } from './inertText.js';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, type AgentOptions } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { PassThrough, type Duplex } from 'node:stream';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { isLoopbackHost } from './loopback.js';

export interface ProxySettings {
  http?: URL;
  https?: URL;
  /** NO_PROXY entries, lower-case: `*`, a host or domain suffix, an IP address, optionally with `:port`, or a CIDR range. */
  noProxy: readonly string[];
}

/**
 * Reads the proxy variables. A value that is not an http:// proxy URL (garbage or no host, a space
 * or control character, credentials whose percent-encoding does not decode) is an error naming the
 * variable and never quoting it: it may hold a password.
 */
export function proxySettingsFromEnv(env: NodeJS.ProcessEnv): ProxySettings {
  const read = (lower: string): URL | undefined => {
    const name = env[lower] !== undefined ? lower : lower.toUpperCase();
    const raw = (env[name] ?? '').trim();
    if (raw === '') return undefined;
    // new URL() would drop tabs and newlines and encode the rest: what it parsed is not what was written.
    if (/\s/.test(raw) || hasControlCode(raw)) throw new ProxyConfigError(`${name} is not a proxy URL: it holds a space or a control character`);
    let url: URL;
    try {
      // curl takes `host:port` as http://host:port.
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
    } catch {
      throw new ProxyConfigError(`${name} is not a URL: write it as http://host:port`);
    }
    if (url.protocol !== 'http:') throw new ProxyConfigError(`${name} must be an http:// proxy (${url.protocol}// proxies are not supported)`);
    try {
      decodeURIComponent(url.username);
      decodeURIComponent(url.password);
    } catch {
      throw new ProxyConfigError(`${name} has a user or password whose percent-encoding is broken: write % as %25`);
    }
    return url;
  };
  const noProxy = (env.no_proxy ?? env.NO_PROXY ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  const http = read('http_proxy');
  const https = read('https_proxy');
  return { ...(http ? { http } : {}), ...(https ? { https } : {}), noProxy };
}

export class ProxyConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProxyConfigError';
  }
}

/** The proxy for `target`, or undefined to go direct (no proxy set, a loopback host, or NO_PROXY names it). */
export function proxyFor(target: URL, settings: ProxySettings | undefined): URL | undefined {
  if (!settings) return undefined;
  const proxy = target.protocol === 'https:' ? settings.https : settings.http;
  if (!proxy) return undefined;
  const host = target.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (isLoopbackHost(host)) return undefined;
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return noProxyEntries(settings.noProxy).some((entry) => matches(entry, host, port)) ? undefined : proxy;
}

/** A NO_PROXY entry, read once per list. */
type NoProxyEntry =
  | { kind: 'any' }
  | { kind: 'range'; network: string; prefix: number }
  | { kind: 'address'; address: string; port?: string }
  | { kind: 'name'; name: string; port?: string };

const parsedLists = new WeakMap<readonly string[], NoProxyEntry[]>();

function noProxyEntries(list: readonly string[]): NoProxyEntry[] {
  let entries = parsedLists.get(list);
  if (!entries) {
    entries = list.map(noProxyEntry);
    parsedLists.set(list, entries);
  }
  return entries;
}

/**
 * curl's and Go's forms: `*`; a CIDR range (`10.0.0.0/8`, `fd00::/8`, `[fd00::]/16`); an IPv6
 * address bare (`::1`, `fd00::10`: all of it is the address, so no port) or bracketed, with a port
 * or not (`[::1]`, `[fd00::10]:10002`); an IPv4 address or a name, with `:port` or not; a domain
 * as `example.com`, `.example.com` or `*.example.com`.
 */
function noProxyEntry(entry: string): NoProxyEntry {
  if (entry === '*') return { kind: 'any' };
  const range = /^\[?([0-9a-f:.]+)\]?\/(\d{1,3})$/.exec(entry);
  if (range) return { kind: 'range', network: range[1]!, prefix: Number(range[2]) };
  if (isIP(entry) !== 0) return { kind: 'address', address: entry };
  const bracketed = /^\[([^\]]*)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { kind: 'address', address: bracketed[1]!, ...(bracketed[2] !== undefined ? { port: bracketed[2] } : {}) };
  const withPort = /^([^:]*):(\d+)$/.exec(entry);
  const host = withPort ? withPort[1]! : entry;
  const port = withPort ? { port: withPort[2]! } : {};
  if (isIP(host) !== 0) return { kind: 'address', address: host, ...port };
  return { kind: 'name', name: host.replace(/^\*?\./, ''), ...port };
}

function matches(entry: NoProxyEntry, host: string, port: string): boolean {
  switch (entry.kind) {
    case 'any':
      return true;
    case 'range':
      return inRange(host, entry.network, entry.prefix);
    case 'address':
      return (entry.port === undefined || entry.port === port) && sameAddress(host, entry.address);
    case 'name':
      return (entry.port === undefined || entry.port === port) && entry.name !== '' && (host === entry.name || host.endsWith(`.${entry.name}`));
  }
}

/** Two IP addresses compared as addresses (`fd00::10` is `fd00:0::10`), never as text. */
function sameAddress(host: string, address: string): boolean {
  const family = isIP(address);
  if (family === 0 || isIP(host) !== family) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const one = new BlockList();
  one.addAddress(address, type);
  return one.check(host, type);
}

/**
 * Whether `host`, an IP address, is in the range `network`/`prefix` (curl's NO_PROXY CIDR entries,
 * such as 10.0.0.0/8 or fd00::/8). A host name is never in a range: like curl, nothing is looked up.
 */
function inRange(host: string, network: string, prefix: number): boolean {
  const family = isIP(network);
  if (family === 0 || isIP(host) !== family || prefix > (family === 4 ? 32 : 128)) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const range = new BlockList();
  range.addSubnet(network, prefix, type);
  return range.check(host, type);
}

/** The proxy as the log and messages name it: host and port, never its credentials. */
export function proxyName(proxy: URL): string {
  return proxy.host;
}

/** Proxy-Authorization for a proxy URL with user:password, as curl sends it. */
export function proxyAuthorization(proxy: URL): Record<string, string> {
  if (proxy.username === '' && proxy.password === '') return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** Why a tunnel could not be opened, in words (the transport turns it into a TransportError). */
export class ProxyTunnelError extends Error {
  readonly code = 'ERR_PROXY_TUNNEL';
  constructor(message: string) {
    super(message);
    this.name = 'ProxyTunnelError';
  }
}

type Callback = (error: Error | null, stream: Duplex) => void;
type TunnelOptions = RequestOptions & ConnectionOptions & { tunnelSignal?: AbortSignal };

/**
 * An https agent whose connections are CONNECT tunnels through `proxy`, then TLS to the server
 * inside them (the certificate checked against the server's name, as without a proxy). Keep-alive
 * works as usual: the agent pools the TLS sockets. `tunnelSignal` in the request's options ends a
 * tunnel still being set up when the request's deadline passes.
 */
export class TunnelAgent extends HttpsAgent {
  constructor(
    private readonly proxy: URL,
    options: AgentOptions,
  ) {
    super(options);
  }

  override createConnection(requestOptions: RequestOptions, done?: Callback): undefined {
    const options = requestOptions as TunnelOptions;
    const host = options.host ?? 'localhost';
    const port = Number(options.port ?? 443);
    const authority = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    const connect = httpRequest({
      host: this.proxy.hostname.replace(/^\[|\]$/g, ''),
      port: Number(this.proxy.port || 80),
      method: 'CONNECT',
      path: authority,
      headers: { host: authority, ...proxyAuthorization(this.proxy) },
      agent: false,
      ...(options.tunnelSignal ? { signal: options.tunnelSignal } : {}),
    });
    let settled = false;
    const finish = (error: Error | null, socket?: Duplex): void => {
      if (settled) return;
      settled = true;
      // The agent's callback takes a stream even on error; it ignores it then.
      done?.(error, socket ?? new PassThrough());
    };
    connect.once('connect', (reply, socket) => {
      if (reply.statusCode !== 200) {
        socket.destroy();
        const why =
          reply.statusCode === 407
            ? 'the proxy asks for credentials (407): give them in HTTPS_PROXY as http://user:password@host:port'
            : `the proxy refused the tunnel to ${authority} (HTTP ${reply.statusCode ?? 0})`;
        return finish(new ProxyTunnelError(`${why}; proxy ${proxyName(this.proxy)}`));
      }
      // Verified whatever NODE_TLS_REJECT_UNAUTHORIZED says (transport.ts, VERIFIED).
      const tls = tlsConnect({
        ...(options as ConnectionOptions),
        host,
        port,
        socket,
        servername: options.servername ?? (/^[\d.]+$|:/.test(host) ? '' : host),
        rejectUnauthorized: true,
      });
      finish(null, tls);
    });
    connect.once('error', (error: NodeJS.ErrnoException) => {
      const code = typeof error.code === 'string' ? error.code : '';
      finish(Object.assign(new ProxyTunnelError(`cannot reach the proxy ${proxyName(this.proxy)}${code ? ` [${code}]` : ''}`), { cause: error }));
    });
    connect.end();
    return undefined;
  }
}
