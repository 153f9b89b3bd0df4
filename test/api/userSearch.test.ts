// The users search and the user lookup through the API layer, against the demo server over
// loopback: literal text finds exactly what a substring match finds (regex characters included),
// `regex` sends the pattern as typed, an ID is looked up exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import type { AnyQuery as ListQuery } from '../../src/lists/types.js';
import { fetchPage } from '../../src/lists/registry.js';
import type { User } from '../../src/api/schemas.js';
import { lookupUser } from '../../src/api/userLookup.js';
import { escapeRegex, exactUserIDPattern } from '../../src/api/userSearch.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { demoClient } from '../support/demoClient.js';
import { literalMatches } from '../support/literalSearch.js';

const USERS = 3000;
let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: USERS });
});
afterAll(() => demo.close());

const query = (search: string, regex = false): ListQuery => ({ keyword: '', conversationIDs: [], search, regex });
const users = (search: string, regex = false, page = 1, size = USERS) =>
  fetchPage(demoClient(demo), { kind: 'users', page, size, query: query(search, regex) }, new AbortController().signal);
const ids = (rows: readonly unknown[]): string[] => (rows as User[]).map((u) => u.userID);

describe('escapeRegex', () => {
  it('makes every regex character match itself and nothing else', () => {
    const text = 'a.c(x)[y]{2}*+?^$|\\z';
    const pattern = new RegExp(escapeRegex(text), 'iu');
    expect(pattern.test(`-- ${text} --`)).toBe(true);
    expect(pattern.test(text.replace('.', 'b'))).toBe(false);
    expect(new RegExp(exactUserIDPattern('user_00000.'), 'iu').test('user_000001')).toBe(false);
  });
});

describe('users search, literal', () => {
  // CJK, a string with regex characters, a lone regex character, ASCII in another case.
  for (const text of ['郎', '张', '[2J', '.', 'KAREN', "o'b", '(', 'user_00012']) {
    it(`"${text}" finds exactly the users whose ID or nickname contains it`, async () => {
      const page = await users(text);
      const expected = literalMatches(USERS, text);
      expect(page.total).toBe(expected.length);
      expect(ids(page.rows)).toEqual(expected);
    });
  }

  it('pages through the matches', async () => {
    const expected = literalMatches(USERS, '张');
    const second = await users('张', false, 2, 5);
    expect(second.total).toBe(expected.length);
    expect(ids(second.rows)).toEqual(expected.slice(5, 10));
  });
});

describe('users search, regex', () => {
  it('sends the pattern as typed: "." matches every user', async () => {
    expect((await users('.', true, 1, 1)).total).toBe(USERS);
    expect((await users('^user_00000(1|2)$', true)).rows.map((u) => (u as User).userID)).toEqual(['user_000001', 'user_000002']);
  });

  it('a pattern the server cannot compile is the server error, with its text', async () => {
    const error = await users('[2J', true).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errCode: 500 });
    expect((error as ApiError).errDlt).toMatch(/Regular expression is invalid/);
  });
});

describe('lookupUser', () => {
  const client = () => demoClient(demo);

  it('finds an ordinary user by exact ID with get_users_info, in one request', async () => {
    const asked = (): number[] => ['/user/get_users_info', '/user/get_users', '/user/search_notification_account'].map((p) => demo.requestCount(p));
    const before = asked();
    const found = await lookupUser(client(), DEMO.firstUserID);
    expect(found.kind).toBe('user');
    expect(found.kind === 'user' && found.user.userID).toBe(DEMO.firstUserID);
    expect(asked().map((n, i) => n - before[i]!)).toEqual([1, 0, 0]);
  });

  it('an unknown ID is none; regex characters in it are not a pattern', async () => {
    expect(await lookupUser(client(), 'nosuch')).toEqual({ kind: 'none' });
    // Unescaped, "user_00000." would match user_000001..9 in the case check.
    expect(await lookupUser(client(), 'user_00000.')).toEqual({ kind: 'none' });
  });

  it('IDs are compared case-sensitively, and the ID in another case is named', async () => {
    expect(await lookupUser(client(), DEMO.firstUserID.toUpperCase())).toEqual({ kind: 'none', otherCase: DEMO.firstUserID });
  });

  it('a system account (level 3 or 4) is found by its ID, with its level', async () => {
    for (const [id, level] of [[DEMO.notificationAccountIDs[0]!, 3], [DEMO.robotIDs[0]!, 4]] as const) {
      const found = await lookupUser(client(), id);
      expect(found.kind).toBe('system');
      expect(found.kind === 'system' && [found.user.userID, found.user.appMangerLevel]).toEqual([id, level]);
    }
    // Its exact nickname is not its ID.
    expect((await lookupUser(client(), DEMO.sharedNickname)).kind).toBe('none');
  });

  it('the configured admin is the admin, with the level the server stores for it', async () => {
    const found = await lookupUser(client(), DEMO.adminUserID);
    expect(found.kind).toBe('admin');
    expect(found.kind === 'admin' && found.user?.appMangerLevel).toBe(3);
  });
});
