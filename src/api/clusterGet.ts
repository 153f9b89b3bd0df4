// The cluster's reads (contract §12.14-12.15): the discovery GETs on the API's own address and the
// metrics GETs on the targets it lists. Neither carries a header of ours beyond what HTTP needs
// (transport.ts getBare takes none: no token, secret or operationID can reach it), each has its own
// deadline, none follows a redirect, every body is capped, and a target list is the server's word:
// untrusted (host:port only, plain http, a bounded number). Every failure comes back as a value
// in words; nothing here throws.
import { Deadline, DeadlineAbort } from './deadline.js';
import { transportWords } from './netWords.js';
import { redirectTarget } from './redirect.js';
import { retryAfterOf } from './rateLimit.js';
import { BodyTooLargeError, getBare, TransportError, type ConnectOptions } from './transport.js';
import { proxyFor, proxyName } from './proxy.js';

/** The eleven discovery routes, in the order the server's router lists them (§12.14). */
export const CLUSTER_SERVICES = ['api', 'user', 'group', 'msg', 'friend', 'conversation', 'third', 'auth', 'push', 'msg_gateway', 'msg_transfer'] as const;
export type ClusterService = (typeof CLUSTER_SERVICES)[number];

export interface ClusterGetConfig {
  /** The deadline of one GET (headers and body), ms. */
  timeoutMs: number;
  /** A metrics body over this is refused (a real process's page is tens of KB). */
  maxBodyBytes: number;
  connect?: ConnectOptions;
  /** Aborted when the connection closes (quit) or the screen closes: every GET in flight ends. */
  signal?: AbortSignal;
  /** Sees every GET, for the request log; never given a header (there are none of ours). */
  onGet?: (event: { url: string; status: number; ms: number; outcome: 'ok' | 'failed' }) => void;
}

export const CLUSTER_GET_DEFAULTS = { timeoutMs: 5_000, maxBodyBytes: 4 * 1024 * 1024 } as const;

/** `waitMs`: a 429's Retry-After (or a minute without one): the sampler waits at least that long. */
export type GetResult = { ok: true; text: string } | { ok: false; reason: string; waitMs?: number };

/** How long a 429 without Retry-After holds the next sample back. */
const RATE_LIMITED_WAIT_MS = 60_000;

/** GETs `url` (http:// or https:// only) and returns its body as text, or why not in words. */
export async function getText(url: string, config: ClusterGetConfig): Promise<GetResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { ok: false, reason: `${target.protocol} is not read (http only)` };
  if (target.username !== '' || target.password !== '') return { ok: false, reason: 'an address with credentials is not read' };
  const started = performance.now();
  const deadline = new Deadline(config.timeoutMs, [config.signal]);
  const seconds = `${Math.round(config.timeoutMs / 100) / 10} s`;
  let status = 0;
  const done = (result: GetResult): GetResult => {
    config.onGet?.({ url: target.href, status, ms: Math.round(performance.now() - started), outcome: result.ok ? 'ok' : 'failed' });
    return result;
  };
  try {
    const reply = await getBare(target.href, deadline, config.connect ?? {});
    status = reply.status;
    if (status >= 300 && status < 400) {
      reply.discard();
      return done({ ok: false, reason: `answered with a redirect (HTTP ${status}) to ${redirectTarget(reply.headers.get('location'), target.href)}; not followed` });
    }
    if (status === 429) {
      const waitMs = Math.min(retryAfterOf(reply) ?? RATE_LIMITED_WAIT_MS, 3_600_000);
      reply.discard();
      return done({ ok: false, reason: `rate-limited (HTTP 429): the next sample waits ${Math.ceil(waitMs / 1000)} s`, waitMs });
    }
    if (status !== 200) {
      reply.discard();
      return done({ ok: false, reason: `answered HTTP ${status}` });
    }
    const body = await reply.read(config.maxBodyBytes, deadline);
    return done({ ok: true, text: body.toString('utf8') });
  } catch (error) {
    return done({ ok: false, reason: failureWords(error, seconds, config.maxBodyBytes, proxyFor(target, config.connect?.proxies)) });
  } finally {
    deadline.dispose();
  }
}

