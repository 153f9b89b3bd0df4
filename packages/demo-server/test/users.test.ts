import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, HOSTILE_SAMPLES, startDemoServer, type DemoServer } from '../src/server.js';
import * as users from '../src/users.js';
import type { UserRecord } from '../src/users.js';

// The routes' calls into the user generator are counted (the functions still run): how many
// users a request computes is the work it does, the same on any machine.
vi.mock('../src/users.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/users.js')>();
  return { ...real, userAt: vi.fn(real.userAt), nicknameAt: vi.fn(real.nicknameAt), userIdOf: vi.fn(real.userIdOf) };
});
const built = { userAt: vi.mocked(users.userAt), nicknameAt: vi.mocked(users.nicknameAt), userIdOf: vi.mocked(users.userIdOf) };
import { call, data, page } from './helpers.js';

interface UsersData {
  total: number;
  users: UserRecord[] | null;
}

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ users: 5000 });
});
afterAll(() => server.close());

const getUsers = (body: unknown) => data<UsersData>(server, '/user/get_users', body);

describe('get_users', () => {
  it('returns every UserInfo key, in order, with the real total', async () => {
    const d = await getUsers({ pagination: page(1, 20) });
    expect(Object.keys(d)).toEqual(['total', 'users']);
    expect(d.total).toBe(5000);
    expect(d.users).toHaveLength(20);
    for (const u of d.users ?? []) {
      expect(Object.keys(u)).toEqual(['userID', 'nickname', 'faceURL', 'ex', 'createTime', 'appMangerLevel', 'globalRecvMsgOpt']);
      expect([0, 1]).toContain(u.appMangerLevel);
    }
    expect(d.users?.[0]?.userID).toBe(DEMO.firstUserID);
  });

  it('pages in index order across a boundary', async () => {
    const p2 = await getUsers({ pagination: page(2, 10) });
    expect(p2.users?.map((u) => u.userID)).toEqual(Array.from({ length: 10 }, (_, i) => `user_${String(11 + i).padStart(6, '0')}`));
  });

  it('returns null past the end and for showNumber <= 0, with the real total', async () => {
    expect(await getUsers({ pagination: page(251, 20) })).toEqual({ total: 5000, users: null });
    expect(await getUsers({ pagination: page(1, 0) })).toEqual({ total: 5000, users: null });
    expect(await getUsers({ pagination: page(1, -5) })).toEqual({ total: 5000, users: null });
    const last = await getUsers({ pagination: page(250, 20) });
    expect(last.users?.at(-1)?.userID).toBe('user_005000');
  });

  it('rejects a missing pagination and pageNumber < 1', async () => {
    for (const [body, detail] of [
      [{}, 'pagination is empty'],
      [{ pagination: page(0, 10) }, 'pageNumber is invalid'],
      [{ pagination: page(-1, 10) }, 'pageNumber is invalid'],
    ] as const) {
      const res = await call(server, '/user/get_users', body);
      expect(res.body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: detail });
    }
  });

  it('never lists the admin, notification accounts or robots', async () => {
    const everyone = await getUsers({ pagination: page(1, 5000) });
    const ids = new Set(everyone.users?.map((u) => u.userID));
    expect(ids.size).toBe(5000);
    for (const id of [DEMO.adminUserID, ...DEMO.notificationAccountIDs, ...DEMO.robotIDs]) expect(ids.has(id)).toBe(false);
    const byFilter = await getUsers({ pagination: page(1, 10), userID: 'notify' });
    expect(byFilter).toEqual({ total: 0, users: null });
  });

  it('filters userID and nickName case-insensitively by substring, OR-ed', async () => {
    const byId = await getUsers({ pagination: page(2, 3), userID: 'USER_00499' });
    expect(byId.total).toBe(10);
    expect(byId.users?.map((u) => u.userID)).toEqual(['user_004993', 'user_004994', 'user_004995']);
    const first = (await getUsers({ pagination: page(1, 1) })).users?.[0];
    const nick = first?.nickname ?? '';
    const byNick = await getUsers({ pagination: page(1, 5000), nickName: nick.toUpperCase() });
    expect(byNick.users?.every((u) => u.nickname.toLowerCase().includes(nick.toLowerCase()))).toBe(true);
    const both = await getUsers({ pagination: page(1, 5000), nickName: nick, userID: 'user_00499' });
    expect(both.total).toBe(byNick.total + 10 - (byNick.users?.filter((u) => u.userID.startsWith('user_00499')).length ?? 0));
  });

  it('has the documented odd timestamps', async () => {
    const d = await getUsers({ pagination: page(1, 20) });
    const byId = new Map(d.users?.map((u) => [u.userID, u]));
    expect(byId.get(DEMO.goZeroTimeUserID)?.createTime).toBe(-62_135_596_800_000);
    expect(byId.get(DEMO.zeroCreateTimeUserID)?.createTime).toBe(0);
    expect(d.users?.some((u) => u.faceURL === '')).toBe(true);
  });

  it('carries the hostile samples verbatim', async () => {
    const d = await getUsers({ pagination: page(1, 50) });
    const byId = new Map(d.users?.map((u) => [u.userID, u]));
    const samples = HOSTILE_SAMPLES.filter((s) => s.route === '/user/get_users');
    expect(samples.length).toBeGreaterThanOrEqual(7);
    for (const s of samples) {
      const user = byId.get(s.userID) as unknown as Record<string, unknown> | undefined;
      expect(user?.[s.field], s.name).toBe(s.value);
    }
    expect(samples.find((s) => s.field === 'ex')?.value).toHaveLength(5000);
    expect(samples.some((s) => s.value.includes('\u001b[2J'))).toBe(true);
    expect(samples.some((s) => s.value.includes('\u001b]0;pwned\u0007'))).toBe(true);
  });
});

