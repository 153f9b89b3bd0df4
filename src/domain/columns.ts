// What a column of a table is, and the kinds of column the lists build theirs from (each list's
// columns are in src/lists/), for the explorer's table and `--output table`. Widths are not fixed
// here: tableLayout.ts sizes each column from the page's content and drops columns by priority.
// Priority 1 (IDENTIFYING) is what names the row (an ID, a nickname, whom a chat is with); IDs,
// counts, dates and enum names are `whole` (shown whole or not at all); free text may be cut
// down to `min`; decoration (an avatar URL) comes last.
import { formatTableTime } from '../content/format.js';
import { idText } from '../terminal/sanitize.js';
import { IDENTIFYING, type Align, type ColumnSize } from './tableLayout.js';

/** What a cell may depend on beyond its row. */
export interface CellContext {
  /** The user whose list this is (conversations name their peer relative to this user). */
  ownerID?: string | undefined;
  /** That user's nickname when known: their own messages read as theirs (domain/sender.ts). */
  ownerName?: string | undefined;
  /** Dates within this year omit the year (injected, so that tests do not depend on the clock). */
  now: Date;
}

export interface Column<Row> extends ColumnSize {
  key: string;
  /**
   * The row's field this column shows, as `-o json` names it (a dotted path reaches inside), when
   * it shows one: the name the config file's `columns` and `:columns` choose it by, and CSV's
   * (lists/csvFields.ts). A derived column (whom a chat is with, a summary) has none and cannot be
   * chosen.
   */
  field?: string;
  /** The page extra it draws from when that is not its field's (INVITED BY shows `inviterUserID`, drawn with the `inviter` extra's name). */
  extra?: string;
  title: string;
  align?: Align;
  value: (row: Row, ctx: CellContext) => string;
}

/** The longest ID shown whole; a longer one (hostile, or a new ID scheme) is cut. */
export const ID_MAX = 40;
/** A nickname identifies the row, but one very long name must not push every other column out. */
const NAME_MAX = 32;

/** An ID: names the row, shown whole, drawn so that no other ID looks like it (terminal/sanitize.ts idText). */
export const id = <Row>(key: string, title: string, value: (row: Row) => string): Column<Row> => ({
  key,
  title,
  priority: IDENTIFYING,
  whole: true,
  max: ID_MAX,
  value: (row) => idText(value(row)),
});
/** A nickname: names the row, cut before it pushes every other column out. */
export const name = <Row>(key: string, value: (row: Row) => string): Column<Row> => ({
  key,
  title: 'NICKNAME',
  priority: IDENTIFYING,
  min: 8,
  max: NAME_MAX,
  value,
});
/** A time in milliseconds, as `ls -l` shows one. */
export const time = <Row>(key: string, title: string, priority: number, ms: (row: Row) => number): Column<Row> => ({
  key,
  title,
  priority,
  whole: true,
  max: 24,
  value: (row, ctx) => formatTableTime(ms(row), ctx.now),
});
/** A code's name, or a short word: shown whole. */
export const label = <Row>(key: string, title: string, priority: number, value: (row: Row) => string): Column<Row> => ({
  key,
  title,
  priority,
  whole: true,
  max: 28,
  value,
});

/** The named keys of a row (a loose object's index signature left out). */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] } & string;
/** A field of a row by the dotted path `-o json` names it by (`blackUserInfo.userID`). */
export type FieldPath<T, Depth extends unknown[] = []> = Depth['length'] extends 3
  ? never
  : {
      [K in NamedKeys<T>]: NonNullable<T[K]> extends readonly unknown[]
        ? K
        : NonNullable<T[K]> extends object
          ? K | `${K}.${FieldPath<NonNullable<T[K]>, [...Depth, unknown]>}`
          : K;
    }[NamedKeys<T>];

/** The value at a dotted path of a row (undefined when a step is missing or null). */
export function valueAt(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const step of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[step] : undefined;
  return value;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The column of one field, named once by its path: its key, its `field` (what the config file's
 * `columns` and `:columns` choose it by, and CSV writes) and its cells (the value there) all come
 * from it.
 */
const at = <Row>(path: string, column: Omit<Column<Row>, 'key' | 'field'>): Column<Row> => ({ ...column, key: path, field: path });

/** A field that is an ID. */
export const idAt = <Row>(field: FieldPath<Row>, title: string): Column<Row> => {
  const path: string = field;
  return at(path, id(path, title, (row) => text(valueAt(row, path))));
};
/** A field that is a nickname. */
export const nameAt = <Row>(field: FieldPath<Row>): Column<Row> => {
  const path: string = field;
  return at(path, name(path, (row) => text(valueAt(row, path))));
};
/** A field that is a time, in milliseconds or (the blacklist's, the friends') seconds. */
export const timeAt = <Row>(field: FieldPath<Row>, title: string, priority: number, unit: 'ms' | 's' = 'ms'): Column<Row> => {
  const path: string = field;
  return at(path, time(path, title, priority, (row) => number(valueAt(row, path)) * (unit === 's' ? 1000 : 1)));
};
/** A field that is a code (written by `named`) or a short word. */
export const labelAt = <Row>(field: FieldPath<Row>, title: string, priority: number, named: (value: unknown) => string = text): Column<Row> => {
  const path: string = field;
  return at(path, label(path, title, priority, (row) => named(valueAt(row, path))));
};
/** A field of free text, cut down to `min` cells when the width is short (`max` bounds it). */
export const textAt = <Row>(field: FieldPath<Row>, title: string, priority: number, size: { min: number; max?: number }, empty = ''): Column<Row> => {
  const path: string = field;
  return at(path, { title, priority, ...size, value: (row) => text(valueAt(row, path)) || empty });
};
/** A yes/no field as a mark ("*", not a colour: it must show under NO_COLOR too). */
export const markAt = <Row>(field: FieldPath<Row>, title: string, priority: number): Column<Row> => {
  const path: string = field;
  return at(path, { title, priority, whole: true, value: (row) => (valueAt(row, path) ? ' * ' : '') });
};
