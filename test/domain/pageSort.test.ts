// `:sort`: the page's rows in a field's order (stable, rows without it last), the command's
// parsing, and the column whose header carries the direction.
import { describe, expect, it } from 'vitest';
import { listDef } from '../../src/lists/registry.js';
import { columnShowsField, fieldsOf, hasField, shownRows, sortRows } from '../../src/domain/pageSort.js';
import type { AnyRow } from '../../src/api/pages.js';

const rows = [
  { userID: 'u10', nickname: 'bob', createTime: 30 },
  { userID: 'u9', nickname: 'Alice', createTime: 10 },
  { userID: 'u2', createTime: 20 },
  { userID: 'u1', nickname: 'alice', createTime: 20 },
];

describe('sortRows', () => {
  it('sorts numbers as numbers, text by a collator with numbers in it, stable', () => {
    expect(sortRows(rows, { field: 'createTime', desc: false }).map((r) => r.userID)).toEqual(['u9', 'u2', 'u1', 'u10']);
    expect(sortRows(rows, { field: 'createTime', desc: true }).map((r) => r.userID)).toEqual(['u10', 'u2', 'u1', 'u9']);
    expect(sortRows(rows, { field: 'userID', desc: false }).map((r) => r.userID)).toEqual(['u1', 'u2', 'u9', 'u10']);
  });

  it('puts rows without the field last, either way', () => {
    expect(sortRows(rows, { field: 'nickname', desc: false }).map((r) => r.userID)).toEqual(['u9', 'u1', 'u10', 'u2']);
    expect(sortRows(rows, { field: 'nickname', desc: true }).map((r) => r.userID)).toEqual(['u10', 'u9', 'u1', 'u2']);
  });

  it('reaches inside with a dotted path', () => {
    const blacks = [{ blackUserInfo: { userID: 'b' } }, { blackUserInfo: { userID: 'a' } }];
    expect(sortRows(blacks, { field: 'blackUserInfo.userID', desc: false })[0]).toBe(blacks[1]);
    expect(hasField(blacks, 'blackUserInfo.userID')).toBe(true);
    expect(hasField(blacks, 'blackUserInfo.nope')).toBe(false);
  });

  it('leaves the server order alone without a sort, and does not change the page', () => {
    const page = [...rows];
    expect(sortRows(page, undefined)).toBe(page);
    sortRows(page, { field: 'userID', desc: true });
    expect(page).toEqual(rows);
  });

  it('shownRows filters, then sorts; the same answer for the same page', () => {
    const list = { rows: rows as unknown as AnyRow[], filter: 'alice', sort: { field: 'userID', desc: true } };
    const shown = shownRows(list);
    expect(shown.map((r) => (r as { userID: string }).userID)).toEqual(['u9', 'u1']);
    expect(shownRows(list)).toBe(shown);
    expect(fieldsOf(rows)).toEqual(['userID', 'nickname', 'createTime']);
  });

  it('marks the column that shows the field', () => {
    expect(columnShowsField({ key: 'userID', field: 'userID' }, 'userID')).toBe(true);
    expect(columnShowsField({ key: 'created', field: 'createTime' }, 'createTime')).toBe(true);
    expect(columnShowsField({ key: 'nickname', field: 'nickname' }, 'createTime')).toBe(false);
    // `:sort -unreadCount` marks UNREAD, as other sorts mark theirs (issue 34).
    const unread = listDef('conversations').columns.find((c) => c.title === 'UNREAD')!;
    expect(columnShowsField(unread, 'unreadCount')).toBe(true);
  });
});