describe('determinism and scale', () => {
  it('two servers with the same options serve identical pages', async () => {
    const other = await startDemoServer({ users: 5000 });
    try {
      const bodies: Array<[string, unknown]> = [
        ['/user/get_users', { pagination: page(7, 50) }],
        ['/conversation/get_sorted_conversation_list', { userID: 'user_000002', pagination: page(2, 100) }],
        ['/friend/get_self_friend_apply_list', { userID: 'user_000001', pagination: page(1, 40) }],
        ['/friend/get_black_list', { userID: 'user_000001', pagination: page(1, 40) }],
      ];
      for (const [path, body] of bodies) {
        const a = await call(server, path, body);
        const b = await call(other, path, body);
        expect(a.body.errCode).toBe(0);
        expect(b.text).toBe(a.text);
      }
    } finally {
      await other.close();
    }
  });

  it('serves the last page of a million users as fast as the first: it computes only the rows of the page', async () => {
    const big = await startDemoServer({ users: 1_000_000 });
    try {
      const rowsBuilt = async (pageNumber: number) => {
        built.userAt.mockClear();
        built.nicknameAt.mockClear();
        built.userIdOf.mockClear();
        const d = await data<UsersData>(big, '/user/get_users', { pagination: page(pageNumber, 100) });
        // Users the route itself built or looked at (userAt, or a scan by ID or nickname).
        return { d, built: built.userAt.mock.calls.map(([, index]) => index), scanned: built.nicknameAt.mock.calls.length + built.userIdOf.mock.calls.length };
      };
      const first = await rowsBuilt(1);
      const last = await rowsBuilt(10_000);
      expect(last.d.total).toBe(1_000_000);
      expect(last.d.users?.map((u) => u.userID).slice(-2)).toEqual(['user_999999', 'user_1000000']);
      expect(last.d.users?.[0]?.userID).toBe('user_999901');
      expect(await data<UsersData>(big, '/user/get_users', { pagination: page(10_001, 100) })).toEqual({ total: 1_000_000, users: null });
      // O(page) work, the same for the first and the last page: exactly the 100 rows shown are
      // computed from their index, and no user is scanned (materialising a million takes seconds).
      expect(first.built).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(last.built).toEqual(Array.from({ length: 100 }, (_, i) => 999_901 + i));
      expect(first.scanned + last.scanned).toBe(0);
    } finally {
      await big.close();
    }
  });
});
