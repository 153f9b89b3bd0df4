// The embedded OpenIM-compatible demo server on node:http: v3.8.3-patch.16's behaviour, or main's
// with `server: 'main'` (generation.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { constants, gzipSync } from 'node:zlib';
import { DemoActivity, type ActivityOptions } from './activity.js';
import { handleRequest, type GatewayRequest, type Reply } from './gateway.js';
import { IAT_BACKDATE_SECONDS, signToken, verifyToken, type TokenCheck } from './jwt.js';
import { TokenStore, type AdminTokenPolicy } from './tokenStore.js';
import type { ServerGeneration } from './generation.js';
import type { RouteContext } from './route.js';
import { DEMO_NOW_MS, type World } from './users.js';
import { startDemoCluster, type DemoCluster, type DiscoveryMode } from './cluster.js';
import { DEMO } from './well-known.js';

export { DEMO } from './well-known.js';
export { HOSTILE_SAMPLES, type HostileSample } from './hostile.js';
export type { AdminTokenPolicy } from './tokenStore.js';
export { SERVER_GENERATIONS, type ServerGeneration } from './generation.js';

export interface DemoServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Ordinary users, user_000001..; default 5000, a million is fine. */
  users?: number;
  /** Default DEMO.secret. */
  secret?: string;
  /** Default DEMO.adminUserID. */
  adminUserID?: string;
  /** Artificial delay per request, default 0. */
  latencyMs?: number;
  /** Lifetime of issued tokens; default 7776000 (90 days). */
  tokenTtlSeconds?: number;
  /** Which server it answers as (generation.ts); default 'release', the newest release. */
  server?: ServerGeneration;
  /** How admin tokens are kept; default the generation's: 'unstored' (v3.8.1 to v3.8.3-patch.16), 'demoted' on main. See AdminTokenPolicy. */
  adminTokens?: AdminTokenPolicy;
  /**
   * The demo lives: messages, friend applications and new users arrive while it runs
   * (activity.ts). Off by default, so that tests see fixed data; `--demo` turns it on.
   */
  activity?: ActivityOptions;
  /**
   * The data set's now (ms): messages, applications and creation times are counted back from it
   * (users.ts worldNow), the population and its shape the same whatever it is. Default: the
   * activity's clock when the demo lives (a demo looks like a server running now), else the fixed
   * DEMO_NOW_MS (tests see the same times every run). `--demo` passes Date.now() here.
   */
  nowMs?: number;
  /**
   * The cluster (cluster.ts): metrics listeners of its own on loopback and the discovery routes
   * listing them; `discovery: 'none'` answers `[]` as a non-etcd server. Off by default (the
   * routes then answer `[]`, nothing registered); `--demo` and `demo-server` turn it on.
   */
  cluster?: { discovery?: DiscoveryMode };
}

export interface MintOptions {
  ttlSeconds?: number;
  /** Sign with another secret, to produce a token with a bad signature. */
  secret?: string;
  platformID?: number;
  /** An nbf claim (Unix seconds), as older servers' tokens carry. */
  nbf?: number;
  /** Leave it out of the token store: well signed, yet unknown to the server (1507 unless admin). */
  unstored?: boolean;
}

