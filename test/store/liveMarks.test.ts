// The live view's marks and cursor on a list state, as pure functions.
import { describe, expect, it } from 'vitest';
import { LISTS } from '../../src/lists/registry.js';
import type { AnyRow } from '../../src/api/pages.js';
import { followCursor, markedRows, passMarks, refreshedRows } from '../../src/store/liveMarks.js';
import type { ListState } from '../../src/store/types.js';

const conv = (id: string, unread = 0): AnyRow =>
  ({ conversationID: id, unreadCount: unread, IsPinned: false, recvMsgOpt: 0, msgInfo: null }) as unknown as AnyRow;

function list(rows: AnyRow[], cursor = 0, filter = ''): ListState {
  return {
    key: 'conversations:u', kind: 'conversations', userID: 'u', page: 1, size: 20, total: rows.length, totalExact: false,
    query: LISTS.conversations.query.initial, rows, loadedPage: 1, loading: false, error: null, cursor, filter,
  };
}
const ids = (rows: readonly AnyRow[]) => rows.map((r) => (r as { conversationID: string }).conversationID);

describe('refreshedRows', () => {
  it('marks new and changed rows, counts the gone ones, and the cursor follows its row when it moves', () => {
    const before = list([conv('a'), conv('b'), conv('c'), conv('d')], 2); // on "c"
    const next = refreshedRows(before, [conv('c', 1), conv('e'), conv('a'), conv('b')]);
    expect(ids(next.rows)).toEqual(['c', 'e', 'a', 'b']);
    expect(next.cursor).toBe(0); // "c" jumped to the top, the cursor with it
    expect(next.changes).toEqual({ marks: { c: 'changed', e: 'new' }, summary: '1 new, 1 changed, 1 gone' });
    const marked = markedRows({ ...before, ...next });
    expect([...marked.values()]).toEqual(['changed', 'new']);
  });

  it('keeps the marks of the last change when a refresh changes nothing', () => {
    const first = refreshedRows(list([conv('a')]), [conv('a', 3)]);
    const state = { ...list([conv('a')]), ...first };
    const again = refreshedRows(state, [conv('a', 3)]);
    expect(again.rows).toBe(state.rows);
    expect(again.changes).toBe(first.changes);
  });
});

describe('followCursor', () => {
  it('stays on the same line when its row left the page, and works under a filter', () => {
    expect(followCursor(list([conv('a'), conv('b'), conv('c')], 1), [conv('a'), conv('c')])).toBe(1);
    expect(followCursor(list([conv('a'), conv('b')], 1), [conv('a')])).toBe(0);
    expect(followCursor(list([conv('a')], 0), [])).toBe(0);
    // Filter "x": the visible rows are xa, xb; the cursor is on xb, which moves above xa.
    const filtered = list([conv('xa'), conv('y'), conv('xb')], 1, 'x');
    expect(followCursor(filtered, [conv('xb', 1), conv('xa'), conv('y')])).toBe(0);
  });
});

describe('passMarks', () => {
  it('clears the marks of the rows the cursor leaves, not of the row it lands on', () => {
    const rows = [conv('a'), conv('b'), conv('c'), conv('d')];
    const state = { ...list(rows, 0), changes: { marks: { a: 'new', b: 'new', c: 'changed', d: 'new' } as const, summary: '3 new, 1 changed' } };
    expect(passMarks(state, 0, 2)?.marks).toEqual({ c: 'changed', d: 'new' });
    expect(passMarks(state, 3, 3)).toBe(state.changes);
    expect(passMarks({ ...state, cursor: 3 }, 3, 0)?.marks).toEqual({ a: 'new' });
  });
});

describe('under a sort of the page', () => {
  it('the cursor follows its row in the order on screen, and passing rows clears their marks, not others', () => {
    // Sorted by unreadCount, largest first: on screen c(3), a(2), b(1); the cursor on "a".
    const sorted: ListState = { ...list([conv('a', 2), conv('b', 1), conv('c', 3)], 1), sort: { field: 'unreadCount', desc: true } };
    // A refresh: "a" drops to 0 unread, so on screen it goes last: c(3), b(1), a(0).
    expect(followCursor(sorted, [conv('a', 0), conv('b', 1), conv('c', 3)])).toBe(2);
    // Marks on "c" and "a"; moving from "a" (row 1 on screen) to "c" (row 0) clears "a" only.
    const marked: ListState = { ...sorted, changes: { marks: { a: 'changed', c: 'new', b: 'changed' }, summary: '' } };
    expect(passMarks(marked, 1, 0)?.marks).toEqual({ c: 'new', b: 'changed' });
  });
});
