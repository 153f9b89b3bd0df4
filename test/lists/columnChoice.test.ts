// Columns per list: the config file's `columns` checked against the lists, the columns a choice
// shows (in its order), `:columns` toggling one, and `-o table` printing the chosen ones.
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/api/schemas.js';
import { tableEncoder } from '../../src/data/table.js';
import {
  checkColumnChoice,
  choosableFields,
  chosenColumns,
  chosenKeys,
  columnsByKeys,
  toggleColumn,
} from '../../src/lists/columnChoice.js';
import { LIST_COMMANDS, LIST_KINDS } from '../../src/lists/names.js';
import { listDef } from '../../src/lists/registry.js';

const user: User = {
  userID: 'user_000001',
  nickname: 'Ann',
  faceURL: '',
  ex: '',
  createTime: 1614583462594,
  appMangerLevel: 0,
  globalRecvMsgOpt: 0,
};

/** What is wrong with a choice, one phrase each (the config file's check says them after `columns: `). */
const problemsOf = (raw: Readonly<Record<string, readonly string[]>>): string[] => checkColumnChoice(raw).problems;

describe('checkColumnChoice', () => {
  it('accepts the fields of -o json, by list command, in the order given', () => {
    const { choice, problems } = checkColumnChoice({ users: ['createTime', 'userID'], blacklist: ['blackUserInfo.userID'] });
    expect(problems).toEqual([]);
    expect(choice).toEqual({ users: ['createTime', 'userID'], blacklist: ['blackUserInfo.userID'] });
  });

  it('refuses an unknown list, naming the lists', () => {
    expect(problemsOf({ usres: ['userID'] })).toEqual([`unknown list "usres" (lists: ${LIST_COMMANDS.join(', ')})`]);
  });

  it("refuses an unknown field, naming the list's fields and the columns no field chooses", () => {
    expect(problemsOf({ users: ['userID', 'faceURL'] })).toEqual([
      'users: unknown field "faceURL" (fields: userID, nickname, createTime, appMangerLevel, globalRecvMsgOpt, online)',
    ]);
    expect(problemsOf({ conversations: ['summary'] })[0]).toMatch(
      /^conversations: unknown field "summary" \(fields: readState, IsPinned, unreadCount, msgInfo\.LatestMsgRecvTime; WITH, TYPE, FROM, LATEST MESSAGE show no single field and cannot be chosen\)$/,
    );
  });

  it('refuses an empty choice, and says every problem', () => {
    const problems = problemsOf({ users: [], nope: ['x'] });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^users: give at least one field /);
    expect(problems[1]).toMatch(/^unknown list "nope"/);
  });

  it('quotes a hostile name without its control characters', () => {
    expect(problemsOf({ 'a\u001b[2Jb': ['x'] }).join('')).not.toMatch(/\u001b/);
  });

  it('has no problem with an empty choice', () => {
    expect(problemsOf({})).toEqual([]);
  });
});

describe('the columns a choice shows', () => {
  it('every column of every list but the derived ones names a field of its rows', () => {
    for (const kind of LIST_KINDS) {
      const fields = choosableFields(kind);
      expect(new Set(fields).size).toBe(fields.length);
      expect(fields.length).toBeGreaterThan(0);
    }
  });

  it('shows the chosen columns in the order chosen; all of them without a choice', () => {
    const columns = listDef('users').columns;
    expect(chosenColumns(columns, ['createTime', 'userID']).map((c) => c.title)).toEqual(['CREATED', 'USER ID']);
    expect(chosenColumns(columns, undefined)).toBe(columns);
    expect(columnsByKeys(columns, chosenKeys('users', ['nickname', 'userID'])).map((c) => c.title)).toEqual(['NICKNAME', 'USER ID']);
  });

  it('-o table prints only the chosen columns, in order, width-fitted', () => {
    const e = tableEncoder('users', 80, { now: new Date(2026, 10, 23) }, ['createTime', 'userID']);
    const lines = (e.begin() + e.rows([user]) + e.end()).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CREATED +USER ID$/);
    expect(lines[1]).toMatch(/^2021-03-01 .* user_000001$/);
  });
});

describe('toggleColumn (:columns FIELD)', () => {
  it('hides a shown column and shows it again last', () => {
    const hidden = toggleColumn('users', undefined, 'nickname');
    expect(hidden).toEqual({ keys: ['userID', 'createTime', 'appMangerLevel', 'globalRecvMsgOpt'] });
    expect(toggleColumn('users', ['userID', 'createTime', 'appMangerLevel', 'globalRecvMsgOpt'], 'nickname')).toEqual({
      keys: ['userID', 'createTime', 'appMangerLevel', 'globalRecvMsgOpt', 'nickname'],
    });
  });

  it("refuses an unknown field, naming the list's fields, and the last column", () => {
    expect(toggleColumn('users', undefined, 'faceURL')).toEqual({
      error: 'no column shows faceURL here (fields: userID, nickname, createTime, appMangerLevel, globalRecvMsgOpt, online)',
    });
    expect(toggleColumn('users', ['userID'], 'userID')).toEqual({ error: 'the table needs one column at least' });
  });

  it('shows a column a page extra fills (ONLINE) only when chosen, last', () => {
    expect(chosenKeys('users', undefined)).toEqual(['userID', 'nickname', 'createTime', 'appMangerLevel', 'globalRecvMsgOpt']);
    expect(toggleColumn('users', undefined, 'online')).toEqual({ keys: ['userID', 'nickname', 'createTime', 'appMangerLevel', 'globalRecvMsgOpt', 'online'] });
  });
});
