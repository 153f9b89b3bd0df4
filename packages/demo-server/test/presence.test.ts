// Who is online, exact lookup at every level and what a token is, over loopback HTTP:
// /user/get_users_status, /user/get_users_info and /auth/parse_token in the real shapes, with the
// living demo's presence moved by an injected clock.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_ACCOUNTS, ROBOT_ACCOUNTS } from '../src/accounts.js';
import { UNKNOWN_PLATFORM } from '../src/presence.js';
import type { OnlineStatusWire } from '../src/presence.js';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import { DEMO_NOW_MS, userIdOf, type UserRecord } from '../src/users.js';
import { call, data, page } from './helpers.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ users: 1000 });
});
afterAll(() => server.close());
const living: DemoServer[] = [];
afterEach(async () => {
  await Promise.all(living.splice(0).map((s) => s.close()));
});

const PACE = 1_000;
/** A presence slot of the living demo: five paces (activity.ts). */
const SLOT = 5 * PACE;

const statuses = async (userIDs: string[], on = server) =>
  (await data<{ statusList: OnlineStatusWire[] | null }>(on, '/user/get_users_status', { userIDs })).statusList ?? [];
const firstThousand = Array.from({ length: 1000 }, (_, i) => userIdOf(i + 1));
const online = (rows: OnlineStatusWire[]) => rows.filter((r) => r.status === 1).map((r) => r.userID);

async function livingDemo() {
  const clock = { now: DEMO_NOW_MS };
  const demo = await startDemoServer({ users: 1000, activity: { paceMs: PACE, now: () => clock.now } });
  living.push(demo);
  return { demo, advance: (ms: number) => (clock.now += ms) };
}