export interface DemoServer {
  url: string;
  port: number;
  /** A valid admin token, for tests. */
  adminToken(): string;
  /** A token for any user ID (the real server would issue it via /auth/user_token). For tests. */
  mintToken(userID: string, options?: MintOptions): string;
  /** Makes every token issued so far expired (1501), for tests of re-authentication. */
  expireTokens(): void;
  /** As force_logout: the user's stored tokens answer 1506 (admin tokens only when the policy stores them). */
  kickTokens(userID: string): number;
  /** As if later logins or a flush removed them from the store: the user's tokens answer 1507. */
  forgetTokens(userID: string): number;
  /** main: the demoted admin tokens reach the end of their 5 minutes and answer 1507. */
  expireTemporaryTokens(): void;
  /** Requests received, on one path or on all. */
  requestCount(path?: string): number;
  /** The cluster's metrics targets by service (the down one too); empty without a cluster. */
  metricsTargets(): Record<string, string[]>;
  /** The discovery registry's keys, under the generation's prefix (§12.14); empty without a cluster. */
  discoveryKeys(): string[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 16 * 1024 * 1024;
const ADMIN_PLATFORM_ID = 10;

export async function startDemoServer(opts: DemoServerOptions = {}): Promise<DemoServer> {
  const host = opts.host ?? '127.0.0.1';
  const secret = opts.secret ?? DEMO.secret;
  const ttl = opts.tokenTtlSeconds ?? 7_776_000;
  const latencyMs = opts.latencyMs ?? 0;
  const nowMs = opts.nowMs ?? (opts.activity ? (opts.activity.now ?? Date.now)() : DEMO_NOW_MS);
  const world: World = { population: Math.max(0, Math.floor(opts.users ?? 5000)), adminUserID: opts.adminUserID ?? DEMO.adminUserID, nowMs };
  const activity = opts.activity ? new DemoActivity(world, opts.activity) : undefined;
  const counts = new Map<string, number>();
  let total = 0;
  // Tokens issued at or before this second are expired; new tokens are issued after it.
  let revokedUpTo = Number.NEGATIVE_INFINITY;
  const generation = opts.server ?? 'release';
  const store = new TokenStore(opts.adminTokens ?? (generation === 'main' ? 'demoted' : 'unstored'), (userID) => userID === world.adminUserID);

  const nowSeconds = (): number => Math.floor(Date.now() / 1000);
  const mint = (userID: string, o: MintOptions = {}): string => {
    const issued = Math.max(nowSeconds(), revokedUpTo + 1);
    const platformID = o.platformID ?? (userID === world.adminUserID ? ADMIN_PLATFORM_ID : 1);
    // BuildClaims: exp = now + ttl, iat = now - 5 s, so exp - iat is the ttl plus 5 (7,776,005).
    const claims = { UserID: userID, PlatformID: platformID, exp: issued + (o.ttlSeconds ?? ttl), iat: issued - IAT_BACKDATE_SECONDS };
    const token = signToken(o.nbf === undefined ? claims : { ...claims, nbf: o.nbf }, o.secret ?? secret);
    if (!o.unstored && (o.secret === undefined || o.secret === secret)) store.issued(userID, platformID, token);
    return token;
  };
  const verify = (token: string): TokenCheck => {
    const check = verifyToken(token, secret, nowSeconds(), revokedUpTo);
    if (!check.ok) return check;
    const verdict = store.check(check.claims.UserID, check.claims.PlatformID, token);
    return verdict === 'ok' ? check : { ok: false, reason: verdict };
  };
  const context = (opUserID: string): RouteContext => ({
    world,
    generation,
    opUserID,
    secret,
    issueAdminToken: () => ({ token: mint(world.adminUserID), expireTimeSeconds: ttl }),
    verifyToken: verify,
    ...(activity ? { activity } : {}),
  });
  const clusterClock = activity ? (opts.activity?.now ?? Date.now) : () => nowMs;
  const cluster: DemoCluster | undefined = opts.cluster
    ? await startDemoCluster({ host, generation, discovery: opts.cluster.discovery ?? 'etcd', now: clusterClock })
    : undefined;
  const withCluster = (ctx: RouteContext): RouteContext => (cluster ? { ...ctx, cluster } : ctx);
  const deps = { verify, context: (opUserID: string) => withCluster(context(opUserID)) };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://demo').pathname;
    total++;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    void serve(req, res, path, deps, latencyMs);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    adminToken: () => mint(world.adminUserID),
    mintToken: mint,
    expireTokens: () => {
      revokedUpTo = Math.max(nowSeconds(), revokedUpTo + 1);
    },
    kickTokens: (userID) => store.kick(userID),
    forgetTokens: (userID) => store.forget(userID),
    expireTemporaryTokens: () => store.expireTemporaries(),
    requestCount: (path) => (path === undefined ? total : counts.get(path) ?? 0),
    metricsTargets: () => cluster?.targets() ?? {},
    discoveryKeys: () => cluster?.keys() ?? [],
    close: () =>
      Promise.all([
        cluster?.close(),
        new Promise<void>((resolve, reject) => {
          server.close((err) => (err ? reject(err) : resolve()));
          server.closeAllConnections();
        }),
      ]).then(() => undefined),
  };
}

type Deps = Parameters<typeof handleRequest>[1];

async function serve(req: IncomingMessage, res: ServerResponse, path: string, deps: Deps, latencyMs: number): Promise<void> {
  let reply: Reply;
  try {
    const body = await readBody(req);
    reply = await handleRequest(toGatewayRequest(req, path, body), deps);
  } catch {
    // Like gin's panic recovery: status 500 and no body; CORS had already set the JSON type.
    reply = { status: 500, contentType: 'application/json', body: '' };
  }
  if (latencyMs > 0) await sleep(latencyMs);
  if (!res.writable) return;
  write(req, res, reply);
}

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function toGatewayRequest(req: IncomingMessage, path: string, body: string): GatewayRequest {
  return { method: req.method ?? 'GET', path, operationID: header(req, 'operationid'), token: header(req, 'token'), body };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function write(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { 'Content-Type': reply.contentType, 'Access-Control-Allow-Origin': '*' };
  let payload = Buffer.from(reply.body, 'utf8');
  // gin-contrib/gzip (on by default: compressionLevel 0) wraps every reply when the header merely
  // contains "gzip". Its deferred Close writes an empty gzip stream before gin writes the 404 text,
  // which is then dropped, with the headers as CORS left them: JSON type, empty stream (contract §10).
  if (header(req, 'accept-encoding').includes('gzip')) {
    if (reply.status === 404 || reply.status === 500) {
      payload = Buffer.alloc(0);
      headers['Content-Type'] = 'application/json';
    }
    // At gzip.BestSpeed, as a server whose openim-api.yml says `compressionLevel: 2`: the same
    // stream to any client, for a third less of the demo's time on a 25-40 KB page than the
    // default level (docs/performance.md, issue 38's third pass).
    payload = gzipSync(payload, { level: constants.Z_BEST_SPEED });
    headers['Content-Encoding'] = 'gzip';
    headers.Vary = 'Accept-Encoding';
  }
  headers['Content-Length'] = String(payload.length);
  res.writeHead(reply.status, headers);
  res.end(payload);
}
