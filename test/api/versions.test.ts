// The client against what older and newer OpenIM versions answer (contract §5.2, §10), over
// loopback: the demo server with the token policy of a version, or the fault server with the
// exact payloads those versions send.
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpenIMClient, type ClientConfig } from '../../src/api/client.js';
import { ApiError, HttpError } from '../../src/api/errors.js';
import { getUsers } from '../../src/api/operations.js';
import { adviceKeys, describeFailure } from '../../src/components/failureText.js';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';

const ADVICE = adviceKeys(DEFAULT_KEYS);
import { scriptOptions } from '../support/scriptOptions.js';
import { DEMO, startDemoServer, type DemoServer, type DemoServerOptions } from 'openim-demo-server';
import { runListCommand } from '../../src/commands/run.js';
import { startFaultServer, type Fault, type FaultServer } from '../support/faultServer.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

const pagination = { pageNumber: 1, showNumber: 5 };
const LOGIN = '/auth/get_admin_token';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
/** v3.8.0 (tools v0.0.49-alpha.55) and ~v3.6: WrapMsg's text lands in errDlt with the code appended. */
const MISSING_TOKEN_OLD = { errCode: 1001, errMsg: 'ArgsError', errDlt: 'header must have token: 1001 ArgsError' };
/** v3.8.3 to v3.8.3-patch.4 (tools a67-a74): the detail is dropped. */
const MISSING_TOKEN_A67 = { errCode: 1001, errMsg: 'ArgsError', errDlt: '' };
const USERS: Fault = { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { total: 1, users: [{ userID: 'u1' }] } } };

let demo: DemoServer | undefined;
let faults: FaultServer | undefined;
afterEach(async () => {
  await demo?.close();
  await faults?.close();
  demo = undefined;
  faults = undefined;
});

const base = { adminUserID: DEMO.adminUserID, timeoutMs: 3000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 };

async function onDemo(options: DemoServerOptions, client: Partial<ClientConfig> = { secret: DEMO.secret }) {
  demo = await startDemoServer({ users: 50, ...options });
  return new OpenIMClient({ ...base, baseUrl: demo.url, ...client });
}

async function onFaults(choose: (path: string, attempt: number) => Fault, client: Partial<ClientConfig>) {
  faults = await startFaultServer(choose);
  return new OpenIMClient({ ...base, baseUrl: faults.url, ...client });
}

const failure = (p: Promise<unknown>): Promise<unknown> => p.then(() => undefined, (e: unknown) => e);
const logins = (): number => demo?.requestCount(LOGIN) ?? faults?.requests.filter((r) => r.path === LOGIN).length ?? 0;

describe('token renewal', () => {
  // Tokens are a function of their claims: a second login in the same second would get the same
  // token back, on the real server too. Only Date is faked, to move between logins.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const nextSecond = (): void => {
    vi.setSystemTime(Date.now() + 1000);
  };

  it('logs in again when v3.8.0 kicks the admin token (1506)', async () => {
    const client = await onDemo({ adminTokens: 'stored' });
    expect((await getUsers(client, { pagination })).rows).toHaveLength(5);
    expect(logins()).toBe(1);
    demo!.kickTokens(DEMO.adminUserID);
    nextSecond();
    expect((await getUsers(client, { pagination })).rows).toHaveLength(5);
    expect(logins()).toBe(2);
  });

  it('logs in again when the token is no longer in the store (1507)', async () => {
    const client = await onDemo({ adminTokens: 'stored' });
    await getUsers(client, { pagination });
    demo!.forgetTokens(DEMO.adminUserID);
    nextSecond();
    expect((await getUsers(client, { pagination })).rows).toHaveLength(5);
    expect(logins()).toBe(2);
  });

  it('on main, two tools logging in as the same admin log each other out, one login each time', async () => {
    // Each login demotes the other's token to a 5-minute temporary (README: give each tool its own admin user ID).
    const a = await onDemo({ adminTokens: 'demoted' });
    const b = new OpenIMClient({ ...base, baseUrl: demo!.url, secret: DEMO.secret });
    await getUsers(a, { pagination });
    nextSecond();
    await getUsers(b, { pagination });
    expect(logins()).toBe(2);
    await getUsers(a, { pagination }); // still a temporary
    expect(logins()).toBe(2);
    demo!.expireTemporaryTokens();
    nextSecond();
    expect((await getUsers(a, { pagination })).rows).toHaveLength(5); // 1507, one login, the page
    expect(logins()).toBe(3);
    demo!.expireTemporaryTokens();
    nextSecond();
    await getUsers(b, { pagination }); // and now b's turn
    expect(logins()).toBe(4);
  });

  it('renews only on a token code, never on another error', async () => {
    const client = await onFaults(
      (path) =>
        path === LOGIN
          ? { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { token: TOKEN, expireTimeSeconds: 7_776_000 } } }
          : { kind: 'json', body: { errCode: 1002, errMsg: 'NoPermissionError', errDlt: 'user imAdmin is not admin userID' } },
      { secret: 'openIM123' },
    );
    const error = (await failure(getUsers(client, { pagination }))) as ApiError;
    expect(error.errCode).toBe(1002);
    expect(error.isAuth).toBe(false);
    expect(logins()).toBe(1);
  });

  it('works with an older token that carries nbf, given as it is', async () => {
    demo = await startDemoServer({ users: 50 });
    const token = demo.mintToken(DEMO.adminUserID, { nbf: Math.floor(Date.now() / 1000) - 30 });
    const client = new OpenIMClient({ ...base, baseUrl: demo.url, token });
    expect((await getUsers(client, { pagination })).rows).toHaveLength(5);
  });

  it('renews a token that is not valid yet (1504) when it has the secret', async () => {
    demo = await startDemoServer({ users: 50 });
    const early = demo.mintToken(DEMO.adminUserID, { nbf: Math.floor(Date.now() / 1000) + 3600 });
    const client = new OpenIMClient({ ...base, baseUrl: demo.url, token: early, secret: DEMO.secret });
    expect((await getUsers(client, { pagination })).rows).toHaveLength(5);
    expect(logins()).toBe(1);
  });
});

