import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../src/server.js';
import { call, data, page } from './helpers.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ users: 200 });
});
afterAll(() => server.close());

const usersBody = { pagination: page(1, 1) };

function decodePayload(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('get_admin_token', () => {
  it('issues a JWT with the OpenIM claim set and a duration', async () => {
    const d = await data<{ token: string; expireTimeSeconds: number }>(
      server, '/auth/get_admin_token', { secret: 'openIM123', userID: 'imAdmin' }, { token: null },
    );
    expect(Object.keys(d)).toEqual(['token', 'expireTimeSeconds']);
    expect(d.expireTimeSeconds).toBe(7_776_000);
    const claims = decodePayload(d.token);
    expect(Object.keys(claims)).toEqual(['UserID', 'PlatformID', 'exp', 'iat']);
    expect(claims).toMatchObject({ UserID: 'imAdmin', PlatformID: 10 });
    // BuildClaims backdates iat by 5 s: a real token has exp - iat = 7,776,005 (openim-sdk-js-wasm #192).
    expect(Number(claims.exp) - Number(claims.iat)).toBe(7_776_005);
    // The token it hands out works on a protected route.
    expect((await call(server, '/user/get_users', usersBody, { token: d.token })).body.errCode).toBe(0);
  });

  it('rejects a wrong secret with 1002 before looking at the user', async () => {
    const res = await call(server, '/auth/get_admin_token', { secret: 'nope', userID: 'someone' }, { token: null });
    expect(res.body).toEqual({ errCode: 1002, errMsg: 'NoPermissionError', errDlt: 'secret invalid' });
  });

  it('rejects a non-admin userID with 1001 and the real detail text', async () => {
    const res = await call(server, '/auth/get_admin_token', { secret: 'openIM123', userID: 'user_000001' }, { token: null });
    expect(res.body).toEqual({
      errCode: 1001, errMsg: 'ArgsError', errDlt: 'userID is error., userID=user_000001, adminUserID=[imAdmin]',
    });
  });

  it('requires a userID', async () => {
    const res = await call(server, '/auth/get_admin_token', { secret: 'openIM123' }, { token: null });
    expect(res.body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'userID is empty' });
  });
});

describe('headers and tokens', () => {
  it('requires operationID, even on the token route', async () => {
    const res = await call(server, '/auth/get_admin_token', { secret: 'openIM123', userID: 'imAdmin' }, { operationID: null, token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'header must have operationID' });
    expect('data' in res.body).toBe(false);
  });

  it('requires a token on protected routes', async () => {
    const res = await call(server, '/user/get_users', usersBody, { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'header must have token' });
  });

  it('reports a malformed token with the token echoed in errDlt', async () => {
    const res = await call(server, '/user/get_users', usersBody, { token: 'abc' });
    expect(res.body).toEqual({
      errCode: 1503, errMsg: 'TokenMalformedError', errDlt: '1503 TokenMalformedError jwt parse error, token=abc',
    });
  });

  it('reports a token signed with another secret as 1505', async () => {
    const forged = server.mintToken('imAdmin', { secret: 'not-the-secret' });
    const res = await call(server, '/user/get_users', usersBody, { token: forged });
    expect(res.body).toEqual({
      errCode: 1505, errMsg: 'signature is invalid', errDlt: `1505 signature is invalid jwt parse error, token=${forged}`,
    });
  });

  it('reports a tampered payload as 1505', async () => {
    const [h, , s] = server.adminToken().split('.');
    const payload = Buffer.from(JSON.stringify({ UserID: 'imAdmin', PlatformID: 10, exp: 4_000_000_000, iat: 1 })).toString('base64url');
    const res = await call(server, '/user/get_users', usersBody, { token: `${h}.${payload}.${s}` });
    expect(res.body.errCode).toBe(1505);
  });

  it('reports a token past its exp as 1501', async () => {
    const old = server.mintToken('imAdmin', { ttlSeconds: -10 });
    const res = await call(server, '/user/get_users', usersBody, { token: old });
    expect(res.body).toMatchObject({ errCode: 1501, errMsg: 'TokenExpiredError' });
    expect(res.body.errDlt).toBe(`1501 TokenExpiredError jwt parse error, token=${old}`);
  });
});

describe('expireTokens', () => {
  it('expires every token issued so far, and new tokens work again', async () => {
    const local = await startDemoServer({ users: 10 });
    try {
      const before = local.adminToken();
      const user = local.mintToken('user_000001');
      expect((await call(local, '/user/get_users', usersBody, { token: before })).body.errCode).toBe(0);
      local.expireTokens();
      expect((await call(local, '/user/get_users', usersBody, { token: before })).body.errCode).toBe(1501);
      expect((await call(local, '/user/get_users', usersBody, { token: user })).body.errCode).toBe(1501);
      const fresh = await data<{ token: string }>(local, '/auth/get_admin_token', { secret: 'openIM123', userID: 'imAdmin' }, { token: null });
      expect((await call(local, '/user/get_users', usersBody, { token: fresh.token })).body.errCode).toBe(0);
    } finally {
      await local.close();
    }
  });
});

describe('permissions', () => {
  const accountsBody = { keyword: '', pagination: page(1, 10) };

  it('search_notification_account is admin-only', async () => {
    const res = await call(server, '/user/search_notification_account', accountsBody, { token: server.mintToken('user_000001') });
    expect(res.body).toEqual({ errCode: 1002, errMsg: 'NoPermissionError', errDlt: 'user user_000001 is not admin userID' });
  });

  it('a user token may read get_users and its own relations, not another user\'s', async () => {
    const token = server.mintToken('user_000002');
    expect((await call(server, '/user/get_users', usersBody, { token })).body.errCode).toBe(0);
    const own = { userID: 'user_000002', pagination: page(1, 5) };
    expect((await call(server, '/friend/get_black_list', own, { token })).body.errCode).toBe(0);
    expect((await call(server, '/friend/get_self_friend_apply_list', own, { token })).body.errCode).toBe(0);
    const other = { userID: 'user_000001', pagination: page(1, 5) };
    for (const path of ['/friend/get_black_list', '/friend/get_self_friend_apply_list']) {
      const res = await call(server, path, other, { token });
      expect(res.body).toEqual({ errCode: 1002, errMsg: 'NoPermissionError', errDlt: 'ownerUserID, user_000001=MISSING' });
    }
  });

  it('get_sorted_conversation_list has no owner check in v3.8.x', async () => {
    const res = await call(server, '/conversation/get_sorted_conversation_list', { userID: 'user_000001', pagination: page(1, 5) }, {
      token: server.mintToken('user_000002'),
    });
    expect(res.body.errCode).toBe(0);
  });
});
