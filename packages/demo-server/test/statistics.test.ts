// The four statistics routes against the facts of shared/openim-api.md §12.13 and §12.17 items
// 13-14, on both generations, and their agreement with the demo's own lists: a day's new users
// are the users created that day, a day's top senders are the senders the message search finds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import { DEMO_NOW_MS } from '../src/users.js';
import { call, data, page } from './helpers.js';

const DAY = 86_400_000;
const TODAY = Math.floor(DEMO_NOW_MS / DAY) * DAY;
/** The 14 UTC days up to the data set's today. */
const WINDOW = { start: TODAY - 13 * DAY, end: TODAY + DAY };

let release: DemoServer;
let main: DemoServer;
beforeAll(async () => {
  [release, main] = await Promise.all([startDemoServer({ users: 200 }), startDemoServer({ users: 200, server: 'main' })]);
});
afterAll(() => Promise.all([release.close(), main.close()]));

interface CountData { total: number; before: number; count?: Record<string, number> | null }
interface ActiveUsers { msgCount: number; userCount: number; dateCount?: Record<string, number> | null; users: Array<{ user: { userID: string; nickname: string }; count: number }> | null }
interface ActiveGroups { msgCount: number; groupCount: number; dateCount?: Record<string, number> | null; groups: Array<{ group: { groupID: string }; count: number }> | null }
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('/statistics/user/register', () => {
  it("counts a day's new users as the users list's creation times say, with UTC day keys and no empty day", async () => {
    const users = await data<{ total: number; users: Array<{ userID: string; createTime: number }> }>(release, '/user/get_users', { pagination: page(1, 200) });
    const created = users.users.filter((u) => u.createTime > 0);
    const sample = created[40]!;
    const day = Math.floor(sample.createTime / DAY) * DAY;
    const window = { start: day - 20 * DAY, end: day + 20 * DAY };
    const answer = await data<CountData>(release, '/statistics/user/register', window);
    const expected: Record<string, number> = {};
    for (const u of created) if (u.createTime >= window.start && u.createTime < window.end) expected[dayKey(u.createTime)] = (expected[dayKey(u.createTime)] ?? 0) + 1;
    expect(answer.count).toEqual(expected);
    expect(Object.values(answer.count ?? {}).every((n) => n > 0)).toBe(true);
    expect(Object.keys(answer.count ?? {}).every((k) => /^\d{4}-\d{2}-\d{2}$/.test(k))).toBe(true);
    // total: every stored user, system accounts included; before: created before start (timeless users too).
    const system = 1 + 12 + 2;
    expect(answer.total).toBe(users.total + system);
    const earlier = users.users.filter((u) => u.createTime < window.start).length;
    expect(answer.before).toBe(earlier + system);
  });

  it('is [start, end) in ms: a user created at end is not counted, one created at start is', async () => {
    const users = await data<{ users: Array<{ createTime: number }> }>(release, '/user/get_users', { pagination: page(1, 200) });
    const t = users.users[60]!.createTime;
    expect((await data<CountData>(release, '/statistics/user/register', { start: t, end: t + 1 })).count).toEqual({ [dayKey(t)]: 1 });
    expect((await data<CountData>(release, '/statistics/user/register', { start: t - 1, end: t })).count ?? {}).toEqual({});
  });

  it('writes an empty count as null on the release and leaves it out on main', async () => {
    // Before the data set's first registration (users register up to its now, so a recent window has some).
    const empty = { start: Date.UTC(2020, 0, 1), end: Date.UTC(2020, 0, 15) };
    const r = await call<CountData>(release, '/statistics/user/register', empty);
    const m = await call<CountData>(main, '/statistics/user/register', empty);
    expect(r.text).toContain('"count":null');
    expect(m.body.data).not.toHaveProperty('count');
  });

  it('answers 1001 to start > end and to a time ≤ 0, and any token on both generations', async () => {
    for (const server of [release, main]) {
      const reversed = await call(server, '/statistics/user/register', { start: WINDOW.end, end: WINDOW.start });
      expect(reversed.body).toMatchObject({ errCode: 1001, errDlt: 'start > end' });
      expect((await call(server, '/statistics/user/register', { start: 0, end: WINDOW.end })).body.errCode).toBe(1001);
      const user = await call(server, '/statistics/user/register', WINDOW, { token: server.mintToken(DEMO.firstUserID) });
      expect(user.body.errCode).toBe(0);
    }
  });
});

