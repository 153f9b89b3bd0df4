// The pure pieces of the output formats: CSV quoting and formula guard, JSON escaping, the
// streaming encoders and the table's fit to the width.
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/api/schemas.js';
import { csvCell, csvLine } from '../../src/data/csv.js';
import { dataEncoder } from '../../src/data/encoders.js';
import { jsonText } from '../../src/data/formats.js';
import { tableEncoder } from '../../src/data/table.js';
import { displayWidth } from '../../src/terminal/width.js';

const user = (id: string, nickname: string, extra: Record<string, unknown> = {}): User => ({
  userID: id,
  nickname,
  faceURL: '',
  ex: '',
  createTime: 1614583462594,
  appMangerLevel: 0,
  globalRecvMsgOpt: 0,
  ...extra,
});

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['crlf\r\nend', '"crlf\nend"'],
    ['=1+2', "'=1+2"],
    ['+33 6 12', "'+33 6 12"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    // The guard looks at the text before sanitising: a leading tab or CR is marked, then cleaned.
    ['\tx', "'  x"],
    ['\t=1+2', "'  =1+2"],
    ['\r=1+2', `"'\n'=1+2"`], // the CR becomes a line break, inside quotes, and a formula after it is marked too
    // Full-width forms, which spreadsheets read as the ASCII ones.
    ['\uFF1D1+2', "'\uFF1D1+2"],
    ['\uFF0BSUM(A1)', "'\uFF0BSUM(A1)"],
    ['\uFF0D2+3', "'\uFF0D2+3"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    ['a\uFF1Db', 'a\uFF1Db'],
    ['a\u001b[31mred', 'a\ufffdred'],
    ['', ''],
  ])('%j -> %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes numbers, booleans and missing values as they are', () => {
    expect(csvCell(-62135596800000)).toBe('-62135596800000');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('ends lines with CRLF (RFC 4180)', () => {
    expect(csvLine(['a', 1, 'b,c'])).toBe('a,1,"b,c"\r\n');
  });
});

describe('jsonText', () => {
  it('escapes what a terminal could act on and stays equal as JSON', () => {
    const value = { s: 'a\u001b[2Jb\u009b31m\u202eevil\u2028x\u007f' };
    const text = jsonText(value);
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u202e]/);
    expect(text).toContain('\\u009b');
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('dataEncoder', () => {
  const rows = [user('u1', 'One', { unknownField: { nested: 1 } }), user('u2', 'Two')];

  it('json: one array across pages, unknown keys kept', () => {
    const e = dataEncoder('users', 'json');
    const text = e.begin() + e.rows(rows.slice(0, 1)) + e.rows([]) + e.rows(rows.slice(1)) + e.end();
    expect(JSON.parse(text)).toEqual(rows);
    const empty = dataEncoder('users', 'json');
    expect(empty.begin() + empty.end()).toBe('[]\n');
  });

  it('ndjson: one row a line', () => {
    const e = dataEncoder('users', 'ndjson');
    const lines = (e.begin() + e.rows(rows) + e.end()).trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(rows);
  });

  it('csv: a header of the wire fields, then rows', () => {
    const e = dataEncoder('blacklist', 'csv');
    const text =
      e.begin() +
      e.rows([
        { ownerUserID: 'o', createTime: 1700000000, blackUserInfo: { userID: 'b', nickname: '=cmd', faceURL: '', ex: '' }, addSource: 1, operatorUserID: 'o', ex: '' },
      ]);
    expect(text).toBe(
      'ownerUserID,blackUserInfo.userID,blackUserInfo.nickname,createTime,addSource,operatorUserID,ex\r\n' +
        "o,b,'=cmd,1700000000,1,o,\r\n",
    );
  });
});

describe('tableEncoder', () => {
  it.each([40, 80, 132])('fits %i columns, every cell sanitised', (width) => {
    const e = tableEncoder('users', width, { now: new Date() });
    const hostile = user('u\u001b]52;c;AAAA\u0007x', 'name\nwith\tcontrols \u202eevil 很长的名字很长的名字很长的名字很长的名字');
    const lines = (e.begin() + e.rows([hostile, user('u2', 'Two')])).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^USER ID/);
    for (const line of lines) {
      expect(displayWidth(line)).toBeLessThanOrEqual(width);
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    }
  });
});

describe('tableEncoder layout', () => {
  it('sizes the columns from the first page and keeps them for the pages that follow', () => {
    const e = tableEncoder('users', 80, { now: new Date(2026, 10, 23) });
    const first = e.begin() + e.rows([user('user_000001', 'Ann'), user('user_000002', 'Bob Lee')]);
    const later = e.rows([user('user_000003', 'A much longer nickname than any on page one, cut')]);
    const lines = (first + later + e.end()).trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('USER ID'))).toHaveLength(1);
    // The ID column is as wide as the longest ID; the nickname as wide as the first page needs.
    expect(lines[0]).toMatch(/^USER ID {6}NICKNAME {2}CREATED/);
    expect(lines[1]).toMatch(/^user_000001 {2}Ann {7}2021-03-01/);
    expect(lines[3]).toMatch(/^user_000003 {2}A much … {2}2021-03-01/);
  });

  it('prints the header alone for an empty list', () => {
    const e = tableEncoder('blacklist', 80, { now: new Date() });
    expect((e.begin() + e.end()).trimEnd()).toMatch(/^BLOCKED USER +NICKNAME +SINCE +SOURCE +OPERATOR$/);
  });

  it('shows a single chat by its peer, relative to the --user', () => {
    const e = tableEncoder('conversations', 100, { ownerID: 'user_000001', now: new Date() });
    const row = { conversationID: 'si_user_000001_user_004321', recvMsgOpt: 0, unreadCount: 2391, IsPinned: false, msgInfo: null };
    const text = e.begin() + e.rows([row]);
    expect(text).toMatch(/user_004321 .*2,391/);
    expect(text).not.toContain('si_user');
  });
});
