import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlackWire } from '../src/blacks.js';
import type { FriendRequestWire } from '../src/friend-requests.js';
import { DEMO, HOSTILE_SAMPLES, startDemoServer, type DemoServer } from '../src/server.js';
import { call, data, page } from './helpers.js';

interface ApplyData {
  friendRequests: FriendRequestWire[] | null;
  total: number;
}
interface BlackData {
  blacks: BlackWire[] | null;
  total: number;
}

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server.close());

const applies = (userID: string, pageNumber = 1, showNumber = 100, extra: object = {}) =>
  data<ApplyData>(server, '/friend/get_self_friend_apply_list', { userID, pagination: page(pageNumber, showNumber), ...extra });
const blacks = (userID: string, pageNumber = 1, showNumber = 100) =>
  data<BlackData>(server, '/friend/get_black_list', { userID, pagination: page(pageNumber, showNumber) });

describe('get_self_friend_apply_list', () => {
  it('returns the first user\'s sent requests, newest first, in every state', async () => {
    const d = await applies(DEMO.firstUserID);
    expect(Object.keys(d)).toEqual(['friendRequests', 'total']);
    expect(d.total).toBe(DEMO.firstUser.friendRequests);
    const rows = d.friendRequests ?? [];
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'fromUserID', 'fromNickname', 'fromFaceURL', 'toUserID', 'toNickname', 'toFaceURL', 'handleResult', 'reqMsg',
      'createTime', 'handlerUserID', 'handleMsg', 'handleTime', 'ex',
    ]);
    const times = rows.map((r) => r.createTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(times).size).toBe(times.length);
    expect(new Set(rows.map((r) => r.handleResult))).toEqual(new Set([0, 1, -1]));
    for (const r of rows) {
      expect(r.fromUserID).toBe(DEMO.firstUserID);
      expect(r.createTime).toBeGreaterThan(1e12);
      if (r.handleResult === 0) expect(r.handlerUserID).toBe('');
      else expect(r.handleTime).toBeGreaterThan(r.createTime);
    }
    // Pending requests have handleTime 0, except a re-application that keeps its old handle time.
    const pending = rows.filter((r) => r.handleResult === 0);
    expect(pending.filter((r) => r.handleTime === 0).length).toBe(pending.length - 1);
    expect(pending.some((r) => r.handleTime > 0 && r.handleTime < r.createTime)).toBe(true);
  });

  it('reads nicknames from the user table', async () => {
    const d = await applies(DEMO.firstUserID, 1, 5);
    const users = await data<{ users: Array<{ userID: string; nickname: string }> }>(server, '/user/get_users', { pagination: page(1, 40) });
    const nick = new Map(users.users.map((u) => [u.userID, u.nickname]));
    for (const r of d.friendRequests ?? []) {
      expect(r.fromNickname).toBe(nick.get(r.fromUserID));
      if (nick.has(r.toUserID)) expect(r.toNickname).toBe(nick.get(r.toUserID));
    }
    const hostile = HOSTILE_SAMPLES.find((s) => s.field === 'reqMsg');
    expect(d.friendRequests?.some((r) => r.reqMsg === hostile?.value)).toBe(true);
  });

  it('pages consistently and returns null past the end', async () => {
    const all = (await applies(DEMO.firstUserID)).friendRequests ?? [];
    const p2 = await applies(DEMO.firstUserID, 2, 15);
    expect(p2.friendRequests).toEqual(all.slice(15, 30));
    expect(await applies(DEMO.firstUserID, 9, 15)).toEqual({ friendRequests: null, total: 40 });
  });

  it('filters by handleResults', async () => {
    const d = await applies(DEMO.firstUserID, 1, 100, { handleResults: [-1] });
    expect(d.total).toBeGreaterThan(0);
    expect(d.friendRequests?.every((r) => r.handleResult === -1)).toBe(true);
  });

  it('gives an empty list for a user who sent nothing', async () => {
    expect(await applies(DEMO.noFriendRequestsUserID)).toEqual({ friendRequests: null, total: 0 });
  });

  it('requires a userID before the pagination', async () => {
    const res = await call(server, '/friend/get_self_friend_apply_list', {});
    expect(res.body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'userID is empty' });
  });
});

describe('get_black_list', () => {
  it('returns entries with createTime in seconds, addSource 0 and the blocked user', async () => {
    const d = await blacks(DEMO.firstUserID);
    expect(Object.keys(d)).toEqual(['blacks', 'total']);
    expect(d.total).toBe(DEMO.firstUser.blacks);
    for (const b of d.blacks ?? []) {
      expect(Object.keys(b)).toEqual(['ownerUserID', 'createTime', 'blackUserInfo', 'addSource', 'operatorUserID', 'ex']);
      expect(Object.keys(b.blackUserInfo)).toEqual(['userID', 'nickname', 'faceURL', 'ex']);
      expect(b.ownerUserID).toBe(DEMO.firstUserID);
      expect(b.addSource).toBe(0);
      expect([DEMO.firstUserID, DEMO.adminUserID]).toContain(b.operatorUserID);
      // Seconds: about 1.7e9, not 1.7e12.
      expect(b.createTime).toBeGreaterThan(1_600_000_000);
      expect(b.createTime).toBeLessThan(2_000_000_000);
    }
  });

  it('pages and returns null past the end with the real total', async () => {
    const all = (await blacks(DEMO.firstUserID)).blacks ?? [];
    expect((await blacks(DEMO.firstUserID, 2, 5)).blacks).toEqual(all.slice(5, 10));
    expect(await blacks(DEMO.firstUserID, 4, 5)).toEqual({ blacks: null, total: 12 });
    expect(await blacks(DEMO.firstUserID, 1, 0)).toEqual({ blacks: null, total: 12 });
  });

  it('is empty (null, total 0) for the documented user', async () => {
    expect(await blacks(DEMO.emptyBlacklistUserID)).toEqual({ blacks: null, total: 0 });
  });
});
