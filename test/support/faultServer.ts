// A server that fails on purpose, for tests of the API layer and the UI: refuses, resets,
// hangs, answers slowly, with HTML or empty bodies, truncated or hostile JSON, huge bodies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback.js';

export type Fault =
  | { kind: 'hang' }
  | { kind: 'reset' }
  | { kind: 'resetMidBody' }
  | { kind: 'status'; status: number; body: string; contentType?: string }
  | { kind: 'json'; body: unknown; status?: number; delayMs?: number; headers?: Record<string, string> }
  | { kind: 'raw'; body: string; status?: number; contentType?: string; delayMs?: number; headers?: Record<string, string> }
  | { kind: 'huge'; bytes: number; declareLength?: boolean }
  | { kind: 'deep'; levels: number }
  /** Arbitrary bytes (invalid UTF-8 included), for fuzzing. */
  | { kind: 'bytes'; body: Uint8Array; status?: number; contentType?: string };

export interface FaultServer {
  url: string;
  /** Requests received, with their headers and body. */
  requests: { path: string; headers: IncomingMessage['headers']; body: string }[];
  /** Connections still open (a client that gave up on a hanging request closes its own). */
  openConnections(): number;
  close(): Promise<void>;
}

/** `body` is the request body as received (the JSON the client sent). */
export async function startFaultServer(choose: (path: string, attempt: number, body: string) => Fault): Promise<FaultServer> {
  const requests: FaultServer['requests'] = [];
  const attempts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ path, headers: req.headers, body });
      const attempt = (attempts.get(path) ?? 0) + 1;
      attempts.set(path, attempt);
      serve(choose(path, attempt, body), req, res);
    });
  });
  const { url, open, close } = await listenOnLoopback(server);
  return { url, requests, openConnections: open, close };
}

function serve(fault: Fault, req: IncomingMessage, res: ServerResponse): void {
  switch (fault.kind) {
    case 'hang':
      return; // never answers
    case 'reset':
      req.socket.destroy();
      return;
    case 'resetMidBody':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"errCode":0,"errMsg":"","errDlt":"","data":{"users":[');
      setTimeout(() => req.socket.destroy(), 20);
      return;
    case 'status':
      res.writeHead(fault.status, { 'content-type': fault.contentType ?? 'text/html' });
      res.end(fault.body);
      return;
    case 'json':
      setTimeout(() => {
        res.writeHead(fault.status ?? 200, { 'content-type': 'application/json', ...fault.headers });
        res.end(JSON.stringify(fault.body));
      }, fault.delayMs ?? 0);
      return;
    case 'raw':
      setTimeout(() => {
        res.writeHead(fault.status ?? 200, { 'content-type': fault.contentType ?? 'application/json', ...fault.headers });
        res.end(fault.body);
      }, fault.delayMs ?? 0);
      return;
    case 'huge': {
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(fault.declareLength ? { 'content-length': String(fault.bytes) } : {}),
      });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < fault.bytes) {
          sent += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end();
      };
      res.on('error', () => undefined);
      pump();
      return;
    }
    case 'bytes':
      res.writeHead(fault.status ?? 200, { 'content-type': fault.contentType ?? 'application/json' });
      res.end(fault.body);
      return;
    case 'deep': {
      res.writeHead(200, { 'content-type': 'application/json' });
      const open = '{"a":'.repeat(fault.levels);
      const close = '}'.repeat(fault.levels);
      res.end(`{"errCode":0,"errMsg":"","errDlt":"","data":{"total":1,"users":[{"userID":"u","ex":"x","deep":${open}1${close}}]}}`);
      return;
    }
  }
}

/** A server whose users list is `users`, one page for any request, and empty data for the rest. */
export function startUsersServer(users: readonly unknown[]): Promise<FaultServer> {
  return startFaultServer((path) =>
    path === '/user/get_users'
      ? { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { total: users.length, users } } }
      : { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: {} } },
  );
}
