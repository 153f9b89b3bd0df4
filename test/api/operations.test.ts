// Each operation against the embedded demo server over loopback: success shapes, paging edges,
// the error shapes of the contract, and the token life cycle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { ApiError, HttpError } from '../../src/api/errors.js';
import { getAdminToken, getUsers, searchNotificationAccounts } from '../../src/api/operations.js';
import { LISTS } from '../../src/lists/registry.js';
import { demoClient } from '../support/demoClient.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { NO_RETRIES } from '../support/retryPolicy.js';

// Each list's page operation, as the tests of the wire call it.
const getBlackList = (...a: Parameters<typeof LISTS.blacklist.operation.send>) => LISTS.blacklist.operation.send(...a);
const getSelfFriendApplyList = (...a: Parameters<typeof LISTS.applications.operation.send>) => LISTS.applications.operation.send(...a);
const getSortedConversationList = (...a: Parameters<typeof LISTS.conversations.operation.send>) => LISTS.conversations.operation.send(...a);

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 1000 });
});
afterAll(async () => {
  await demo.close();
});

const base = { adminUserID: DEMO.adminUserID, timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 8 * 1024 * 1024 };
const admin = () => demoClient(demo);
const withToken = (token: string) => new OpenIMClient({ ...base, baseUrl: demo.url, token });
const page = (pageNumber: number, showNumber: number) => ({ pageNumber, showNumber });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('getAdminToken', () => {
  it('returns a token and its lifetime as a duration', async () => {
    const data = await getAdminToken(admin(), { secret: DEMO.secret, userID: DEMO.adminUserID });
    expect(data.token.split('.')).toHaveLength(3);
    expect(data.expireTimeSeconds).toBe(7_776_000);
  });

  it('refuses a wrong secret (1002) and a user that is not the admin (1001)', async () => {
    expect((await failure(getAdminToken(admin(), { secret: 'nope', userID: DEMO.adminUserID }))).errCode).toBe(1002);
    const notAdmin = await failure(getAdminToken(admin(), { secret: DEMO.secret, userID: DEMO.firstUserID }));
    expect(notAdmin.errCode).toBe(1001);
    expect(notAdmin.errDlt).toContain('adminUserID=[imAdmin]');
  });
});

describe('getUsers', () => {
  it('pages first, middle, last and past the end', async () => {
    const client = admin();
    const first = await getUsers(client, { pagination: page(1, 100) });
    expect(first.rows).toHaveLength(100);
    expect(first.rows[0]!.userID).toBe(DEMO.firstUserID);
    const total = first.total;
    const lastPage = Math.ceil(total / 100);
    const middle = await getUsers(client, { pagination: page(2, 100) });
    expect(middle.rows[0]!.userID).not.toBe(first.rows[0]!.userID);
    const last = await getUsers(client, { pagination: page(lastPage, 100) });
    expect(last.rows.length).toBe(total - (lastPage - 1) * 100);
    const past = await getUsers(client, { pagination: page(lastPage + 1, 100) });
    expect(past.rows).toEqual([]); // null on the wire
    expect(past.total).toBe(total);
  });

  it('never lists the admin or system accounts', async () => {
    const all = await getUsers(admin(), { pagination: page(1, 2000) });
    const ids = new Set(all.rows.map((u) => u.userID));
    expect(ids.has(DEMO.adminUserID)).toBe(false);
    for (const id of DEMO.notificationAccountIDs) expect(ids.has(id)).toBe(false);
    expect(all.rows.every((u) => u.appMangerLevel === 0 || u.appMangerLevel === 1)).toBe(true);
  });

  it('reads the unknown-time sentinels as numbers', async () => {
    const { rows } = await getUsers(admin(), { pagination: page(1, 20) });
    expect(rows.find((u) => u.userID === DEMO.goZeroTimeUserID)?.createTime).toBe(-62135596800000);
    expect(rows.find((u) => u.userID === DEMO.zeroCreateTimeUserID)?.createTime).toBe(0);
  });

  it('answers pageNumber 0 with 1001 and its detail', async () => {
    const error = await failure(getUsers(admin(), { pagination: page(0, 10) }));
    expect(error.errCode).toBe(1001);
    expect(error.errDlt).toBe('pageNumber is invalid');
  });

  it('treats showNumber 0 as an empty page, not an error', async () => {
    const result = await getUsers(admin(), { pagination: page(1, 0) });
    expect(result.rows).toEqual([]);
    expect(result.total).toBeGreaterThan(0);
  });
});

