// Help laid out for the room it has, from plain items (keys/help.ts makes them from the bindings
// and the commands): each item's keys and its whole text, wrapped at word boundaries by the one
// wrapper (terminal/width.ts), never cut. One column up to about 110 cells, more where they fit
// side by side, and only as many columns as the lines need (no three cramped columns above empty
// rows). What does not fit scrolls; a column scrolled, or started, inside a group repeats its
// heading. Pure: the overlay draws it, and help's keys scroll by it.
import { displayWidth, wrap } from '../terminal/width.js';

/** One item of help: the group it is listed under, its keys as one line, what it does. */
export interface HelpItem {
  group: string;
  keys: string;
  text: string;
}

/** One line of help: a group's title, or an item's keys (on its first line) and a piece of its text. */
export interface HelpLine {
  title?: string;
  keys?: string;
  text?: string;
  /** The group an item's line belongs to: its heading is repeated where a column starts inside it. */
  group?: string;
}

export interface HelpView {
  /** Lines of each column, all of the same length (`rows`). */
  columns: HelpLine[][];
  columnWidth: number;
  keysWidth: number;
  rows: number;
  /** Lines on screen (the body under help's own title line). */
  visible: number;
  /**
   * The largest first line: 0 when everything fits. One more than the lines below the screen,
   * since a scrolled column may give its first line to its group's heading (helpWindow).
   */
  maxScroll: number;
}

/** The narrowest a column of help may be; narrower, one more column is not worth it. */
const MIN_COLUMN = 52;
/** Cells between columns. */
export const COLUMN_GAP = 3;
/** The keys part of a line: as wide as the widest keys, up to this share of the column. */
const MAX_KEYS_SHARE = 0.4;

/** A group's title or one item: kept together in a column. */
type Unit = HelpLine[];

function unitsFor(items: readonly HelpItem[], columnWidth: number, keysWidth: number): Unit[] {
  const units: Unit[] = [];
  const textWidth = Math.max(8, columnWidth - keysWidth - 1);
  let group: string | undefined;
  for (const item of items) {
    if (item.group !== group) {
      group = item.group;
      units.push([{ title: group }]);
    }
    // Keys wider than their column (rare) get a line of their own.
    const keysFit = displayWidth(item.keys) <= keysWidth;
    const text = wrap(item.text, textWidth, { words: 'spaces' }).map((t) => ({ text: t, group: item.group }));
    units.push(keysFit ? [{ keys: item.keys, ...text[0] }, ...text.slice(1)] : [{ keys: item.keys }, ...text]);
  }
  // A title stays with the item under it.
  const joined: Unit[] = [];
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    if (unit[0]?.title !== undefined && i + 1 < units.length) joined.push([...unit, ...units[++i]!]);
    else joined.push(unit);
  }
  return joined;
}

const continued = (group: string): HelpLine => ({ title: `${group} (continued)` });

/** Units into `count` columns of at most `rows` lines each, in order; undefined when they do not fit. */
function fill(units: readonly Unit[], count: number, rows: number): HelpLine[][] | undefined {
  const columns: HelpLine[][] = [[]];
  for (const unit of units) {
    let column = columns[columns.length - 1]!;
    if (column.length > 0 && column.length + unit.length > rows) {
      if (columns.length === count) return undefined;
      // A column that starts inside a group starts with its heading, repeated.
      const group = unit[0]?.title === undefined ? unit[0]?.group : undefined;
      column = group === undefined ? [] : [continued(group)];
      columns.push(column);
    }
    column.push(...unit);
  }
  return columns;
}

function columnGeometry(items: readonly HelpItem[], width: number, count: number): { columnWidth: number; keysWidth: number } {
  const columnWidth = Math.floor((width - COLUMN_GAP * (count - 1)) / count);
  const widest = Math.max(0, ...items.map((item) => displayWidth(item.keys)));
  return { columnWidth, keysWidth: Math.min(widest, Math.floor(columnWidth * MAX_KEYS_SHARE)) };
}

/** `items` for a body of `width` x `height` cells (one line of it is help's title). */
export function helpColumns(items: readonly HelpItem[], width: number, height: number): HelpView {
  const visible = Math.max(1, height - 1);
  const most = Math.max(1, Math.floor((width + COLUMN_GAP) / (MIN_COLUMN + COLUMN_GAP)));
  for (let count = 1; count <= most; count++) {
    const geometry = columnGeometry(items, width, count);
    const units = unitsFor(items, geometry.columnWidth, geometry.keysWidth);
    const lines = units.reduce((n, u) => n + u.length, 0);
    // The fewest columns that show everything, balanced so that none is much longer.
    for (let rows = Math.ceil(lines / count); rows <= visible; rows++) {
      const columns = fill(units, count, rows);
      if (columns) return view(columns, geometry, visible);
    }
  }
  // It does not fit: the most columns there is room for, scrolled together.
  const geometry = columnGeometry(items, width, most);
  const units = unitsFor(items, geometry.columnWidth, geometry.keysWidth);
  const lines = units.reduce((n, u) => n + u.length, 0);
  for (let rows = Math.max(1, Math.ceil(lines / most)); ; rows++) {
    const columns = fill(units, most, rows);
    if (columns) return view(columns, geometry, visible);
  }
}

function view(columns: HelpLine[][], geometry: { columnWidth: number; keysWidth: number }, visible: number): HelpView {
  const rows = Math.max(...columns.map((c) => c.length));
  const padded = columns.map((c) => [...c, ...Array.from({ length: rows - c.length }, () => ({}))]);
  return { columns: padded, ...geometry, rows, visible, maxScroll: rows > visible ? rows - visible + 1 : 0 };
}

/**
 * The lines of a column on screen when help is scrolled to `top`: a column whose first line is
 * inside a group shows that group's heading first (as `less` cannot, but a reader needs: which
 * screen do these keys work on?), then as many of its lines as are left. Each column keeps its own
 * heading, so two columns scrolled together never start with keys of an unnamed group.
 */
export function helpWindow(view: HelpView, column: readonly HelpLine[], top: number): HelpLine[] {
  const group = headingOwed(column, top);
  if (group === undefined) return column.slice(top, top + view.visible);
  return [continued(group), ...column.slice(top, top + view.visible - 1)];
}

/** The group whose heading a column scrolled to `top` repeats: its first line is inside it. */
function headingOwed(column: readonly HelpLine[], top: number): string | undefined {
  const first = column[top];
  return first?.title === undefined ? first?.group : undefined;
}

/** The last line (1-based) help's title says is shown at `top`: the furthest any column reaches. */
export function helpLastLine(view: HelpView, top: number): number {
  const reach = Math.max(...view.columns.map((column) => top + view.visible - (headingOwed(column, top) === undefined ? 0 : 1)));
  return Math.min(view.rows, reach);
}
