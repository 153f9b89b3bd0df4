// What changed between two fetches of the same page: rows that are new, rows whose values changed,
// rows that left. Rows are matched by their list's identity (src/lists/), not by position, so a conversation that
// moved to the top with a new message is "changed", not "gone" here and "new" there. Pure: the
// live view and the scripting `--watch` both use it.
import type { AnyRow } from '../api/pages.js';

/** Which row this is, whatever its values: a list's `identity`. */
type RowIdentity = (row: AnyRow) => string;

export type RowMark = 'new' | 'changed';

export interface RowDiff {
  /**
   * The new page, in its order, with the previous fetch's row objects kept where nothing changed:
   * views that cache by row object redraw only the rows that did change. The very array `before`
   * when nothing changed at all.
   */
  rows: AnyRow[];
  added: AnyRow[];
  changed: AnyRow[];
  /** Rows of `before` that are not on the new page (left the list, or moved to another page). */
  gone: AnyRow[];
  /** rowKeys of the new page's rows that are new or changed. */
  marks: ReadonlyMap<string, RowMark>;
}

/**
 * One key per row of a page: its identity, made unique when a page repeats it (a server bug,
 * or hostile data) by the occurrence number, so that two rows never share a mark.
 */
export function rowKeys(identity: RowIdentity, rows: readonly AnyRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const id = identity(row);
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return n === 0 ? id : `${id}\u0000${n}`;
  });
}

export function diffRows(identity: RowIdentity, before: readonly AnyRow[], after: readonly AnyRow[]): RowDiff {
  const beforeKeys = rowKeys(identity, before);
  const previous = new Map<string, AnyRow>();
  beforeKeys.forEach((key, i) => previous.set(key, before[i]!));
  const afterKeys = rowKeys(identity, after);
  const present = new Set(afterKeys);

  const rows: AnyRow[] = [];
  const added: AnyRow[] = [];
  const changed: AnyRow[] = [];
  const marks = new Map<string, RowMark>();
  afterKeys.forEach((key, i) => {
    const row = after[i]!;
    const old = previous.get(key);
    if (old === undefined) {
      added.push(row);
      marks.set(key, 'new');
      rows.push(row);
    } else if (!sameValue(old, row)) {
      changed.push(row);
      marks.set(key, 'changed');
      rows.push(row);
    } else rows.push(old);
  });
  const gone = beforeKeys.flatMap((key, i) => (present.has(key) ? [] : [before[i]!]));
  const unchanged = gone.length === 0 && rows.length === before.length && rows.every((row, i) => row === before[i]);
  return { rows: unchanged ? (before as AnyRow[]) : rows, added, changed, gone, marks };
}

/** "2 new, 1 changed, 1 gone"; empty when nothing changed. */
export function changeSummary(diff: Pick<RowDiff, 'added' | 'changed' | 'gone'>): string {
  const parts: string[] = [];
  if (diff.added.length > 0) parts.push(`${diff.added.length} new`);
  if (diff.changed.length > 0) parts.push(`${diff.changed.length} changed`);
  if (diff.gone.length > 0) parts.push(`${diff.gone.length} gone`);
  return parts.join(', ');
}

/** Structural equality of parsed JSON values (key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  const bo = b as Record<string, unknown>;
  const ao = a as Record<string, unknown>;
  return ak.every((key) => Object.prototype.hasOwnProperty.call(bo, key) && sameValue(ao[key], bo[key]));
}
