// The API layer against a server that fails on purpose: every failure becomes a typed value with
// a readable message, and none of them holds the token.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { AbortedError, ApiError, HttpError, NetworkError, ProtocolError } from '../../src/api/errors.js';
import { getUsers } from '../../src/api/operations.js';
import { RETRY_POLICY } from '../../src/api/retryPolicy.js';
import { startFaultServer, type Fault, type FaultServer } from '../support/faultServer.js';
import { NO_BACKOFF, NO_RETRIES, retryPolicy } from '../support/retryPolicy.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const pagination = { pageNumber: 1, showNumber: 10 };

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(choose: (path: string, attempt: number) => Fault, overrides: Partial<ConstructorParameters<typeof OpenIMClient>[0]> = {}) {
  server = await startFaultServer(choose);
  return new OpenIMClient({
    baseUrl: server.url,
    token: TOKEN,
    adminUserID: 'imAdmin',
    timeoutMs: 2000,
    retryPolicy: NO_BACKOFF,
    maxBodyBytes: 1024 * 1024,
    ...overrides,
  });
}

/**
 * The promise, or a failure saying it never settled: a generous condition deadline (the request's
 * own deadline is a fraction of it), so a loaded machine cannot break it, a hang still fails.
 */
async function settles<T>(promise: Promise<T>, withinMs = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const never = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the request did not end within ${withinMs} ms`)), withinMs);
  });
  try {
    return await Promise.race([promise, never]);
  } finally {
    clearTimeout(timer);
  }
}

function expectNoToken(error: unknown): void {
  const text = JSON.stringify(error) + String(error) + (error instanceof Error ? error.message : '');
  expect(text).not.toContain(TOKEN);
}

describe('API layer against failing servers', () => {
  it('sends POST with JSON, a fresh operationID each time, and the token header', async () => {
    const client = await clientFor(() => ({ kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { total: 0, users: null } } }));
    await getUsers(client, { pagination });
    await getUsers(client, { pagination });
    const [a, b] = server!.requests;
    expect(a!.headers.token).toBe(TOKEN);
    expect(a!.headers['content-type']).toContain('application/json');
    expect(JSON.parse(a!.body)).toEqual({ pagination });
    expect(a!.headers.operationid).toMatch(/^\d+$/);
    expect(a!.headers.operationid).not.toBe(b!.headers.operationid);
  });

  it('turns a 502 HTML page into an HttpError with its title, after retrying', async () => {
    const client = await clientFor(() => ({
      kind: 'status',
      status: 502,
      body: '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1>nginx</body></html>',
    }));
    const error = await getUsers(client, { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(502);
    expect((error as HttpError).bodyFirstLine).toBe('502 Bad Gateway');
    expect(server!.requests).toHaveLength(3); // first try + 2 retries
  });

  it('does not retry a 404 and reports gin\'s text body', async () => {
    const client = await clientFor(() => ({ kind: 'status', status: 404, body: '404 page not found', contentType: 'text/plain' }));
    const error = await getUsers(client, { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toContain('404 page not found');
    expect(server!.requests).toHaveLength(1);
  });

  it('recovers when a retry succeeds after a 503', async () => {
    const client = await clientFor((_path, attempt) =>
      attempt === 1
        ? { kind: 'status', status: 503, body: '' }
        : { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { total: 1, users: [{ userID: 'u1' }] } } },
    );
    const page = await getUsers(client, { pagination });
    expect(page.rows.map((u) => u.userID)).toEqual(['u1']);
  });

  it('asks as often and backs off as the retry policy it is given says; without one, as the one policy says', async () => {
    const busy = (): Fault => ({ kind: 'status', status: 503, body: 'busy' });
    const backoffs: number[] = [];
    const given = retryPolicy({ retries: 4, backoffMs: (attempt) => (backoffs.push(attempt), 0) });
    const client = await clientFor(busy, { retryPolicy: given });
    await expect(getUsers(client, { pagination })).rejects.toBeInstanceOf(HttpError);
    expect(server!.requests).toHaveLength(5);
    expect(backoffs).toEqual([1, 2, 3, 4]);
    await server!.close();
    // The policy the explorer, the walk and the live view read (retryPolicy.ts), its backoff waited for.
    server = await startFaultServer(busy);
    const plain = new OpenIMClient({ baseUrl: server.url, token: TOKEN, adminUserID: 'imAdmin', timeoutMs: 5000, maxBodyBytes: 1024 });
    await expect(getUsers(plain, { pagination })).rejects.toBeInstanceOf(HttpError);
    expect(server.requests).toHaveLength(1 + RETRY_POLICY.retries);
  });

  it('times out against a server that never answers, and closes the connections it gave up on', async () => {
    const client = await clientFor(() => ({ kind: 'hang' }), { timeoutMs: 300 });
    const error = await settles(getUsers(client, { pagination }).catch((e: unknown) => e));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('timeout');
    expect(server!.requests.length).toBeGreaterThanOrEqual(1);
    // The deadline holds on the wire too: the server never answered, so only the client can
    // have closed them.
    await vi.waitFor(() => expect(server!.openConnections()).toBe(0), { timeout: 10_000 });
  });

  it('reports a connection reset, also in the middle of a body', async () => {
    for (const kind of ['reset', 'resetMidBody'] as const) {
      const client = await clientFor(() => ({ kind }), { retryPolicy: NO_RETRIES });
      const error = await getUsers(client, { pagination }).catch((e: unknown) => e);
      expect(error, kind).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).reason, kind).toBe('reset');
      await server!.close();
      server = undefined;
    }
  });

  it('reports a refused connection', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const client = new OpenIMClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: TOKEN,
      adminUserID: 'imAdmin',
      timeoutMs: 2000,
      retryPolicy: retryPolicy({ retries: 1, backoffMs: () => 0 }),
      maxBodyBytes: 1024,
    });
    const error = await getUsers(client, { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('refused');
    expect((error as Error).message).toMatch(/connection refused/);
  });

  it.each<[string, Fault, RegExp]>([
    ['an empty body', { kind: 'raw', body: '' }, /empty response body/],
    ['truncated JSON', { kind: 'raw', body: '{"errCode":0,"da' }, /not JSON/],
    ['an HTML page with status 200', { kind: 'raw', body: '<html>oops</html>', contentType: 'text/html' }, /not JSON/],
    ['JSON that is not an envelope', { kind: 'json', body: [1, 2, 3] }, /not an OpenIM envelope/],
    ['a list of the wrong type', { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { total: 1, users: 'nope' } } }, /users/],
    ['a row without its ID', { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { total: 1, users: [{ nickname: 'x' }] } } }, /users\[0\]\.userID/],
  ])('reports %s as a ProtocolError naming the problem', async (_name, fault, message) => {
    const client = await clientFor(() => fault);
    const error = await getUsers(client, { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).message).toMatch(message);
    expect((error as ProtocolError).message).toContain('getUsers');
  });

  it('quotes a broken envelope without the Go stack its errDlt carries', async () => {
    const body = '{"errCode":1,"errMsg":"boom","errDlt":"boom | -> handler.go:12 | -> router.go:90",';
    const client = await clientFor(() => ({ kind: 'raw', body }));
    const error = await getUsers(client, { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).message).toMatch(/not JSON: \{"errCode":1,"errMsg":"boom","errDlt":"boom/);
    expect((error as ProtocolError).message).not.toMatch(/ \| -> |\.go:/);
  });

  it('refuses a body over the size cap, declared or streamed', async () => {
    for (const declareLength of [true, false]) {
      const client = await clientFor(() => ({ kind: 'huge', bytes: 50 * 1024 * 1024, declareLength }), { maxBodyBytes: 2 * 1024 * 1024 });
      const error = await getUsers(client, { pagination }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProtocolError);
      expect((error as Error).message).toMatch(/larger than the 2 MB limit/);
      await server!.close();
      server = undefined;
    }
  });

  it('survives JSON nested 100,000 levels deep in an unknown field', async () => {
    const client = await clientFor(() => ({ kind: 'deep', levels: 100_000 }), { maxBodyBytes: 8 * 1024 * 1024 });
    const page = await getUsers(client, { pagination });
    expect(page.rows[0]?.userID).toBe('u');
  });

  it('treats errCode != 0 as an ApiError even when data is present, and redacts the token from errDlt', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      body: { errCode: 1503, errMsg: 'TokenMalformedError', errDlt: `1503 TokenMalformedError jwt parse error, token=${TOKEN}`, data: { total: 1, users: [] } },
    }));
    const error = await getUsers(client, { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errCode).toBe(1503);
    expect((error as ApiError).isAuth).toBe(true);
    expect((error as ApiError).errDlt).toContain('jwt parse error, token=‹redacted›');
    expectNoToken(error);
  });

  it('keeps a Go stack in errMsg but shows only its first line in the message', async () => {
    const errMsg = 'Error: Error: unexpected end of JSON input | -> github.com/openimsdk/tools/a2r.ParseRequest a2r/api2rpc.go:66 | -> more';
    const client = await clientFor(() => ({ kind: 'json', body: { errCode: 1001, errMsg, errDlt: '' } }));
    const error = (await getUsers(client, { pagination }).catch((e: unknown) => e)) as ApiError;
    expect(error.errMsg).toBe(errMsg);
    expect(error.message).toBe('getUsers: 1001 Error: Error: unexpected end of JSON input');
  });

  it('reads int64 values sent as strings, and keeps unknown fields', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      body: { errCode: 0, errMsg: '', errDlt: '', data: { total: '2', users: [{ userID: 'a', createTime: '1700000000000', newField: 'kept' }] } },
    }));
    const page = await getUsers(client, { pagination });
    expect(page.total).toBe(2);
    expect(page.rows[0]?.createTime).toBe(1_700_000_000_000);
    expect((page.rows[0] as Record<string, unknown>).newField).toBe('kept');
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    const client = await clientFor(() => ({ kind: 'hang' }));
    const controller = new AbortController();
    const pending = getUsers(client, { pagination }, controller.signal).catch((e: unknown) => e);
    // Abort while the request is at the server (it hangs there), not before it was sent.
    await vi.waitFor(() => expect(server!.requests).toHaveLength(1), { timeout: 10_000 });
    controller.abort();
    expect(await settles(pending)).toBeInstanceOf(AbortedError);
    expect(server!.requests).toHaveLength(1);
  });

  it('reports an API error sent with a non-2xx status (main\'s rate limiter) as an ApiError', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      status: 429,
      body: { errCode: 429, errMsg: 'too many requests, please try again later', errDlt: '' },
    }));
    const error = await getUsers(client, { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errCode).toBe(429);
  });
});