describe('/statistics/group/create', () => {
  it("counts the groups' creation times, dismissed ones included, admin only on both generations", async () => {
    const groups = await data<{ total: number; groups: Array<{ groupInfo: { createTime: number } }> }>(release, '/group/get_groups', { pagination: page(1, 3000) });
    const times = groups.groups.map((g) => g.groupInfo.createTime);
    const day = Math.floor(times[0]! / DAY) * DAY;
    const window = { start: day - 3 * DAY, end: day + 4 * DAY };
    const answer = await data<CountData>(release, '/statistics/group/create', window);
    const expected: Record<string, number> = {};
    for (const t of times) if (t >= window.start && t < window.end) expected[dayKey(t)] = (expected[dayKey(t)] ?? 0) + 1;
    // get_groups leaves dismissed groups out; the count has them too.
    for (const [key, n] of Object.entries(expected)) expect(answer.count?.[key]).toBeGreaterThanOrEqual(n);
    expect(answer.total).toBe(3000);
    expect(answer.before).toBeGreaterThanOrEqual(times.filter((t) => t < window.start).length);
    for (const server of [release, main]) {
      expect((await call(server, '/statistics/group/create', window, { token: server.mintToken(DEMO.firstUserID) })).body.errCode).toBe(1002);
    }
    const reversed = await call(release, '/statistics/group/create', { start: window.end, end: window.start });
    expect(reversed.body.errCode).toBe(1001);
  });
});

describe('/statistics/user/active and /statistics/group/active', () => {
  const active = (body: object) => data<ActiveUsers>(release, '/statistics/user/active', { ...WINDOW, group: true, ...body });

  it('has dateCount = messages per day (its days add up to msgCount and to the senders\' counts), empty days missing', async () => {
    const answer = await active({ pagination: page(1, 100_000) });
    const days = Object.values(answer.dateCount ?? {});
    expect(days.length).toBeGreaterThan(3);
    expect(days.every((n) => n > 0)).toBe(true);
    expect(days.reduce((a, b) => a + b, 0)).toBe(answer.msgCount);
    expect(answer.users!.reduce((a, u) => a + u.count, 0)).toBe(answer.msgCount);
    // Senders, not messages: far fewer than the messages.
    expect(answer.userCount).toBe(answer.users!.length);
    expect(answer.userCount).toBeLessThan(answer.msgCount);
  });

  it("finds a day's top sender's messages in the message search by sender and day", async () => {
    const day = { start: TODAY - 3 * DAY, end: TODAY - 2 * DAY };
    const answer = await data<ActiveUsers>(release, '/statistics/user/active', { ...day, group: true, pagination: page(1, 5) });
    const top = answer.users![0]!;
    const search = await data<{ chatLogsNum: number }>(release, '/msg/search_msg', { sendID: top.user.userID, sendTime: dayKey(day.start), pagination: page(1, 10_000) });
    expect(search.chatLogsNum).toBe(top.count);
  });

  it('pages with the bug: page p starts at row p, so page 1 with p·n rows is the way to read page p', async () => {
    const whole = (await active({ pagination: page(1, 8) })).users!;
    const second = (await active({ pagination: page(2, 3) })).users!;
    expect(second.map((u) => u.user.userID)).toEqual(whole.slice(1, 4).map((u) => u.user.userID));
    const ascending = (await active({ ase: true, pagination: page(1, 3) })).users!;
    expect(ascending[0]!.count).toBeLessThanOrEqual(ascending[2]!.count);
  });

  it('answers errCode 2 to a null pagination, on both routes and generations', async () => {
    for (const server of [release, main]) {
      for (const path of ['/statistics/user/active', '/statistics/group/active']) {
        expect((await call(server, path, { ...WINDOW, pagination: null })).body.errCode, path).toBe(2);
        expect((await call(server, path, { ...WINDOW })).body.errCode, path).toBe(2);
      }
    }
  });

  it('is open to any token on the release and admin only on main', async () => {
    for (const path of ['/statistics/user/active', '/statistics/group/active']) {
      const body = { ...WINDOW, pagination: page(1, 3) };
      expect((await call(release, path, body, { token: release.mintToken(DEMO.firstUserID) })).body.errCode, path).toBe(0);
      expect((await call(main, path, body, { token: main.mintToken(DEMO.firstUserID) })).body.errCode, path).toBe(1002);
      expect((await call(main, path, body)).body.errCode, path).toBe(0);
    }
  });

  it("counts the groups' messages, each group with its info, the group messages of the users' figure", async () => {
    const groups = await data<ActiveGroups>(release, '/statistics/group/active', { ...WINDOW, pagination: page(1, 10_000) });
    const singles = await data<ActiveUsers>(release, '/statistics/user/active', { ...WINDOW, pagination: page(1, 1) });
    const both = await active({ pagination: page(1, 1) });
    expect(groups.msgCount + singles.msgCount).toBe(both.msgCount);
    expect(groups.groupCount).toBe(groups.groups!.length);
    expect(groups.groups![0]!.group.groupID).toMatch(/^\d+$|^g/);
    expect(groups.groups!.reduce((a, g) => a + g.count, 0)).toBe(groups.msgCount);
  });

  it('answers a window with no message with zero counts and empty maps by generation', async () => {
    const old = { start: Date.UTC(2000, 0, 1), end: Date.UTC(2000, 0, 2), pagination: page(1, 10) };
    const r = await call<ActiveUsers>(release, '/statistics/user/active', old);
    expect(r.body.data).toMatchObject({ msgCount: 0, userCount: 0, dateCount: null, users: null });
    const m = await call<ActiveUsers>(main, '/statistics/user/active', old);
    expect(m.body.data).not.toHaveProperty('dateCount');
  });
});
