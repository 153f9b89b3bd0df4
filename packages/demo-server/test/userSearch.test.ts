// get_users' userID/nickName filters on the demo server, as the real server runs them: each a
// case-insensitive, unescaped MongoDB $regex, the two OR-ed, total = matches, pages over matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../src/server.js';
import type { UserRecord } from '../src/users.js';
import { nicknameAt, userIdOf } from '../src/users.js';
import { call, data, page } from './helpers.js';

interface UsersData {
  total: number;
  users: UserRecord[] | null;
}

const USERS = 4000;
let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ users: USERS });
});
afterAll(() => server.close());

const getUsers = (body: unknown) => data<UsersData>(server, '/user/get_users', body);
const everyone = Array.from({ length: USERS }, (_, i) => ({ userID: userIdOf(i + 1), nickname: nicknameAt(i + 1) }));
const where = (test: (u: { userID: string; nickname: string }) => boolean) => everyone.filter(test).map((u) => u.userID);

describe('get_users filters', () => {
  it('treat the text as a regex, not a substring', async () => {
    const d = await getUsers({ pagination: page(1, USERS), userID: '^user_0001[0-4]5$' });
    expect(d.users?.map((u) => u.userID)).toEqual(['user_000105', 'user_000115', 'user_000125', 'user_000135', 'user_000145']);
    expect((await getUsers({ pagination: page(1, 1), nickName: '.' })).total).toBe(USERS);
  });

  it('ignore case, beyond ASCII too', async () => {
    const expected = where((u) => /björn/iu.test(u.nickname));
    expect(expected.length).toBeGreaterThan(0);
    const d = await getUsers({ pagination: page(1, USERS), nickName: 'BJÖRN' });
    expect(d.users?.map((u) => u.userID)).toEqual(expected);
  });

  it('are OR-ed, and total counts the matches before paging', async () => {
    const expected = where((u) => u.userID.endsWith('7') || u.nickname.startsWith('Karen'));
    const d = await getUsers({ pagination: page(3, 25), userID: '7$', nickName: '^Karen' });
    expect(d.total).toBe(expected.length);
    expect(d.users?.map((u) => u.userID)).toEqual(expected.slice(50, 75));
  });

  it('answer null past the last match and for showNumber 0, with the total', async () => {
    const total = where((u) => u.nickname.includes('张')).length;
    expect(await getUsers({ pagination: page(1000, 20), nickName: '张' })).toEqual({ total, users: null });
    expect(await getUsers({ pagination: page(1, 0), nickName: '张' })).toEqual({ total, users: null });
    expect(await getUsers({ pagination: page(1, 20), nickName: 'no such nickname anywhere' })).toEqual({ total: 0, users: null });
  });

  it('accept an escaped ordinary character, as PCRE does', async () => {
    expect((await getUsers({ pagination: page(1, 1), userID: 'user\\_000001' })).total).toBe(1);
  });

  it('answer a pattern MongoDB cannot compile with a server error carrying its text', async () => {
    for (const [pattern, reason] of [
      ['(', 'missing closing parenthesis'],
      ['[2J', 'missing terminating ] for character class'],
      ['*a', 'quantifier does not follow a repeatable item'],
    ] as const) {
      const res = await call(server, '/user/get_users', { pagination: page(1, 10), nickName: pattern, userID: pattern });
      expect(res.body).toEqual({
        errCode: 500,
        errMsg: 'ServerInternalError',
        errDlt: `mongo failed to count documents in collection: mongo count: (Location51091) Regular expression is invalid: ${reason}`,
      });
    }
  });
});
