// @module-tag cli
// get_admin_token answering `{"token": ""}`: the login fails in words. (The text was zod's
// `token: Too small: …`, which the redactor took for a token assignment: `token: ‹redacted› small: …`.)
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { OpenIMClient } from '../../src/api/client.js';
import { ProtocolError } from '../../src/api/errors.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { NO_RETRIES } from '../support/retryPolicy.js';
import { assertBuilt, runCli } from '../support/runCli.js';

const SECRET = 'a-secret-of-the-tests';
const WORDS = 'unexpected data: token: empty: the server answered without a token';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(): Promise<TestServer> {
  server = await startTestServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const data = req.path === '/auth/get_admin_token' ? { token: '', expireTimeSeconds: 86400 } : { total: 0, users: [] };
    res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data }));
  });
  return server;
}

describe('an empty token from get_admin_token', () => {
  beforeAll(assertBuilt);

  it('is a protocol error in words, with no redaction mark', async () => {
    const s = await serve();
    const client = new OpenIMClient({ baseUrl: s.url, secret: SECRET, adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });
    const failed = await client.call('getUsers', '/user/get_users', { pagination: { pageNumber: 1, showNumber: 1 } }, z.unknown()).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(ProtocolError);
    expect((failed as ProtocolError).problem).toBe(WORDS);
    // No request went out with the empty token.
    expect(s.requests.map((r) => r.path)).toEqual(['/auth/get_admin_token']);
  });

  it('the built CLI says it and exits 1', async () => {
    const s = await serve();
    const r = await runCli(['users', '--base-url', s.url, '-o', 'json'], { OPENIM_SECRET: SECRET });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(WORDS);
    expect(r.stderr).not.toContain('‹redacted›');
    expect(r.stderr).not.toContain(SECRET);
  });
});
