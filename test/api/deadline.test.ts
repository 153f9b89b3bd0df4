// The request deadline holds once the headers have arrived, body included, whatever the garbage
// collector does. A server that sends the headers and stalls, and one that drips the body a byte
// every 200 ms: the built CLI runs under `node --expose-gc` with a collection every 50 ms (the
// weakly held links between the deadline and the body are gone long before it passes), and must
// end with the timeout error, exit 3. No duration is asserted: only that it ended, within a
// generous wait, with the right words. The same through the API client in-process, and for the
// admin login.
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { AbortedError, NetworkError } from '../../src/api/errors.js';
import { getUsers } from '../../src/api/operations.js';
import { startTestServer, type Recorded, type TestServer } from '../support/recordingServer.js';
import { assertBuilt, runCli, type CliExit } from '../support/runCli.js';
import { NO_BACKOFF } from '../support/retryPolicy.js';

const GC_PRELOAD = join(import.meta.dirname, '..', 'support', 'gcPreload.mjs');
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.ZGVhZGxpbmUtdGVzdC10b2tlbg';
const SECRET = 'deadline-Secret-5d1e';
/** How long a run may take before the test calls it hung: far beyond a 2 s deadline. */
const HUNG_MS = 30_000;

type Body = 'stall' | 'drip';

/** Headers at once, then a body that never ends: nothing more, or one byte every 200 ms. */
function slowBody(kind: Body): (req: Recorded, res: ServerResponse) => void {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"errCode":0,"errMsg":"","errDlt":"","data":{"total":1,"users":[');
    if (kind === 'drip') {
      const timer = setInterval(() => res.write(' '), 200);
      res.on('close', () => clearInterval(timer));
    }
  };
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The built CLI under --expose-gc with the collecting preload. */
function cliUnderGc(args: string[], env: NodeJS.ProcessEnv): Promise<CliExit> {
  return runCli(args, env, { nodeArgs: ['--expose-gc', '--import', GC_PRELOAD], hungMs: HUNG_MS });
}

describe('the deadline of the built CLI under forced garbage collection', { tags: ['cli'] }, () => {
  beforeAll(assertBuilt);

  it.each<Body>(['stall', 'drip'])('a body that %ss: exit 3 with the timeout error', async (kind) => {
    server = await startTestServer(slowBody(kind));
    const r = await cliUnderGc(['users', '--base-url', server.url, '--timeout', '2', '-o', 'ndjson'], { OPENIM_TOKEN: TOKEN });
    expect(r.hung, `still running after ${HUNG_MS} ms; stderr: ${r.stderr}`).toBe(false);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^openim-explorer: getUsers: no answer before the timeout \(2000 ms\) operationID=\d+\n$/);
    expect(server.requests).toHaveLength(1); // a timeout is not retried
  }, HUNG_MS + 10_000);

  it.each<Body>(['stall', 'drip'])('the admin login whose body %ss: exit 3 with the timeout error', async (kind) => {
    server = await startTestServer(slowBody(kind));
    const r = await cliUnderGc(['users', '--base-url', server.url, '--timeout', '2'], { OPENIM_SECRET: SECRET });
    expect(r.hung, `still running after ${HUNG_MS} ms; stderr: ${r.stderr}`).toBe(false);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^openim-explorer: getAdminToken: no answer before the timeout \(2000 ms\) operationID=\d+\n$/);
    expect(r.stderr).not.toContain(SECRET);
  }, HUNG_MS + 10_000);
});

describe('the deadline of the API client in-process', () => {
  const client = (baseUrl: string, auth: { token?: string; secret?: string }, timeoutMs = 500): OpenIMClient =>
    new OpenIMClient({ baseUrl, ...auth, adminUserID: 'imAdmin', timeoutMs, retryPolicy: NO_BACKOFF, maxBodyBytes: 1 << 20 });

  it.each<Body>(['stall', 'drip'])('a body that %ss ends with a timeout, and the connection is closed', async (kind) => {
    let closed = false;
    server = await startTestServer((req, res) => {
      res.on('close', () => (closed = true));
      slowBody(kind)(req, res);
    });
    const error = await getUsers(client(server.url, { token: TOKEN }), { pagination: { pageNumber: 1, showNumber: 10 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('timeout');
    // The client hung up: the server's side of the connection closes too (not left to its timeouts).
    await expect.poll(() => closed, { timeout: 5000 }).toBe(true);
  });

  it('close() ends a login that hangs at once (AbortedError), and every request after it', async () => {
    server = await startTestServer(() => undefined); // never answers
    const c = client(server.url, { secret: SECRET }, 60_000);
    const pending = getUsers(c, { pagination: { pageNumber: 1, showNumber: 10 } }).catch((e: unknown) => e);
    await expect.poll(() => server!.requests.length, { timeout: 5000 }).toBe(1);
    c.close();
    expect(await pending).toBeInstanceOf(AbortedError);
    expect(await getUsers(c, { pagination: { pageNumber: 1, showNumber: 10 } }).catch((e: unknown) => e)).toBeInstanceOf(AbortedError);
    expect(server.requests).toHaveLength(1);
  });
  it('fifteen requests in flight on one connection hang no listener each on it (no MaxListenersExceeded warning); close() ends them all', async () => {
    server = await startTestServer(() => undefined); // never answers
    const c = client(server.url, { token: TOKEN }, 60_000);
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => {
      warnings.push(warning.name);
    };
    process.on('warning', onWarning);
    try {
      const pending = Array.from({ length: 15 }, () => getUsers(c, { pagination: { pageNumber: 1, showNumber: 10 } }).catch((e: unknown) => e));
      await expect.poll(() => server!.requests.length, { timeout: 5000 }).toBe(15);
      c.close();
      for (const outcome of await Promise.all(pending)) expect(outcome).toBeInstanceOf(AbortedError);
      // Node emits the warning on a later tick: let it come if it would.
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