describe('auth errors by version', () => {
  it('v3.8.0: the login answers "header must have token": this server predates get_admin_token', async () => {
    const client = await onFaults((path) => (path === LOGIN ? { kind: 'json', body: MISSING_TOKEN_OLD } : USERS), { secret: 'openIM123' });
    const error = (await failure(getUsers(client, { pagination }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.origin.operation).toBe('getAdminToken');
    expect(error.isAuth).toBe(true);
    const text = describeFailure(error, ADVICE);
    expect(text.detail).toContain('errDlt: header must have token: 1001 ArgsError');
    expect(text.hint).toBe(
      'this server predates /auth/get_admin_token (OpenIM v3.8.0 or older), so the secret cannot obtain a token: ' +
        'give an admin token with --token or OPENIM_TOKEN, then press r',
    );
    // Nothing else was asked: no token, no point.
    expect(faults!.requests.map((r) => r.path)).toEqual([LOGIN]);
  });

  it('v3.8.0 from the scripting commands: one line with the same advice', async () => {
    faults = await startFaultServer(() => ({ kind: 'json', body: MISSING_TOKEN_OLD }));
    const options = scriptOptions(['users'], { OPENIM_BASE_URL: faults.url, OPENIM_SECRET: 'openIM123' });
    const stderr = new PassThrough();
    const lines: string[] = [];
    stderr.on('data', (c: Buffer) => lines.push(c.toString()));
    expect(await runListCommand(options, { stdout: new PassThrough(), stderr })).toBe(1);
    expect(lines.join('')).toMatch(
      /^openim-explorer: getAdminToken: operationID=\d+ errCode=1001 errMsg="ArgsError" errDlt="header must have token: 1001 ArgsError" \(this server predates \/auth\/get_admin_token \(OpenIM v3\.8\.0 or older\), so the secret cannot obtain a token: give an admin token with --token or OPENIM_TOKEN\)\n$/,
    );
  });

  it('~v3.6: the suffixed "header must have token: 1001 ArgsError" is a missing token', async () => {
    const client = await onFaults(() => ({ kind: 'json', body: MISSING_TOKEN_OLD }), { token: TOKEN });
    const error = (await failure(getUsers(client, { pagination }))) as ApiError;
    expect(error.isAuth).toBe(true);
    expect(describeFailure(error, ADVICE).hint).toBe(
      'give a valid admin token (--token or OPENIM_TOKEN) or the admin secret (--secret or OPENIM_SECRET), then press r',
    );
  });

  it('v3.8.3 to patch.4: a bare 1001 ArgsError to a request without a token is a missing token', async () => {
    const client = await onFaults(() => ({ kind: 'json', body: MISSING_TOKEN_A67 }), {});
    const error = (await failure(getUsers(client, { pagination }))) as ApiError;
    expect(faults!.requests[0]!.headers.token ?? '').toBe('');
    expect(error.isAuth).toBe(true);
    expect(describeFailure(error, ADVICE).hint).toContain('give a valid admin token');
  });

  it('v3.8.3 to patch.4: the same bare 1001 to a request with a token is not about the token', async () => {
    const client = await onFaults(() => ({ kind: 'json', body: MISSING_TOKEN_A67 }), { token: TOKEN });
    const error = (await failure(getUsers(client, { pagination }))) as ApiError;
    expect(error.isAuth).toBe(false);
    expect(describeFailure(error, ADVICE).hint).toBe('r to retry');
  });

  it('the demo\'s own missing-token answer (v3.8.3-patch.5 and later) is a missing token', async () => {
    const client = await onDemo({}, {});
    const error = (await failure(getUsers(client, { pagination }))) as ApiError;
    expect(error).toMatchObject({ errCode: 1001, errDlt: 'header must have token' });
    expect(error.isAuth).toBe(true);
  });
});

describe('gin\'s answers', () => {
  it('a base URL with a path the server does not route: the gzipped, empty 404 reads as a wrong address', async () => {
    demo = await startDemoServer({ users: 10 });
    const client = new OpenIMClient({ ...base, baseUrl: `${demo.url}/api`, token: demo.adminToken() });
    const error = (await failure(getUsers(client, { pagination }))) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(404);
    const text = describeFailure(error, ADVICE);
    expect(text.detail).toContain('(empty body)');
    expect(text.hint).toBe('is --base-url the OpenIM API address (port 10002)?  r to retry');
  });

  it('a body the server cannot bind: the error bar shows the JSON error, not the Go stack', async () => {
    demo = await startDemoServer({ users: 10 });
    const client = new OpenIMClient({ ...base, baseUrl: demo.url, token: demo.adminToken() });
    const bad = { pageNumber: '1', showNumber: 5 } as unknown as typeof pagination;
    const error = (await failure(getUsers(client, { pagination: bad }))) as ApiError;
    expect(error.errMsg).toContain(' | -> jsonutil.JsonUnmarshal() ');
    expect(describeFailure(error, ADVICE).headline).toBe(
      'server error 1001 Error: Error: json: cannot unmarshal string into Go struct field RequestPagination.pagination.pageNumber of type int32 in getUsers',
    );
  });
});
