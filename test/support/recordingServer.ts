// Small node:http servers of the tests' own: one that records every request it receives (headers
// and body) and answers with a fixed reply, and one that redirects everything to a given place.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback.js';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestServer {
  url: string;
  /** Every request, complete with its body, in order of arrival. */
  requests: Recorded[];
  /** Connections accepted, including ones that sent nothing whole. */
  connections: number;
  /** Connections still open. */
  open: number;
  close(): Promise<void>;
}

type Handler = (req: Recorded, res: ServerResponse, raw: IncomingMessage) => void;

/** `keepAliveTimeoutMs`: how long the server keeps an idle connection (Node's default: 5 s). */
export async function startTestServer(handle: Handler, options: { keepAliveTimeoutMs?: number } = {}): Promise<TestServer> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      res.on('error', () => undefined);
      handle(recorded, res, req);
    });
  });
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    requests,
    get connections() {
      return listening.accepted();
    },
    get open() {
      return listening.open();
    },
    close: listening.close,
  };
}

/** Answers every request with an OpenIM envelope around `data`. */
export function envelope(data: unknown): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data }));
  };
}

/** Redirects every request with `status` to `location(req)`. */
export function redirectTo(status: number, location: (req: Recorded) => string | undefined): Handler {
  return (req, res) => {
    const target = location(req);
    res.writeHead(status, { ...(target !== undefined ? { location: target } : {}), 'content-type': 'text/html' });
    res.end(`<html><title>${status} Moved</title></html>`);
  };
}
