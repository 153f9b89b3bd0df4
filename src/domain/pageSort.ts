// `:sort FIELD` / `:sort -FIELD`: the rows of the page on screen in another order. Only this page:
// the server's order is the list's, and the next page is the server's next rows, sorted alike.
// FIELD is a field of the rows as `-o json` prints them (a dotted path reaches inside:
// blackUserInfo.userID). Pure; the order is stable, and rows without the field go last.
import type { AnyRow } from '../api/pages.js';
import { VariantCache } from './caches.js';
import { visibleRows } from './rows.js';

export interface PageSort {
  field: string;
  /** `-FIELD`: largest first. */
  desc: boolean;
}

function valueAt(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

// Made on the first sort, not at load: building an ICU collator costs about 13 ms of the start.
let collator: Intl.Collator | undefined;

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(text(a), text(b));
}

/** `rows` in `sort`'s order (a new array), or `rows` itself without a sort. */
export function sortRows<T>(rows: readonly T[], sort: PageSort | undefined): readonly T[] {
  if (!sort) return rows;
  const keyed = rows.map((row, index) => ({ row, index, value: valueAt(row, sort.field) }));
  keyed.sort((x, y) => {
    const missingX = x.value === undefined || x.value === null;
    const missingY = y.value === undefined || y.value === null;
    if (missingX || missingY) return missingX === missingY ? x.index - y.index : missingX ? 1 : -1;
    const order = compareValues(x.value, y.value);
    return (sort.desc ? -order : order) || x.index - y.index;
  });
  return keyed.map((k) => k.row);
}

/** Whether any of `rows` has `field` (a dotted path): `:sort` refuses a field the page does not have. */
export function hasField(rows: readonly unknown[], field: string): boolean {
  return rows.some((row) => valueAt(row, field) !== undefined);
}

/** The top-level fields of the page's rows, for the message that refuses an unknown one. */
export function fieldsOf(rows: readonly unknown[]): string[] {
  const fields = new Set<string>();
  for (const row of rows) if (row && typeof row === 'object') for (const key of Object.keys(row)) fields.add(key);
  return [...fields];
}

/** The sorted rows of the last pages on screen, by the page's rows (never copied: domain/caches.ts). */
const shownCache = new VariantCache<readonly AnyRow[], readonly AnyRow[]>('sorted rows', 64);

/** The rows on screen, in order: the page's rows, narrowed by the filter, in the sort's order. */
export function shownRows(list: { rows: readonly AnyRow[]; filter: string; sort?: PageSort | undefined }): readonly AnyRow[] {
  if (!list.sort) return visibleRows(list);
  // Memoised by the page's rows: selectors and the table ask for them on every render.
  const key = `${list.sort.desc ? '-' : ''}${list.sort.field}\u0000${list.filter}`;
  const sort = list.sort;
  return shownCache.through(list.rows, key, () => sortRows(visibleRows(list), sort));
}

/**
 * Whether a column shows the sorted field: its header carries the direction. The column says which
 * `-o json` field it shows (Column.field, the list's one definition of it), so every sortable
 * column gets its arrow (`UNREAD↓` for `:sort -unreadCount`), never a list of names kept beside it.
 */
export function columnShowsField(column: { key: string; field?: string }, field: string): boolean {
  return column.field === undefined ? column.key === field : column.field === field;
}
