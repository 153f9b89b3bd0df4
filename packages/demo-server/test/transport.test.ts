import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDemoServer, type DemoServer } from '../src/server.js';
import { call, page } from './helpers.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ users: 100 });
});
afterAll(() => server.close());

const usersBody = { pagination: page(1, 2) };

describe('routing', () => {
  const identity = { 'Accept-Encoding': 'identity' };

  it('answers GET on a route with the router 404 in plain text', async () => {
    const res = await call(server, '/user/get_users', undefined, { method: 'GET', headers: identity });
    expect(res.status).toBe(404);
    expect(res.contentType).toBe('text/plain');
    expect(res.text).toBe('404 page not found');
  });

  it('checks operationID on POST only: a GET without headers gets the 404 too', async () => {
    const res = await call(server, '/user/get_users', undefined, { method: 'GET', operationID: null, token: null, headers: identity });
    expect(res.status).toBe(404);
    expect(res.text).toBe('404 page not found');
  });

  it('answers an unknown POST path with valid headers with 404', async () => {
    const res = await call(server, '/user/no_such_thing', usersBody, { headers: identity });
    expect(res.status).toBe(404);
    expect(res.text).toBe('404 page not found');
  });

  it('answers an unknown POST path without a token with the auth envelope, HTTP 200', async () => {
    const res = await call(server, '/user/no_such_thing', usersBody, { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'header must have token' });
    const bad = await call(server, '/nope', usersBody, { token: 'abc' });
    expect(bad.body.errCode).toBe(1503);
  });

  it('answers OPTIONS with the CORS preflight string', async () => {
    const res = await fetch(`${server.url}/user/get_users`, { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe('Options Request!');
  });

  it('counts requests per path', async () => {
    const local = await startDemoServer({ users: 5 });
    try {
      await call(local, '/user/get_users', usersBody);
      await call(local, '/user/get_users', usersBody);
      await call(local, '/friend/get_black_list', { userID: 'user_000001', pagination: page(1, 1) });
      expect(local.requestCount('/user/get_users')).toBe(2);
      expect(local.requestCount('/friend/get_black_list')).toBe(1);
      expect(local.requestCount('/conversation/get_sorted_conversation_list')).toBe(0);
      expect(local.requestCount()).toBe(3);
    } finally {
      await local.close();
    }
  });

  it('delays replies by latencyMs: a request to it is still unanswered when a later one to a demo without latency has its reply', async () => {
    // Longer than the test's timeout: the only way the order below can come out wrong is that the
    // delay is not applied; a busy machine can only make the test time out, never pass wrongly.
    const slow = await startDemoServer({ users: 5, latencyMs: 30_000 });
    try {
      let answered = false;
      const delayed = call(slow, '/user/get_users', usersBody).then(
        () => (answered = true),
        () => undefined, // ended by close() below
      );
      await vi.waitFor(() => expect(slow.requestCount('/user/get_users')).toBe(1), { timeout: 10_000, interval: 5 });
      const prompt = await call(server, '/user/get_users', usersBody);
      expect(prompt.body.errCode).toBe(0);
      expect(answered).toBe(false);
      await slow.close();
      await delayed;
      expect(answered).toBe(false);
    } finally {
      await slow.close().catch(() => undefined);
    }
  });

  it('a delayed reply comes whole', async () => {
    const slow = await startDemoServer({ users: 5, latencyMs: 150 });
    try {
      const res = await call(slow, '/user/get_users', usersBody);
      expect(res.body).toMatchObject({ errCode: 0, data: { total: 5 } });
      expect((res.body.data as { users: unknown[] }).users).toHaveLength(2);
    } finally {
      await slow.close();
    }
  });
});

describe('encoding', () => {
  it('replies application/json with Go-style HTML escaping', async () => {
    const res = await call(server, '/user/search_notification_account', { keyword: 'notify_billing', pagination: page(1, 5) });
    expect(res.contentType).toBe('application/json');
    expect(res.text).toContain('"nickName":"Billing \\u0026 Payments"');
    expect(res.text).not.toContain('&');
  });

  it('gzips when the client asks for it', async () => {
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      const req = request(`${server.url}/user/get_users`, {
        method: 'POST',
        headers: { operationID: 'x', token: server.adminToken(), 'Accept-Encoding': 'gzip' },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(JSON.stringify(usersBody));
    });
    expect(raw.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(raw.body).toString('utf8'))).toMatchObject({ errCode: 0, data: { total: 100 } });
  });
});

describe('request bodies decode like Go encoding/json', () => {
  const argsStack = (text: string) => expect.stringMatching(new RegExp(`^Error: Error: ${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| -> `));

  it('matches keys case-insensitively and ignores unknown ones', async () => {
    const res = await call(server, '/user/get_users', { PAGINATION: { PageNumber: 2, SHOWNUMBER: 3 }, extra: [1, 2] });
    expect(res.body.errCode).toBe(0);
    expect((res.body.data as { users: Array<{ userID: string }> }).users.map((u) => u.userID)).toEqual(['user_000004', 'user_000005', 'user_000006']);
  });

  it('rejects an empty body with a stack text in errMsg and an empty errDlt', async () => {
    const res = await call(server, '/user/get_users', undefined, { raw: '' });
    expect(res.body).toEqual({ errCode: 1001, errMsg: argsStack('unexpected end of JSON input'), errDlt: '' });
  });

  it('rejects broken JSON with the scanner message', async () => {
    const res = await call(server, '/user/get_users', undefined, { raw: '{"pagination":' });
    expect(res.body.errMsg).toEqual(argsStack('unexpected end of JSON input'));
    const res2 = await call(server, '/user/get_users', undefined, { raw: '{pagination:1}' });
    expect(res2.body.errMsg).toEqual(argsStack("invalid character 'p' looking for beginning of object key string"));
  });

  it.each([
    ['a quoted number', '"1"', 'string'],
    ['a fraction', '1.5', 'number 1.5'],
    ['an exponent', '1e2', 'number 1e2'],
    ['a value over int32', '2147483648', 'number 2147483648'],
    ['a boolean', 'true', 'bool'],
  ])('rejects %s for pageNumber', async (_name, literal, value) => {
    const res = await call(server, '/user/get_users', undefined, { raw: `{"pagination":{"pageNumber":${literal},"showNumber":10}}` });
    expect(res.body).toEqual({
      errCode: 1001,
      errMsg: argsStack(`json: cannot unmarshal ${value} into Go struct field RequestPagination.pagination.pageNumber of type int32`),
      errDlt: '',
    });
  });

  it('rejects a top-level array and a wrongly typed list', async () => {
    const res = await call(server, '/user/get_users', [1]);
    expect(res.body.errMsg).toEqual(argsStack('json: cannot unmarshal array into Go value of type user.GetPaginationUsersReq'));
    const res2 = await call(server, '/conversation/get_sorted_conversation_list', { userID: 'user_000001', conversationIDs: 'x', pagination: page(1, 1) });
    expect(res2.body.errMsg).toEqual(argsStack(
      'json: cannot unmarshal string into Go struct field GetSortedConversationListReq.conversationIDs of type []string',
    ));
  });

  it('treats null as absent: null pagination is "pagination is empty"', async () => {
    const res = await call(server, '/user/get_users', { pagination: null });
    expect(res.body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'pagination is empty' });
  });
});