function failureWords(error: unknown, seconds: string, max: number, proxy: URL | undefined): string {
  const via = proxy ? ` (through the proxy ${proxyName(proxy)})` : '';
  if (error instanceof DeadlineAbort) return error.timedOut ? `no answer within ${seconds}${via}` : 'stopped';
  if (error instanceof BodyTooLargeError) return `its answer is larger than ${Math.round(max / 1024)} KB; not read`;
  if (error instanceof TransportError) {
    const words = transportWords(error.code);
    if (words) return words;
    const known: Record<string, string> = {
      ECONNREFUSED: 'refused: nothing listens there',
      ECONNRESET: 'the connection was cut',
      ENOTFOUND: 'the host name is not known (DNS)',
      EAI_AGAIN: 'the host name could not be looked up (DNS)',
      EHOSTUNREACH: 'the host cannot be reached',
      ENETUNREACH: 'the network cannot be reached',
      ETIMEDOUT: 'the connection timed out',
    };
    return `${known[error.code] ?? 'the connection failed'}${via}${error.code ? ` [${error.code}]` : ''}`;
  }
  return 'the read failed';
}

/** The discovery route of a service on the API's address (§12.14). */
export function discoveryUrl(baseUrl: string, service: ClusterService): string {
  return `${baseUrl.replace(/\/+$/, '')}/prometheus_discovery/${service}`;
}

/** A target as the server lists it, checked: a host (name or address) and a port, nothing more. */
export interface MetricsTarget {
  host: string;
  port: number;
  /** `host:port` as written back (IPv6 bracketed). */
  address: string;
}

/** Targets kept of one service's list; more are left out and counted (a list is the server's word). */
export const MAX_TARGETS_PER_SERVICE = 32;

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;

/** `host:port` (`[v6]:port`) checked, or undefined: no scheme, path, user or anything else. */
export function parseTarget(raw: string): MetricsTarget | undefined {
  if (raw.length > 300) return undefined;
  const v6 = /^\[([0-9A-Fa-f:.]{2,45})\]:(\d{1,5})$/.exec(raw);
  const plain = v6 ? null : /^([^:\s/@[\]]+):(\d{1,5})$/.exec(raw);
  const match = v6 ?? plain;
  if (!match) return undefined;
  const host = match[1]!;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return undefined;
  if (v6) {
    try {
      new URL(`http://[${host}]/`);
    } catch {
      return undefined;
    }
    return { host, port, address: `[${host}]:${port}` };
  }
  if (!IPV4.test(host) && !(HOST_NAME.test(host) && !/^[\d.]+$/.test(host))) return undefined;
  return { host, port, address: `${host}:${port}` };
}

export function metricsUrl(target: MetricsTarget): string {
  return `http://${target.address}/metrics`;
}

/** What one discovery route said. */
export type DiscoveryAnswer =
  | { kind: 'targets'; targets: MetricsTarget[]; refused: number; cut: number }
  /** `[]`: not etcd, or nothing registered (§12.14). */
  | { kind: 'empty' }
  | { kind: 'failed'; reason: string };

/**
 * Reads an http_sd answer strictly: a bare array of groups, each with a `targets` array of
 * strings. An OpenIM envelope (an etcd failure answers one with HTTP 200) is said as such.
 */
export function parseDiscovery(text: string): DiscoveryAnswer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'failed', reason: 'its answer is not JSON' };
  }
  if (!Array.isArray(value)) {
    if (value !== null && typeof value === 'object' && 'errCode' in value) {
      const code = (value as { errCode: unknown }).errCode;
      return { kind: 'failed', reason: `the server answered an error (errCode ${typeof code === 'number' ? code : '?'}) instead of a target list` };
    }
    return { kind: 'failed', reason: 'its answer is not a target list (http_sd)' };
  }
  if (value.length === 0) return { kind: 'empty' };
  const targets: MetricsTarget[] = [];
  const seen = new Set<string>();
  let refused = 0;
  let cut = 0;
  for (const group of value.slice(0, 64)) {
    const list: unknown = group !== null && typeof group === 'object' ? (group as { targets?: unknown }).targets : undefined;
    if (!Array.isArray(list)) {
      refused++;
      continue;
    }
    for (const raw of list.slice(0, 4 * MAX_TARGETS_PER_SERVICE)) {
      const target = typeof raw === 'string' ? parseTarget(raw) : undefined;
      if (!target) refused++;
      else if (seen.has(target.address)) continue;
      else if (targets.length >= MAX_TARGETS_PER_SERVICE) cut++;
      else {
        seen.add(target.address);
        targets.push(target);
      }
    }
  }
  return { kind: 'targets', targets, refused, cut };
}
