// The embedded OpenIM-compatible demo server (v3.8.3-patch.16 behaviour) on node:http.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { DemoActivity, type ActivityOptions } from './activity.js';
import { handleRequest, type GatewayRequest, type Reply } from './gateway.js';
import { signToken, verifyToken } from './jwt.js';
import type { RouteContext } from './routes.js';
import type { World } from './users.js';
import { DEMO } from './well-known.js';

export { DEMO } from './well-known.js';
export { HOSTILE_SAMPLES, type HostileSample } from './hostile.js';

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
  /**
   * The demo lives: messages, friend applications and new users arrive while it runs
   * (activity.ts). Off by default, so that tests see fixed data; `--demo` turns it on.
   */
  activity?: ActivityOptions;
}

export interface MintOptions {
  ttlSeconds?: number;
  /** Sign with another secret, to produce a token with a bad signature. */
  secret?: string;
  platformID?: number;
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
  /** Requests received, on one path or on all. */
  requestCount(path?: string): number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 16 * 1024 * 1024;
const ADMIN_PLATFORM_ID = 10;

export async function startDemoServer(opts: DemoServerOptions = {}): Promise<DemoServer> {
  const host = opts.host ?? '127.0.0.1';
  const secret = opts.secret ?? DEMO.secret;
  const ttl = opts.tokenTtlSeconds ?? 7_776_000;
  const latencyMs = opts.latencyMs ?? 0;
  const world: World = { population: Math.max(0, Math.floor(opts.users ?? 5000)), adminUserID: opts.adminUserID ?? DEMO.adminUserID };
  const activity = opts.activity ? new DemoActivity(world, opts.activity) : undefined;
  const counts = new Map<string, number>();
  let total = 0;
  // Tokens whose iat is at or below this are expired; new tokens are issued after it.
  let revokedUpToIat = Number.NEGATIVE_INFINITY;

  const nowSeconds = (): number => Math.floor(Date.now() / 1000);
  const mint = (userID: string, o: MintOptions = {}): string => {
    const iat = Math.max(nowSeconds(), revokedUpToIat + 1);
    const platformID = o.platformID ?? (userID === world.adminUserID ? ADMIN_PLATFORM_ID : 1);
    return signToken({ UserID: userID, PlatformID: platformID, exp: iat + (o.ttlSeconds ?? ttl), iat }, o.secret ?? secret);
  };
  const context = (opUserID: string): RouteContext => ({
    world,
    opUserID,
    secret,
    issueAdminToken: () => ({ token: mint(world.adminUserID), expireTimeSeconds: ttl }),
    ...(activity ? { activity } : {}),
  });
  const deps = { verify: (token: string) => verifyToken(token, secret, nowSeconds(), revokedUpToIat), context };

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
      revokedUpToIat = Math.max(nowSeconds(), revokedUpToIat + 1);
    },
    requestCount: (path) => (path === undefined ? total : counts.get(path) ?? 0),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

type Deps = Parameters<typeof handleRequest>[1];

async function serve(req: IncomingMessage, res: ServerResponse, path: string, deps: Deps, latencyMs: number): Promise<void> {
  let reply: Reply;
  try {
    const body = await readBody(req);
    reply = handleRequest(toGatewayRequest(req, path, body), deps);
  } catch {
    // Like gin's panic recovery: status 500 and no body.
    reply = { status: 500, contentType: 'text/plain', body: '' };
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
  // The real gateway gzips when asked (compressionLevel 0 keeps the middleware on).
  if (reply.contentType === 'application/json' && /\bgzip\b/.test(header(req, 'accept-encoding'))) {
    payload = gzipSync(payload);
    headers['Content-Encoding'] = 'gzip';
    headers.Vary = 'Accept-Encoding';
  }
  headers['Content-Length'] = String(payload.length);
  res.writeHead(reply.status, headers);
  res.end(payload);
}
