// What the node:http transport (src/api/transport.ts) took over from fetch, seen through the API
// client against servers on 127.0.0.1: the codings a server or proxy may use, the cap applied to
// what a small compressed body expands to, keep-alive, and a token no header can carry.
import { get } from 'node:http';
import { createServer } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { NetworkError, ProtocolError } from '../../src/api/errors.js';
import { getUsers } from '../../src/api/operations.js';
import { headerValue } from '../../src/api/transport.js';
import { envelope, startTestServer, type TestServer } from '../support/recordingServer.js';
import { NO_BACKOFF } from '../support/retryPolicy.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.dHJhbnNwb3J0LXRlc3QtdG9rZW4';
const pagination = { pageNumber: 1, showNumber: 10 };
const page = (userID: string): string =>
  JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data: { total: 1, users: [{ userID }] } });

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function client(url: string, token = TOKEN, maxBodyBytes = 1 << 20): OpenIMClient {
  return new OpenIMClient({ baseUrl: url, token, adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_BACKOFF, maxBodyBytes });
}

async function serve(body: Buffer, headers: Record<string, string>): Promise<OpenIMClient> {
  server = await startTestServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(body);
  });
  return client(server.url);
}

describe('the codings of a reply', () => {
  it('asks for gzip, deflate and br, as fetch did (OpenIM compresses only when asked)', async () => {
    const c = await serve(Buffer.from(page('plain')), {});
    await getUsers(c, { pagination });
    expect(server!.requests[0]?.headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it.each([
    ['gzip', (s: string) => gzipSync(s)],
    ['x-gzip', (s: string) => gzipSync(s)],
    ['deflate', (s: string) => deflateSync(s)],
    ['br', (s: string) => brotliCompressSync(s)],
    ['deflate, gzip', (s: string) => gzipSync(deflateSync(s))],
  ])('reads a body in Content-Encoding %s', async (encoding, compress) => {
    const c = await serve(compress(page(`in_${encoding}`)), { 'content-encoding': encoding });
    expect((await getUsers(c, { pagination })).rows[0]?.userID).toBe(`in_${encoding}`);
  });

  it('takes a body in a coding it does not know as it is', async () => {
    const c = await serve(Buffer.from(page('as_sent')), { 'content-encoding': 'zstd-but-not-really' });
    expect((await getUsers(c, { pagination })).rows[0]?.userID).toBe('as_sent');
  });

  it('refuses a small gzip that expands past the body cap', async () => {
    // 16 MB of spaces in about 16 KB: within the 1 MB cap as sent, far beyond it decoded.
    const bomb = gzipSync(Buffer.alloc(16 << 20, 0x20));
    expect(bomb.byteLength).toBeLessThan(1 << 20);
    const c = await serve(bomb, { 'content-encoding': 'gzip' });
    const error = await getUsers(c, { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).message).toMatch(/response larger than the 1 MB limit/);
  });
});

describe('connections', () => {
  it('keeps one connection for requests one after another', async () => {
    server = await startTestServer(envelope({ total: 1, users: [{ userID: 'u1' }] }));
    const c = client(server.url);
    for (let i = 0; i < 5; i++) await getUsers(c, { pagination });
    expect(server.requests).toHaveLength(5);
    expect(server.connections).toBe(1);
  });

  it('closes a connection left idle in the pool after about 4 s (the server would keep it a minute)', async () => {
    server = await startTestServer(envelope({ total: 1, users: [{ userID: 'u1' }] }), { keepAliveTimeoutMs: 60_000 });
    const c = client(server.url);
    for (let i = 0; i < 3; i++) await getUsers(c, { pagination });
    expect(server.connections).toBe(1);
    expect(server.open).toBe(1);
    await vi.waitFor(() => expect(server!.open).toBe(0), { timeout: 15_000, interval: 100 });
    expect(server.connections).toBe(1);
  }, 20_000);

  it('a token with a line break is refused in words before anything is sent, and not retried', async () => {
    server = await startTestServer(envelope({ total: 0, users: [] }));
    const error = await getUsers(client(server.url, `${TOKEN}\r\nX-Injected: 1`), { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toContain('the token holds characters no HTTP header can carry');
    expect((error as NetworkError).message).not.toContain(TOKEN);
    expect(server.requests).toHaveLength(0);
    expect(server.connections).toBe(0);
  });
});

describe("a reply's headers", () => {
  // A raw reply (node:http's server would merge repeats itself), read by node:http's own
  // IncomingMessage#headers and by the transport's reading of the header lines: they must agree.
  const lines = [
    'Content-Type: application/json',
    'content-type: text/plain',
    'Retry-After: 7',
    'retry-after: 9',
    'Location: /first',
    'LOCATION: /second',
    'X-Note: a',
    'x-note: b',
    'Vary: accept-encoding',
    'Cookie: a=1',
    'cookie: b=2',
    'Set-Cookie: s=1',
    'set-cookie: t=2',
    'Content-Encoding: identity',
    'content-encoding: identity',
  ];
  const names = ['content-type', 'retry-after', 'location', 'x-note', 'vary', 'cookie', 'set-cookie', 'content-encoding', 'content-length', 'absent'];

  it('gives each header as node:http does, repeats included', async () => {
    const body = page('raw');
    const raw = createServer((socket) =>
      socket.once('data', () => socket.end(`HTTP/1.1 200 OK\r\n${lines.join('\r\n')}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)),
    );
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = raw.address() as { port: number };
      const seen = await new Promise<{ headers: NodeJS.Dict<string | string[]>; rawHeaders: string[] }>((resolve, reject) =>
        get({ host: '127.0.0.1', port, agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve({ headers: res.headers, rawHeaders: res.rawHeaders }));
        }).on('error', reject),
      );
      for (const name of names) {
        const node = seen.headers[name];
        expect(headerValue(seen.rawHeaders, name), name).toBe(node === undefined ? null : Array.isArray(node) ? node.join(', ') : node);
      }
      // And through the client: the page is read (identity twice is still identity).
      expect((await getUsers(client(`http://127.0.0.1:${port}`), { pagination })).rows[0]?.userID).toBe('raw');
    } finally {
      await new Promise((resolve) => raw.close(resolve));
    }
  });
});
