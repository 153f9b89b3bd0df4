// Proxies as curl and kubectl honour them: HTTPS_PROXY for https, HTTP_PROXY for http (either
// case, the lower-case one first, as curl), NO_PROXY for the hosts that go direct. https goes
// through a CONNECT tunnel, so the proxy sees only the host and port, never the token; plain
// http is sent to the proxy in absolute form, as curl does, so the proxy sees the request and
// its token (http carries the token in clear to anyone on the path anyway). Written on node:http
// (a small agent, below) rather than a proxy library: nothing more to load at start.
import { request as httpRequest, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, type AgentOptions } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { PassThrough, type Duplex } from 'node:stream';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';

export interface ProxySettings {
  http?: URL;
  https?: URL;
  /** NO_PROXY entries, lower-case: `*`, a host or domain suffix, optionally with `:port`, or a CIDR range. */
  noProxy: readonly string[];
}

/** Reads the proxy variables; a value that is not an http:// URL is an error in words. */
export function proxySettingsFromEnv(env: NodeJS.ProcessEnv): ProxySettings {
  const read = (name: string): URL | undefined => {
    const raw = (env[name.toLowerCase()] ?? env[name.toUpperCase()] ?? '').trim();
    if (raw === '') return undefined;
    let url: URL;
    try {
      // curl takes `host:port` as http://host:port.
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
    } catch {
      throw new ProxyConfigError(`${name} is not a URL`);
    }
    if (url.protocol !== 'http:') throw new ProxyConfigError(`${name} must be an http:// proxy (${url.protocol}// proxies are not supported)`);
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

/** The proxy for `target`, or undefined to go direct (no proxy set, or NO_PROXY names it). */
export function proxyFor(target: URL, settings: ProxySettings | undefined): URL | undefined {
  if (!settings) return undefined;
  const proxy = target.protocol === 'https:' ? settings.https : settings.http;
  if (!proxy) return undefined;
  const host = target.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const entry of settings.noProxy) {
    if (entry === '*') return undefined;
    const range = /^\[?([0-9a-f:.]+)\]?\/(\d{1,3})$/.exec(entry);
    if (range) {
      if (inRange(host, range[1]!, Number(range[2]))) return undefined;
      continue;
    }
    const m = /^(.*?)(?::(\d+))?$/.exec(entry);
    const name = (m?.[1] ?? entry).replace(/^\[|\]$/g, '').replace(/^\*?\./, '');
    if (m?.[2] !== undefined && m[2] !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return undefined;
  }
  return proxy;
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
      const tls = tlsConnect({ ...(options as ConnectionOptions), host, port, socket, servername: options.servername ?? (/^[\d.]+$|:/.test(host) ? '' : host) });
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