describe('searchNotificationAccounts', () => {
  it('lists level-3 accounts for an empty keyword, and matches exactly otherwise', async () => {
    const client = admin();
    const all = await searchNotificationAccounts(client, { keyword: '', pagination: page(1, 100) });
    expect(all.rows.map((a) => a.userID).sort()).toEqual([...DEMO.notificationAccountIDs].sort());
    expect(all.rows.every((a) => a.appMangerLevel === 3)).toBe(true);
    const robot = await searchNotificationAccounts(client, { keyword: DEMO.robotIDs[0]!, pagination: page(1, 10) });
    expect(robot.rows.map((a) => a.userID)).toEqual([DEMO.robotIDs[0]]);
    const shared = await searchNotificationAccounts(client, { keyword: DEMO.sharedNickname, pagination: page(1, 10) });
    expect(shared.rows.length).toBe(2);
    const partial = await searchNotificationAccounts(client, { keyword: 'notify', pagination: page(1, 10) });
    expect(partial.rows).toEqual([]);
  });

  it('pages in memory: the second page of 5 continues the first', async () => {
    const client = admin();
    const a = await searchNotificationAccounts(client, { keyword: '', pagination: page(1, 5) });
    const b = await searchNotificationAccounts(client, { keyword: '', pagination: page(2, 5) });
    expect(a.rows).toHaveLength(5);
    expect(new Set([...a.rows, ...b.rows].map((r) => r.userID)).size).toBe(a.rows.length + b.rows.length);
  });

  it('is admin-only: a user token gets 1002', async () => {
    const error = await failure(searchNotificationAccounts(withToken(demo.mintToken(DEMO.firstUserID)), { keyword: '', pagination: page(1, 10) }));
    expect(error.errCode).toBe(1002);
    expect(error.errMsg).toBe('NoPermissionError');
  });
});

