// /friend/get_friend_apply_list (received) over loopback HTTP: the capital-F key, the mirror of
// the sent lists, newest first, paging, the handleResults filter, errors, the living demo, and
// the cost at a million users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantsOf, type FriendRequestWire } from '../src/friend-requests.js';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import { DEMO_NOW_MS, userIdOf } from '../src/users.js';
import { call, data, page } from './helpers.js';

interface ReceivedData {
  FriendRequests: FriendRequestWire[] | null;
  total: number;
}

const PATH = '/friend/get_friend_apply_list';
const SAMPLE = [1, 2, 3, 4, 5, 19, 52, 777, 4321].map(userIdOf);

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server.close());

const received = (userID: string, pageNumber = 1, showNumber = 1000, extra: object = {}, on = server) =>
  data<ReceivedData>(on, PATH, { userID, pagination: page(pageNumber, showNumber), ...extra });
const sent = async (userID: string, on = server) =>
  (await data<{ friendRequests: FriendRequestWire[] | null }>(on, '/friend/get_self_friend_apply_list', { userID, pagination: page(1, 1000) }))
    .friendRequests ?? [];

describe('get_friend_apply_list', () => {
  it('answers under FriendRequests, with a capital F, rows shaped like the sent list\'s', async () => {
    const res = await call<ReceivedData>(server, PATH, { userID: userIdOf(2), pagination: page(1, 10) });
    expect(res.text).toContain('"FriendRequests":');
    expect(res.text).not.toContain('"friendRequests":');
    const d = res.body.data!;
    expect(Object.keys(d)).toEqual(['FriendRequests', 'total']);
    expect(d.total).toBeGreaterThan(0);
    const mine = await sent(DEMO.firstUserID);
    for (const r of d.FriendRequests ?? []) {
      expect(Object.keys(r)).toEqual(Object.keys(mine[0] ?? {}));
      expect(r.toUserID).toBe(userIdOf(2));
    }
  });

  it('mirrors the sent lists: A\'s application to B is B\'s from A, field for field', async () => {
    let mirrored = 0;
    for (const userID of SAMPLE) {
      // Every row received is in its sender's sent list, the same object.
      for (const r of (await received(userID)).FriendRequests ?? []) {
        expect(await sent(r.fromUserID)).toContainEqual(r);
        mirrored++;
      }
      // Every row sent is in its receiver's received list.
      for (const r of await sent(userID)) expect((await received(r.toUserID)).FriendRequests).toContainEqual(r);
    }
    expect(mirrored).toBeGreaterThan(20);
    // The first user's forced targets include user_000002: its received list has that row, hostile message and all.
    const fromFirst = (await received(userIdOf(2))).FriendRequests?.filter((r) => r.fromUserID === DEMO.firstUserID);
    expect(fromFirst).toEqual((await sent(DEMO.firstUserID)).filter((r) => r.toUserID === userIdOf(2)));
  });

  it('lists the newest first (createTime in ms) and pages: exact totals, disjoint pages in order, null past the end', async () => {
    // Find a user with enough received applications to page through.
    let userID = '';
    let all: FriendRequestWire[] = [];
    for (let i = 2; all.length < 9; i++) {
      userID = userIdOf(i);
      all = (await received(userID)).FriendRequests ?? [];
    }
    const times = all.map((r) => r.createTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const t of times) expect(t).toBeGreaterThan(1e12);
    const pages: FriendRequestWire[] = [];
    for (let n = 1; n <= Math.ceil(all.length / 4); n++) {
      const p = await received(userID, n, 4);
      expect(p.total).toBe(all.length);
      pages.push(...(p.FriendRequests ?? []));
    }
    expect(pages).toEqual(all);
    expect(await received(userID, Math.ceil(all.length / 4) + 1, 4)).toEqual({ FriendRequests: null, total: all.length });
  });

  it('filters by handleResults, counting only what the filter keeps', async () => {
    for (const userID of SAMPLE) {
      const all = (await received(userID)).FriendRequests ?? [];
      for (const states of [[0], [1], [-1], [1, -1]]) {
        const d = await received(userID, 1, 1000, { handleResults: states });
        const kept = all.filter((r) => states.includes(r.handleResult));
        expect(d).toEqual({ FriendRequests: kept.length ? kept : null, total: kept.length });
      }
      expect(await received(userID, 1, 1000, { handleResults: [] })).toEqual(await received(userID));
    }
  });

  it('answers the real server\'s errors: no userID, no pagination, another user\'s token, a wrong type', async () => {
    expect((await call(server, PATH, { pagination: page(1, 10) })).body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'userID is empty' });
    expect((await call(server, PATH, { userID: userIdOf(2), pagination: page(0, 10) })).body)
      .toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'pageNumber is invalid' });
    const other = await call(server, PATH, { userID: userIdOf(2), pagination: page(1, 10) }, { token: server.mintToken(userIdOf(3)) });
    expect(other.body).toEqual({ errCode: 1002, errMsg: 'NoPermissionError', errDlt: 'ownerUserID, user_000002=MISSING' });
    const own = await call(server, PATH, { userID: userIdOf(2), pagination: page(1, 10) }, { token: server.mintToken(userIdOf(2)) });
    expect(own.body.errCode).toBe(0);
    const bad = await call(server, PATH, { userID: userIdOf(2), pagination: page(1, 10), handleResults: 'x' });
    expect(bad.body.errMsg).toContain('json: cannot unmarshal string into Go struct field GetPaginationFriendsApplyToReq.handleResults of type []int32');
    expect(bad.body.errMsg).toContain('api.(*FriendApi).GetFriendApplyList()');
    expect(await received('user_999999')).toEqual({ FriendRequests: null, total: 0 });
  });

  it('shows an application sent while the demo lives on the receiver\'s side too', async () => {
    const clock = { now: DEMO_NOW_MS };
    const living = await startDemoServer({ users: 500, activity: { paceMs: 1_000, now: () => clock.now } });
    try {
      // Events 3, 7, 11… are applications (activity.ts): after 40 paces, ten have been sent.
      clock.now += 40_000;
      const fresh = [];
      for (const userID of [1, 2, 3, 4].map(userIdOf)) fresh.push(...(await sent(userID, living)).filter((r) => r.createTime > DEMO_NOW_MS));
      expect(fresh.length).toBeGreaterThan(0);
      for (const r of fresh) {
        const theirs = (await received(r.toUserID, 1, 1000, {}, living)).FriendRequests ?? [];
        expect(theirs).toContainEqual(r);
        // A re-application replaced the older row: never two from the same sender.
        expect(theirs.filter((x) => x.fromUserID === r.fromUserID)).toHaveLength(1);
      }
    } finally {
      await living.close();
    }
  });

  it('at a million users looks only at a fixed set of possible applicants, and answers over HTTP', { timeout: 60_000 }, async () => {
    const world = { population: 1_000_000, adminUserID: DEMO.adminUserID };
    let examined = 0;
    applicantsOf(world, 1_000_000, () => examined++);
    expect(examined).toBeGreaterThan(0);
    // A fixed set of distances behind the user (128 of them), not the million.
    expect(examined).toBeLessThan(1_000);
    const big = await startDemoServer({ users: 1_000_000 });
    try {
      for (const userID of [userIdOf(2), userIdOf(500_000), userIdOf(1_000_000)]) {
        const d = await received(userID, 1, 1000, {}, big);
        for (const r of d.FriendRequests ?? []) expect(await sent(r.fromUserID, big)).toContainEqual(r);
        for (const r of await sent(userID, big)) expect((await received(r.toUserID, 1, 1000, {}, big)).FriendRequests).toContainEqual(r);
      }
    } finally {
      await big.close();
    }
  });
});
