// Redirects are never followed: a server that answers 3xx pointing at another server must not get
// that other server the token header or the login body with the secret. Two servers on loopback:
// one redirects, the other records everything it receives and must receive nothing. Both for the
// API client in-process and for the built CLI's scripting command (exit 1, message on stderr).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { RedirectError } from '../../src/api/errors.js';
import { getAdminToken, getUsers } from '../../src/api/operations.js';
import { adviceKeys, describeFailure } from '../../src/components/failureText.js';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';

const ADVICE = adviceKeys(DEFAULT_KEYS);
import { envelope, redirectTo, startTestServer, type TestServer } from '../support/recordingServer.js';
import { assertBuilt, runCli as cli } from '../support/runCli.js';
import { NO_BACKOFF } from '../support/retryPolicy.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.cmVkaXJlY3QtdGVzdC10b2tlbg';
const SECRET = 'redirect-Secret-91c2';
const STATUSES = [301, 302, 303, 307, 308] as const;

let other: TestServer;
let redirector: TestServer | undefined;
beforeAll(async () => {
  // What a redirect would reach: it answers like a real server, so following would "work".
  other = await startTestServer(envelope({ total: 1, users: [{ userID: 'from_the_other_server' }], token: 'x', expireTimeSeconds: 1 }));
});
afterEach(async () => {
  await redirector?.close();
  redirector = undefined;
  other.requests.length = 0;
});
afterAll(async () => {
  await other.close();
});

function client(baseUrl: string, auth: { token?: string; secret?: string }): OpenIMClient {
  return new OpenIMClient({ baseUrl, ...auth, adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_BACKOFF, maxBodyBytes: 1 << 20 });
}

const pagination = { pageNumber: 1, showNumber: 10 };

describe('the API client never follows a redirect', () => {
  it.each(STATUSES)('%i to another origin: no token there, an error naming the origin only', async (status) => {
    redirector = await startTestServer(redirectTo(status, (req) => `${other.url}/steal${req.path}?token=${TOKEN}&x=1`));
    const error = await getUsers(client(redirector.url, { token: TOKEN }), { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    const redirect = error as RedirectError;
    expect(redirect.status).toBe(status);
    expect(redirect.target).toBe(other.url);
    expect(redirect.message).toBe(
      `getUsers: the server redirected (${status}) to ${other.url}; an admin API is never redirected: check --base-url`,
    );
    expect(redirect.message).not.toContain('steal');
    expect(redirect.message).not.toContain(TOKEN);
    expect(redirector.requests).toHaveLength(1); // not retried
    expect(redirector.requests[0]!.headers.token).toBe(TOKEN); // sent to the server we were given, only
    expect(other.requests).toEqual([]);
    expect(other.connections).toBe(0);
    // The explorer shows it in words, with what to do.
    const text = describeFailure(redirect, ADVICE);
    expect(text.headline).toBe(`the server redirected (${status}) to ${other.url} in getUsers`);
    expect(text.hint).toMatch(/check --base-url/);
  });

  it.each(STATUSES)('%i on the login: the secret stays with the server it was given to', async (status) => {
    redirector = await startTestServer(redirectTo(status, () => `${other.url}/auth/get_admin_token`));
    const login = client(redirector.url, { secret: SECRET });
    const error = await getUsers(login, { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).origin.operation).toBe('getAdminToken');
    const direct = await getAdminToken(login, { secret: SECRET, userID: 'imAdmin' }).catch((e: unknown) => e);
    expect(direct).toBeInstanceOf(RedirectError);
    expect(redirector.requests.map((r) => r.path)).toEqual(['/auth/get_admin_token', '/auth/get_admin_token']);
    expect(other.requests).toEqual([]);
    expect(other.connections).toBe(0);
  });

  it.each<[string, (self: string) => string, string]>([
    ['a loop to itself', (self) => `${self}/user/get_users`, ''],
    ['a relative loop', () => '/user/get_users?again=1', ''],
    ['a file: URL', () => 'file:///etc/passwd', 'a file: address'],
    ['a data: URL', () => 'data:application/json,{"errCode":0}', 'a data: address'],
    ['no Location at all', () => '', 'no address (no Location header)'],
  ])('%s is one request, not retried', async (_name, location, target) => {
    let self = '';
    redirector = await startTestServer(redirectTo(302, () => location(self) || undefined));
    self = redirector.url;
    const error = await getUsers(client(redirector.url, { token: TOKEN }), { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).target).toBe(target || redirector.url);
    expect(redirector.requests).toHaveLength(1);
  });
});

describe('the scripting command of the built CLI never follows a redirect', { tags: ['cli'] }, () => {
  beforeAll(assertBuilt);

  it.each(STATUSES)('%i: exit 1, the status and origin on stderr, nothing sent to the other server', async (status) => {
    redirector = await startTestServer(redirectTo(status, (req) => `${other.url}${req.path}?token=${TOKEN}`));
    for (const env of [{ OPENIM_TOKEN: TOKEN }, { OPENIM_SECRET: SECRET }]) {
      const r = await cli(['users', '--base-url', redirector.url, '-o', 'ndjson'], env);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      const operation = 'OPENIM_TOKEN' in env ? 'getUsers' : 'getAdminToken';
      expect(r.stderr).toMatch(
        new RegExp(`^openim-explorer: ${operation}: operationID=\\d+ the server redirected \\(${status}\\) to ${other.url.replace(/\./g, '\\.')}; an admin API is never redirected: check --base-url\\n$`),
      );
      expect(r.stderr).not.toContain(TOKEN);
      expect(r.stderr).not.toContain(SECRET);
    }
    expect(redirector.requests).toHaveLength(2);
    expect(other.requests).toEqual([]);
    expect(other.connections).toBe(0);
  });
});
