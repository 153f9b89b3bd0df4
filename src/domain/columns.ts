// What a column of a table is, and the kinds of column the lists build theirs from (each list's
// columns are in src/lists/), for the explorer's table and `--output table`. Widths are not fixed
// here: tableLayout.ts sizes each column from the page's content and drops columns by priority.
// Priority 1 (IDENTIFYING) is what names the row (an ID, a nickname, whom a chat is with); IDs,
// counts, dates and enum names are `whole` (shown whole or not at all); free text may be cut
// down to `min`; decoration (an avatar URL) comes last.
import { formatTableTime } from '../content/format.js';
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
   * it shows one: the name the config file's `columns` and `:columns` choose it by. A derived
   * column (whom a chat is with, a summary) has none and cannot be chosen.
   */
  field?: string;
  title: string;
  align?: Align;
  value: (row: Row, ctx: CellContext) => string;
}

/** The longest ID shown whole; a longer one (hostile, or a new ID scheme) is cut. */
export const ID_MAX = 40;
/** A nickname identifies the row, but one very long name must not push every other column out. */
const NAME_MAX = 32;

/** An ID: names the row, shown whole. */
export const id = <Row>(key: string, title: string, value: (row: Row) => string): Column<Row> => ({
  key,
  title,
  priority: IDENTIFYING,
  whole: true,
  max: ID_MAX,
  value,
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
/** `column`, showing the row's `field` (see Column.field). */
export const shows = <Row>(field: string, column: Column<Row>): Column<Row> => ({ ...column, field });
