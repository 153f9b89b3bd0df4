// The users' list takes rows that already have the schema's shape as they are (flatList in
// src/api/schemas.ts): whatever the rows, the result and every error must be what the plain
// schema, z.array(userSchema) with null or missing as [], gives.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { getUsersDataSchema, userSchema } from '../../src/api/schemas.js';

const plain = z.looseObject({
  total: z.number(),
  users: z.pipe(z.nullish(z.array(userSchema)), z.transform((v) => v ?? [])),
});

const row = { userID: 'u1', nickname: 'Mia', faceURL: 'https://x/1.png', ex: '', createTime: 1614559466259, appMangerLevel: 0, globalRecvMsgOpt: 0 };
const values: unknown[] = [undefined, null, 0, -0, 1.5, '12', '-7', '99999999999999999999', '', 'x', true, {}, []];

function lists(): unknown[] {
  const out: unknown[] = [null, undefined, [], [row], [row, row], 'text', 5, {}, [null], [[]], [{ ...row, extra: 1 }], [{ nickname: 'n', userID: 'u' }]];
  out.push([JSON.parse('{"__proto__":{"a":1},"userID":"x","nickname":"","faceURL":"","ex":"","createTime":1,"appMangerLevel":0,"globalRecvMsgOpt":0}')]);
  const reordered = { nickname: row.nickname, userID: row.userID, faceURL: row.faceURL, ex: row.ex, createTime: 1, appMangerLevel: 0, globalRecvMsgOpt: 0 };
  out.push([reordered]);
  for (const key of Object.keys(row)) {
    for (const value of values) {
      const changed: Record<string, unknown> = { ...row };
      if (value === undefined) delete changed[key];
      else changed[key] = value;
      out.push([row, changed]);
    }
  }
  return out;
}

/** The result as data: success, the rows with their keys in order, or each issue's path and message. */
type Result = ReturnType<typeof plain.safeParse>;

function outcome(result: Result): unknown {
  if (!result.success) return { issues: result.error.issues.map((i) => ({ path: i.path, message: i.message, code: i.code })) };
  const users = result.data.users as Record<string, unknown>[];
  return { rows: users.map((u) => Object.entries(u).map(([k, v]) => [k, Object.is(v, -0) ? '-0' : v])) };
}

describe('the users list fast path', () => {
  it.each(lists().map((users, i) => [i, users]))('list %i: the same rows or the same errors as the plain schema', (_i, users) => {
    const data = (): Record<string, unknown> => (users === undefined ? { total: 2 } : { total: 2, users: structuredClone(users) });
    expect(outcome(getUsersDataSchema.safeParse(data()))).toEqual(outcome(plain.safeParse(data())));
  });

  it('takes rows of the schema shape as they are', () => {
    const users = [{ ...row }, { ...row, userID: 'u2' }];
    const parsed = getUsersDataSchema.parse({ total: 2, users });
    expect(parsed.users[0]).toBe(users[0]);
  });
});