describe('per-user operations', () => {
  it('getSortedConversationList: pinned first, then newest first, across pages', async () => {
    const client = admin();
    const rows = [];
    for (let p = 1; p <= 3; p++) {
      rows.push(...(await getSortedConversationList(client, { userID: DEMO.firstUserID, pagination: page(p, 100) })).rows);
    }
    expect(rows).toHaveLength(DEMO.firstUser.conversations);
    const pinned = rows.filter((c) => c.IsPinned);
    expect(pinned).toHaveLength(DEMO.firstUser.pinned);
    expect(rows.slice(0, pinned.length).every((c) => c.IsPinned)).toBe(true);
    const times = rows.slice(pinned.length).filter((c) => c.msgInfo).map((c) => c.msgInfo!.LatestMsgRecvTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(rows.filter((c) => c.msgInfo === null)).toHaveLength(DEMO.firstUser.withoutMessage);
  });

  it('getSortedConversationList: totals are estimates; conversationIDs narrows the list', async () => {
    const client = admin();
    const first = await getSortedConversationList(client, { userID: DEMO.firstUserID, pagination: page(1, 10) });
    expect(first.totalExact).toBe(false);
    expect(first.extra?.conversationTotal).toBe(DEMO.firstUser.conversations - DEMO.firstUser.withoutMessage);
    expect(first.extra?.unreadTotal).toBeGreaterThan(0);
    const ids = first.rows.slice(0, 2).map((c) => c.conversationID);
    const narrowed = await getSortedConversationList(client, { userID: DEMO.firstUserID, conversationIDs: [...ids, 'si_not_mine'], pagination: page(1, 10) });
    expect(narrowed.rows.map((c) => c.conversationID).sort()).toEqual([...ids].sort());
  });

  it('getSortedConversationList: a user with no conversations is an empty page with a notice', async () => {
    const result = await getSortedConversationList(admin(), { userID: DEMO.noConversationsUserID, pagination: page(1, 10) });
    expect(result.rows).toEqual([]);
    expect(result.notice).toContain('1004');
  });

  it('getBlackList: createTime in seconds, blocked user filled in', async () => {
    const result = await getBlackList(admin(), { userID: DEMO.firstUserID, pagination: page(1, 100) });
    expect(result.total).toBe(DEMO.firstUser.blacks);
    for (const black of result.rows) {
      expect(black.ownerUserID).toBe(DEMO.firstUserID);
      expect(black.createTime).toBeGreaterThan(1_000_000_000);
      expect(black.createTime).toBeLessThan(10_000_000_000); // seconds, not ms
      expect(black.blackUserInfo.userID).not.toBe('');
      expect(black.addSource).toBe(0);
    }
    const empty = await getBlackList(admin(), { userID: DEMO.emptyBlacklistUserID, pagination: page(1, 10) });
    expect(empty).toMatchObject({ rows: [], total: 0 });
  });

  it('getSelfFriendApplyList: newest first, every handle state, pending with handleTime 0', async () => {
    const result = await getSelfFriendApplyList(admin(), { userID: DEMO.firstUserID, pagination: page(1, 100) });
    expect(result.total).toBe(DEMO.firstUser.friendRequests);
    const times = result.rows.map((r) => r.createTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(result.rows.map((r) => r.handleResult))).toEqual(new Set([0, 1, -1]));
    expect(result.rows.every((r) => r.fromUserID === DEMO.firstUserID)).toBe(true);
    expect(result.rows.some((r) => r.handleResult === 0 && r.handleTime === 0)).toBe(true);
  });

  it('answers an empty userID with 1001 "userID is empty"', async () => {
    const error = await failure(getBlackList(admin(), { userID: '', pagination: page(1, 10) }));
    expect(error).toMatchObject({ errCode: 1001, errDlt: 'userID is empty' });
  });
});

describe('auth failures', () => {
  it('a malformed token is 1503 and the token is redacted from errDlt', async () => {
    const error = await failure(getUsers(withToken('abc-not-a-jwt'), { pagination: page(1, 10) }));
    expect(error.errCode).toBe(1503);
    expect(error.isAuth).toBe(true);
    expect(error.errDlt).not.toContain('abc-not-a-jwt');
  });

  it('a token signed with another secret is 1505', async () => {
    const forged = demo.mintToken(DEMO.adminUserID, { secret: 'someone-else' });
    const error = await failure(getUsers(withToken(forged), { pagination: page(1, 10) }));
    expect(error.errCode).toBe(1505);
    expect(JSON.stringify(error) + error.message).not.toContain(forged);
  });

  it('an expired token without a secret stays an error (1501); with the secret it is renewed once', async () => {
    const expired = demo.mintToken(DEMO.adminUserID, { ttlSeconds: -10 });
    const error = await failure(getUsers(withToken(expired), { pagination: page(1, 10) }));
    expect(error.errCode).toBe(1501);
    const renewing = new OpenIMClient({ ...base, baseUrl: demo.url, token: expired, secret: DEMO.secret });
    const before = demo.requestCount('/auth/get_admin_token');
    const result = await getUsers(renewing, { pagination: page(1, 10) });
    expect(result.rows).toHaveLength(10);
    expect(demo.requestCount('/auth/get_admin_token')).toBe(before + 1);
  });

  it('a wrong base path with valid headers gets gin\'s HTTP 404 as an HttpError', async () => {
    const client = new OpenIMClient({ ...base, baseUrl: `${demo.url}/nope`, token: demo.adminToken() });
    const error = await getUsers(client, { pagination: page(1, 10) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(404);
    // fetch asks for gzip, and gin-contrib/gzip turns the 404 text into an empty stream.
    expect((error as HttpError).bodyFirstLine).toBe('');
  });
});
