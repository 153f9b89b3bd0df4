// The live view's marks on a list: what a refresh changes in a ListState (rows, marks, the cursor
// on the same row), and marks going away as the cursor passes their rows. Pure functions of the
// state, used by the store and, for drawing, by the list view.
//
// The cursor FOLLOWS its row: when a refresh moves the row under the cursor (a conversation with a
// new message jumps to the top), the cursor moves with it, so the detail pane, `o` and Enter keep
// acting on the row the operator chose. When that row left the page, the cursor stays on the same
// line.
import type { AnyRow } from '../api/pages.js';
import { changeSummary, diffRows, rowKeys, type RowMark } from '../domain/rowDiff.js';
import { listDef } from '../lists/registry.js';
import { shownRows } from '../domain/pageSort.js';
import type { ListChanges, ListState } from './types.js';

/** A new answer to the request whose rows show (a refresh): its rows, marks and cursor. */
export function refreshedRows(list: ListState, fresh: readonly AnyRow[]): Pick<ListState, 'rows' | 'cursor' | 'changes'> {
  const diff = diffRows(listDef(list.kind).identity, list.rows, fresh);
  const summary = changeSummary(diff);
  // A refresh that changed nothing leaves the last change's marks and summary as they were.
  const changes: ListChanges | undefined = summary ? { marks: Object.fromEntries(diff.marks), summary } : list.changes;
  return { rows: diff.rows, cursor: followCursor(list, diff.rows), ...(changes ? { changes } : {}) };
}

/** Where the cursor goes when `rows` replace the list's rows: onto the same row, by identity. */
export function followCursor(list: ListState, rows: readonly AnyRow[]): number {
  // The cursor is an index into the rows on screen: filtered, and in the page's sort order.
  const before = shownRows(list);
  const after = shownRows({ rows: rows as AnyRow[], filter: list.filter, sort: list.sort });
  if (after.length === 0) return 0;
  const key = rowKeys(listDef(list.kind).identity, before)[list.cursor];
  const at = key === undefined ? -1 : rowKeys(listDef(list.kind).identity, after).indexOf(key);
  return at >= 0 ? at : Math.min(list.cursor, after.length - 1);
}

/** The changes once the cursor went from visible row `from` to `to`: the rows it left lose their mark. */
export function passMarks(list: ListState, from: number, to: number): ListChanges | undefined {
  const changes = list.changes;
  if (!changes || from === to || Object.keys(changes.marks).length === 0) return changes;
  const rows = shownRows(list);
  const keys = keyByRow(list);
  let marks: Record<string, RowMark> | undefined;
  for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
    const key = i === to ? undefined : keys.get(rows[i]!);
    if (key === undefined || changes.marks[key] === undefined) continue;
    marks ??= { ...changes.marks };
    delete marks[key];
  }
  return marks ? { ...changes, marks } : changes;
}

/** The mark of each marked row of the page, by row object, for drawing. */
export function markedRows(list: Pick<ListState, 'kind' | 'rows' | 'changes'>): ReadonlyMap<AnyRow, RowMark> {
  const marked = new Map<AnyRow, RowMark>();
  const marks = list.changes?.marks;
  if (!marks) return marked;
  for (const [row, key] of keyByRow(list)) {
    const mark = marks[key];
    if (mark) marked.set(row, mark);
  }
  return marked;
}

function keyByRow(list: Pick<ListState, 'kind' | 'rows'>): Map<AnyRow, string> {
  const keys = rowKeys(listDef(list.kind).identity, list.rows);
  return new Map(list.rows.map((row, i) => [row, keys[i]!]));
}