describe('get_users_status', () => {
  it('answers one row per requested ID, in order, online with platform IDs or offline with null', async () => {
    const asked = [DEMO.firstUserID, 'nobody', DEMO.adminUserID, 'notify_system', DEMO.firstUserID];
    const rows = await statuses(asked);
    expect(rows.map((r) => r.userID)).toEqual(asked);
    for (const r of rows) expect(Object.keys(r)).toEqual(['userID', 'status', 'platformIDs']);
    // The first user is always online, on iOS and the web.
    expect(rows[0]).toEqual({ userID: DEMO.firstUserID, status: 1, platformIDs: [1, 5] });
    // Unknown IDs, the admin and system accounts have nothing in Redis: offline, a nil slice.
    for (const r of rows.slice(1, 4)) expect(r).toMatchObject({ status: 0, platformIDs: null });
    expect(rows[4]).toEqual(rows[0]);
  });

  it('has a few users online on a few platforms, every platform ID known or the one newer one', async () => {
    const rows = await statuses(firstThousand);
    const on = rows.filter((r) => r.status === 1);
    expect(on.length).toBeGreaterThan(100);
    expect(on.length).toBeLessThan(350);
    for (const r of on) {
      expect(r.platformIDs!.length).toBeGreaterThanOrEqual(1);
      expect(r.platformIDs!.length).toBeLessThanOrEqual(3);
      expect([...r.platformIDs!].sort((a, b) => a - b)).toEqual(r.platformIDs);
      for (const id of r.platformIDs!) expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, UNKNOWN_PLATFORM.id]).toContain(id);
    }
    for (const r of rows.filter((x) => x.status === 0)) expect(r.platformIDs).toBeNull();
    expect(new Set(on.flatMap((r) => r.platformIDs!)).size).toBeGreaterThan(5);
  });

  it('refuses a request naming no ID, as Check() does: 1001 for missing, null and []', async () => {
    for (const body of [{}, { userIDs: null }, { userIDs: [] }]) {
      expect((await call(server, '/user/get_users_status', body)).body, JSON.stringify(body)).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'UserIDs is empty' });
    }
  });

  it('stays the same on a demo that does not live, and changes slot by slot on one that does, the same every run', async () => {
    expect(await statuses(firstThousand)).toEqual(await statuses(firstThousand));
    const a = await livingDemo();
    const b = await livingDemo();
    // At its start a living demo shows what a still one does.
    expect(await statuses(firstThousand, a.demo)).toEqual(await statuses(firstThousand));
    const before = online(await statuses(firstThousand, a.demo));
    a.advance(SLOT);
    b.advance(SLOT);
    const after = online(await statuses(firstThousand, a.demo));
    expect(after).not.toEqual(before);
    // Users come and go one by one, not all at once.
    expect(after.filter((id) => before.includes(id)).length).toBeGreaterThan(0);
    expect(after).toContain(DEMO.firstUserID);
    expect(await statuses(firstThousand, b.demo)).toEqual(await statuses(firstThousand, a.demo));
  });

  it(`shows user ${UNKNOWN_PLATFORM.index} on platform ${UNKNOWN_PLATFORM.id}, a platform newer than the protocol, whenever online`, async () => {
    const { demo, advance } = await livingDemo();
    const id = userIdOf(UNKNOWN_PLATFORM.index);
    let seen = 0;
    for (let slot = 0; slot < 40; slot++, advance(SLOT)) {
      const [row] = await statuses([id], demo);
      if (row!.status === 1) {
        seen++;
        expect(row!.platformIDs).toContain(UNKNOWN_PLATFORM.id);
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('at a million users answers a page of statuses from the index alone', { timeout: 60_000 }, async () => {
    const big = await startDemoServer({ users: 1_000_000 });
    try {
      const ids = Array.from({ length: 100 }, (_, i) => userIdOf(999_901 + i));
      const rows = await statuses(ids, big);
      expect(rows.map((r) => r.userID)).toEqual(ids);
      expect(online(rows).length).toBeGreaterThan(0);
    } finally {
      await big.close();
    }
  });
});

describe('get_users_info', () => {
  const info = async (userIDs: string[], on = server) => (await data<{ usersInfo: UserRecord[] | null }>(on, '/user/get_users_info', { userIDs })).usersInfo;

  it('finds every level by exact ID: an ordinary user as get_users has them, system accounts, robots and the admin', async () => {
    const ids = [userIdOf(3), NOTIFICATION_ACCOUNTS[0]!.userID, ROBOT_ACCOUNTS[0]!.userID, DEMO.adminUserID];
    const rows = (await info(ids))!;
    // A batch read: every ID found, in an order of the cache's, never the request's.
    expect(rows.map((r) => r.userID).sort()).toEqual([...ids].sort());
    expect(rows.map((r) => r.userID)).not.toEqual(ids);
    rows.sort((a, b) => ids.indexOf(a.userID) - ids.indexOf(b.userID));
    for (const r of rows) expect(Object.keys(r)).toEqual(['userID', 'nickname', 'faceURL', 'ex', 'createTime', 'appMangerLevel', 'globalRecvMsgOpt']);
    const listed = await data<{ users: UserRecord[] }>(server, '/user/get_users', { pagination: page(1, 3) });
    expect(rows[0]).toEqual(listed.users[2]);
    expect(rows.slice(1).map((r) => r.appMangerLevel)).toEqual([3, 4, 3]);
    expect(rows[1]!.nickname).toBe(NOTIFICATION_ACCOUNTS[0]!.nickname);
  });

  it('collapses duplicates, drops IDs it does not store, and refuses a missing list (1001) but not an empty one', async () => {
    expect((await info([userIdOf(7), userIdOf(7)]))!.map((r) => r.userID)).toEqual([userIdOf(7)]);
    expect((await info([userIdOf(7), 'USER_000007', 'nobody']))!.map((r) => r.userID)).toEqual([userIdOf(7)]);
    for (const ids of [['nobody'], [userIdOf(1001)], []]) expect(await info(ids)).toBeNull();
    for (const body of [{}, { userIDs: null }]) {
      expect((await call(server, '/user/get_users_info', body)).body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'UserIDs is empty' });
    }
  });

  it('finds a user who registered while the demo lives', async () => {
    const { demo, advance } = await livingDemo();
    advance(4 * PACE); // event 4: a registration
    const rows = (await info([userIdOf(1001)], demo))!;
    expect(rows[0]!.userID).toBe(userIdOf(1001));
  });
});

describe('parse_token', () => {
  const parse = (token: string, opts = {}) => call<{ userID: string; platformID: number; expireTimeSeconds: number }>(server, '/auth/parse_token', { token }, { token: null, ...opts });

  it('needs no token header and says whose token it is, on which platform, and when it expires as a Unix time', async () => {
    const before = Math.floor(Date.now() / 1000);
    const admin = await parse(server.adminToken());
    expect(admin.body.errCode).toBe(0);
    expect(Object.keys(admin.body.data!)).toEqual(['userID', 'platformID', 'expireTimeSeconds']);
    expect(admin.body.data).toMatchObject({ userID: DEMO.adminUserID, platformID: 10 });
    // Absolute: about now plus the 90 days' duration get_admin_token reports.
    expect(admin.body.data!.expireTimeSeconds).toBeGreaterThanOrEqual(before + 7_776_000);
    expect(admin.body.data!.expireTimeSeconds).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 7_776_000);
    const user = await parse(server.mintToken(userIdOf(4), { platformID: 2, ttlSeconds: 3600 }));
    expect(user.body.data).toMatchObject({ userID: userIdOf(4), platformID: 2 });
    expect(user.body.data!.expireTimeSeconds - before).toBeLessThanOrEqual(3601);
  });

  it('answers a bad token as every token check does, the token echoed in errDlt as the server does', async () => {
    expect((await parse('abc')).body).toEqual({ errCode: 1503, errMsg: 'TokenMalformedError', errDlt: '1503 TokenMalformedError jwt parse error, token=abc' });
    expect((await parse('')).body.errCode).toBe(1503);
    expect((await parse(server.mintToken(userIdOf(4), { ttlSeconds: -10 }))).body.errCode).toBe(1501);
    expect((await parse(server.mintToken(userIdOf(4), { secret: 'other' }))).body.errCode).toBe(1505);
    const kicked = server.mintToken(userIdOf(8));
    server.kickTokens(userIdOf(8));
    expect((await parse(kicked)).body.errCode).toBe(1506);
    expect((await parse(server.mintToken(userIdOf(9), { unstored: true }))).body.errCode).toBe(1507);
    expect((await parse(server.adminToken(), { operationID: null })).body).toMatchObject({ errCode: 1001, errDlt: 'header must have operationID' });
  });
});
