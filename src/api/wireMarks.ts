// What the header says about the path to the server: the proxy that carries the connection, if
// one does, and `! plain http` when the token travels in clear beyond this machine. Whether a host
// is this machine is decided on the address the connection actually went to (the socket's peer,
// known once a reply arrived), never on a name's text: `127.example.com` is not loopback, and no
// lookup of our own is made (it could answer otherwise than the one the connection made).
import { isLoopbackHost, isLoopbackAddress } from './loopback.js';
import { proxyFor, proxyName, type ProxySettings } from './proxy.js';

export interface WireMarks {
  /** The proxy (host:port, never its credentials) that carries the connection. */
  readonly proxy?: string;
  /** The token and secret go in clear to a host that is not this machine. */
  readonly plainHttp: boolean;
}

/**
 * `! plain http` or not, for http to `target`: through a proxy always (the proxy and whatever is
 * beyond it read the request); direct, by `peer`, the address connected to, once known; before
 * that, by the URL's host only when it is `localhost` or a loopback address, so that a name shows
 * the mark until a connection proves it is this machine.
 */
export function plainHttpTo(target: URL, proxied: boolean, peer: string | undefined): boolean {
  if (target.protocol !== 'http:') return false;
  if (proxied) return true;
  if (peer !== undefined) return !isLoopbackAddress(peer);
  return !isLoopbackHost(target.hostname.replace(/^\[|\]$/g, ''));
}

/** The marks of one connection, kept up to date as replies arrive (the Header subscribes). */
export class WireWatch {
  private marks: WireMarks;
  private readonly target: URL | undefined;
  private readonly proxied: boolean;
  private readonly listeners = new Set<() => void>();
  /** The peer of the last reply: the marks are a function of it, and a walk's replies all share one. */
  private lastPeer: string | undefined;

  constructor(baseUrl: string, proxies?: ProxySettings) {
    this.target = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
    const proxy = this.target ? proxyFor(this.target, proxies) : undefined;
    this.proxied = proxy !== undefined;
    this.marks = {
      ...(proxy ? { proxy: proxyName(proxy) } : {}),
      plainHttp: this.target ? plainHttpTo(this.target, this.proxied, undefined) : false,
    };
  }

  /** The marks now; the same object until they change (React's useSyncExternalStore needs that). */
  readonly current = (): WireMarks => this.marks;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A reply came over a connection to `peer`. */
  saw(peer: string): void {
    if (!this.target || peer === this.lastPeer) return;
    this.lastPeer = peer;
    const plainHttp = plainHttpTo(this.target, this.proxied, peer);
    if (plainHttp === this.marks.plainHttp) return;
    this.marks = { ...this.marks, plainHttp };
    for (const listener of this.listeners) listener();
  }
}
