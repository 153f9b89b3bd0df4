// /friend/get_friend_list over loopback HTTP: the shape, symmetric friendships drawn from the
// rest of the data set, the order (pinned, then friend ID), paging, errors, and the cost at a
// million users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendRequestWire } from '../src/friend-requests.js';
import type { FriendWire } from '../src/friends.js';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import { singlePeers } from '../src/singleChats.js';
import { userIdOf, userIndexOf } from '../src/users.js';
import { call, data, page } from './helpers.js';

interface FriendData {
  friendsInfo: FriendWire[] | null;
  total: number;
}

const PATH = '/friend/get_friend_list';
/** Users of every kind: the first, a busy chatter (index % 50 === 2), one without chats (7), ordinary ones. */
const SAMPLE = [1, 2, 3, 7, 17, 52, 777, 4321].map(userIdOf);

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server.close());

const friends = (userID: string, pageNumber = 1, showNumber = 1000, on = server) =>
  data<FriendData>(on, PATH, { userID, pagination: page(pageNumber, showNumber) });
const rowsOf = async (userID: string, on = server) => (await friends(userID, 1, 1000, on)).friendsInfo ?? [];

describe('get_friend_list', () => {
  it('answers the real shape: friendsInfo rows with the friend\'s card, createTime in seconds', async () => {
    const d = await friends(DEMO.firstUserID);
    expect(Object.keys(d)).toEqual(['friendsInfo', 'total']);
    const rows = d.friendsInfo ?? [];
    expect(rows.length).toBe(d.total);
    expect(d.total).toBeGreaterThan(20);
    for (const f of rows) {
      expect(Object.keys(f)).toEqual(['ownerUserID', 'remark', 'createTime', 'friendUser', 'addSource', 'operatorUserID', 'ex', 'isPinned']);
      expect(Object.keys(f.friendUser)).toEqual(['userID', 'nickname', 'faceURL', 'ex']);
      expect(f.ownerUserID).toBe(DEMO.firstUserID);
      expect(f.friendUser.userID).not.toBe(DEMO.firstUserID);
      // Seconds, like the blacklist's: about 1.7e9, not 1.7e12.
      expect(f.createTime).toBeGreaterThan(1_600_000_000);
      expect(f.createTime).toBeLessThan(2_000_000_000);
      expect([1, 2]).toContain(f.addSource);
      expect(typeof f.isPinned).toBe('boolean');
    }
    expect(new Set(rows.map((f) => f.friendUser.userID)).size).toBe(rows.length);
    // The friend's card is the user table's.
    const users = await data<{ users: Array<{ userID: string; nickname: string; faceURL: string; ex: string }> }>(
      server, '/user/get_users', { pagination: page(1, 5000) });
    const card = new Map(users.users.map((u) => [u.userID, { userID: u.userID, nickname: u.nickname, faceURL: u.faceURL, ex: u.ex }]));
    for (const f of rows) expect(f.friendUser).toEqual(card.get(f.friendUser.userID));
  });

  it('lists pinned friends first, then by the friend\'s user ID', async () => {
    for (const userID of SAMPLE) {
      const rows = await rowsOf(userID);
      const pinned = rows.filter((f) => f.isPinned);
      expect(rows.slice(0, pinned.length)).toEqual(pinned);
      for (const part of [pinned, rows.filter((f) => !f.isPinned)]) {
        const ids = part.map((f) => f.friendUser.userID);
        expect(ids).toEqual([...ids].sort());
      }
    }
    const first = await rowsOf(DEMO.firstUserID);
    expect(first.some((f) => f.isPinned)).toBe(true);
    expect(first.some((f) => !f.isPinned)).toBe(true);
  });

  it('is symmetric: A lists B exactly when B lists A, with the same date, source and operator', async () => {
    let pairs = 0;
    for (const userID of SAMPLE) {
      for (const f of await rowsOf(userID)) {
        const back = (await rowsOf(f.friendUser.userID)).find((g) => g.friendUser.userID === userID);
        expect(back, `${f.friendUser.userID} lists ${userID}`).toBeDefined();
        expect([back?.createTime, back?.addSource, back?.operatorUserID]).toEqual([f.createTime, f.addSource, f.operatorUserID]);
        pairs++;
      }
    }
    expect(pairs).toBeGreaterThan(50);
  });

  it('comes from the data set: accepted applications either way, and some single-chat peers', async () => {
    for (const userID of SAMPLE) {
      const ids = new Set((await rowsOf(userID)).map((f) => f.friendUser.userID));
      const body = { userID, pagination: page(1, 1000) };
      const sent = (await data<{ friendRequests: FriendRequestWire[] | null }>(server, '/friend/get_self_friend_apply_list', body)).friendRequests ?? [];
      const received = (await data<{ FriendRequests: FriendRequestWire[] | null }>(server, '/friend/get_friend_apply_list', body)).FriendRequests ?? [];
      for (const r of sent) if (r.handleResult === 1) expect(ids).toContain(r.toUserID);
      for (const r of received) if (r.handleResult === 1) expect(ids).toContain(r.fromUserID);
      // Every other friend is someone the user chats with.
      const accepted = new Set([...sent.filter((r) => r.handleResult === 1).map((r) => r.toUserID), ...received.filter((r) => r.handleResult === 1).map((r) => r.fromUserID)]);
      const world = { population: DEMO.defaultUsers, adminUserID: DEMO.adminUserID };
      const peers = new Set(singlePeers(world, userIndexOf(world, userID) ?? 0).map(userIdOf));
      for (const id of ids) if (!accepted.has(id)) expect(peers).toContain(id);
    }
    // The busy chatter has friends among its peers.
    expect((await friends(userIdOf(2))).total).toBeGreaterThan(20);
  });

  it('pages: the exact total on every page, pages disjoint and in order, null past the end', async () => {
    const userID = userIdOf(2);
    const all = await rowsOf(userID);
    const pages = [];
    for (let n = 1; n <= Math.ceil(all.length / 7); n++) {
      const p = await friends(userID, n, 7);
      expect(p.total).toBe(all.length);
      pages.push(...(p.friendsInfo ?? []));
    }
    expect(pages).toEqual(all);
    expect(await friends(userID, Math.ceil(all.length / 7) + 1, 7)).toEqual({ friendsInfo: null, total: all.length });
    expect(await friends(userID, 1, 0)).toEqual({ friendsInfo: null, total: all.length });
  });

  it('answers the real server\'s errors: no userID, no pagination, another user\'s token, a wrong type', async () => {
    expect((await call(server, PATH, { pagination: page(1, 10) })).body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'userID is empty' });
    expect((await call(server, PATH, { userID: DEMO.firstUserID })).body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'pagination is empty' });
    const other = await call(server, PATH, { userID: DEMO.firstUserID, pagination: page(1, 10) }, { token: server.mintToken(userIdOf(2)) });
    expect(other.body).toEqual({ errCode: 1002, errMsg: 'NoPermissionError', errDlt: 'ownerUserID, user_000001=MISSING' });
    // The owner may read its own list.
    const own = await call<FriendData>(server, PATH, { userID: userIdOf(2), pagination: page(1, 10) }, { token: server.mintToken(userIdOf(2)) });
    expect(own.body.errCode).toBe(0);
    const bad = await call(server, PATH, { userID: 5, pagination: page(1, 10) });
    expect(bad.body.errCode).toBe(1001);
    expect(bad.body.errMsg).toContain('json: cannot unmarshal number into Go struct field GetPaginationFriendsReq.userID of type string');
    expect(bad.body.errMsg).toContain('api.(*FriendApi).GetFriendList()');
    // An owner the server does not know has no friends rows: an empty page, as Mongo finds none.
    expect(await friends('user_999999')).toEqual({ friendsInfo: null, total: 0 });
  });

  it('at a million users answers a page without looking at the whole population', { timeout: 60_000 }, async () => {
    const big = await startDemoServer({ users: 1_000_000 });
    try {
      const last = userIdOf(1_000_000);
      const d = await friends(last, 1, 20, big);
      expect(d.total).toBeGreaterThanOrEqual(0);
      expect((d.friendsInfo ?? []).length).toBe(Math.min(20, d.total));
      // Symmetric across the ring's seam too.
      for (const f of await rowsOf(userIdOf(2), big)) {
        expect((await rowsOf(f.friendUser.userID, big)).map((g) => g.friendUser.userID)).toContain(userIdOf(2));
      }
      expect((await friends(userIdOf(2), 1, 20, big)).total).toBeGreaterThan(20);
    } finally {
      await big.close();
    }
  });
});
