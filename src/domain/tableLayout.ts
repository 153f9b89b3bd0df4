// The table's arithmetic, kept free of React so it can be tested cell by cell. Column widths come
// from what the page on screen holds and from each column's priority: a column is as wide as its
// widest cell (within its bounds), the columns that identify a row get their whole width first,
// and what does not fit is dropped by priority rather than cut to uselessness.
import { displayText } from '../terminal/settle.js';
import { fit, widthUpTo } from '../terminal/width.js';
import { codePointHead } from './valueLines.js';

export type Align = 'left' | 'right';

/** Priority of the columns that identify a row (an ID, a name): they get their whole content first. */
export const IDENTIFYING = 1;

/** What layout needs to know about a column. */
export interface ColumnSize {
  /** Lower comes first: kept and widened before any column with a higher number. */
  priority: number;
  /**
   * Shown whole or not at all (IDs, numbers, dates, enum names): a cut value would mislead.
   * Such a column is as wide as its widest cell, up to `max`.
   */
  whole?: boolean;
  /** Free text may be cut down to this many cells; narrower, the column is dropped instead. */
  min?: number;
  /** Never wider than this, whatever the content (a hostile 100k-character value). */
  max?: number;
  /** Shown only on a table at least this many cells wide: what is beside another column's value (a sender's nickname beside the ID). */
  wideFrom?: number;
}

export interface TableLayout {
  /** Index-aligned with the columns; 0 means the column is dropped. */
  widths: number[];
  /** Cells between two shown columns. */
  gap: number;
}

/** One cell between columns when space is short; two when everything fits with room to spare. */
export const GAP = 1;
export const ROOMY_GAP = 2;
const DEFAULT_MIN = 8;

/**
 * Widest of the title and every cell, in display cells, counting no further than `limit` (the
 * table's width: a 100k-character value is not measured to its end). Cells must be sanitised
 * already (see cleanCells), as the table draws them.
 */
export function contentWidths(titles: readonly string[], rows: readonly (readonly string[])[], limit = Infinity): number[] {
  const cap = Number.isFinite(limit) ? limit : Number.MAX_SAFE_INTEGER;
  return titles.map((title, i) => rows.reduce((widest, cells) => Math.max(widest, widthUpTo(cells[i] ?? '', cap)), widthUpTo(title, cap)));
}

/** Cells as the table draws them: sanitised, single-line, settled (terminal/settle.ts). */
export function cleanCells(cells: readonly unknown[]): string[] {
  return cells.map((cell) => displayText(cellHead(cell)));
}

interface Slot {
  index: number;
  priority: number;
  identifies: boolean;
  /** Has a `max`: widened before the unbounded free text that takes whatever is left. */
  bounded: boolean;
  /** The width that shows the content whole. */
  want: number;
  /** The least width that is still useful. */
  need: number;
  width: number;
}

function slotsOf(columns: readonly ColumnSize[], content: readonly number[]): Slot[] {
  return columns.map((column, index) => {
    const max = Math.max(1, Math.floor(column.max ?? Infinity));
    const want = Math.min(max, Math.max(1, Math.floor(content[index] ?? 1)));
    const need = column.whole ? want : Math.min(want, Math.max(1, Math.floor(column.min ?? DEFAULT_MIN)));
    const bounded = column.whole === true || Number.isFinite(column.max ?? Infinity);
    return { index, priority: column.priority, identifies: column.priority <= IDENTIFYING, bounded, want, need, width: 0 };
  });
}

/**
 * Decides which columns show and how wide, for a room of `room` cells and gaps of `gap`.
 * In priority order (ties: left first), each column reserves its whole width if it identifies
 * the row, else its least useful width; one that does not fit is dropped (an identifying one is
 * cut to what is left if that is still useful; the first column always shows, cut if it must).
 * What is left then widens the kept columns toward their whole width: bounded ones first, then
 * unbounded free text, each in priority order.
 */
function place(slots: readonly Slot[], room: number, gap: number): Slot[] {
  const order = [...slots].sort((a, b) => a.priority - b.priority || a.index - b.index);
  const kept: Slot[] = [];
  let used = 0;
  for (const slot of order) {
    const before = kept.length > 0 ? gap : 0;
    const left = room - used - before;
    const reserve = slot.identifies ? slot.want : slot.need;
    let width = 0;
    if (reserve <= left) width = reserve;
    else if (kept.length === 0) width = room;
    else if (slot.identifies && slot.need <= left) width = left;
    if (width <= 0) continue;
    kept.push({ ...slot, width });
    used += before + width;
  }
  let spare = room - used;
  // Bounded columns (a name, a count) reach their content first; unbounded free text (a message,
  // an avatar URL) takes what is left. Within each, priority order.
  for (const slot of [...kept.filter((s) => s.bounded), ...kept.filter((s) => !s.bounded)]) {
    if (spare <= 0) break;
    const add = Math.min(spare, slot.want - slot.width);
    if (add > 0) {
      slot.width += add;
      spare -= add;
    }
  }
  return kept;
}

function wantTotal(slots: readonly Slot[], gap: number): number {
  return slots.reduce((sum, s) => sum + s.want, 0) + gap * Math.max(0, slots.length - 1);
}

/**
 * Column widths for a table `width` cells wide whose columns hold content this wide
 * (`content[i]`, e.g. from contentWidths). Shown widths plus gaps add up to at most `width`;
 * the caller pads the line. Two cells between columns when every column fits whole that way.
 */
export function layoutColumns(columns: readonly ColumnSize[], content: readonly number[], width: number): TableLayout {
  const room = Math.max(0, Math.floor(width));
  const widths = columns.map(() => 0);
  if (columns.length === 0 || room === 0) return { widths, gap: GAP };
  // A pure function of the columns, their content and the width: no memory of another page, so
  // the gap and the columns shown never depend on the path taken to this page (issue 34).
  const slots = slotsOf(columns, content).filter((slot) => (columns[slot.index]!.wideFrom ?? 0) <= room);
  const gap = wantTotal(slots, ROOMY_GAP) <= room ? ROOMY_GAP : GAP;
  for (const slot of place(slots, room, gap)) widths[slot.index] = slot.width;
  return { widths, gap };
}

/**
 * The rows to render so that the cursor is visible, moving the window as little as
 * possible from where it was (`previousStart`), like a pager. `end` is exclusive.
 */
export function visibleWindow(
  cursor: number,
  count: number,
  height: number,
  previousStart = 0,
): { start: number; end: number } {
  const size = Math.max(0, Math.floor(height));
  if (count <= 0 || size === 0) return { start: 0, end: 0 };
  const at = Math.min(Math.max(0, Math.floor(cursor)), count - 1);
  const lastStart = Math.max(0, count - size);
  // Keep the cursor inside [start, start + size), then never leave empty rows at the bottom.
  let start = Math.min(Math.max(Math.floor(previousStart), at - size + 1), at);
  start = Math.min(Math.max(0, start), lastStart);
  return { start, end: Math.min(count, start + size) };
}

/**
 * One table line: each cell sanitised (single-line), then fitted to its column, columns
 * separated by the layout's gap. Dropped columns (width 0) are skipped. The result is exactly
 * as wide as the shown widths and gaps add up to.
 * @internal For tests: the table renders rows already cleaned (renderCleanRow).
 */
export function renderRow(cells: readonly unknown[], layout: TableLayout, aligns: readonly Align[] = []): string {
  return renderCleanRow(cleanCells(cells), layout, aligns);
}

/** renderRow for cells sanitised already (cleanCells): a page's cells are cleaned once. */
export function renderCleanRow(cells: readonly string[], layout: TableLayout, aligns: readonly Align[] = []): string {
  const parts: string[] = [];
  layout.widths.forEach((w, i) => {
    if (w > 0) parts.push(fit(cells[i] ?? '', w, aligns[i] ?? 'left'));
  });
  return parts.join(' '.repeat(layout.gap));
}

/**
 * The start of a long value, which is all a cell can show: sanitising 4 MB to show 20 cells of it
 * took half a second. Generous, because the sanitiser may remove much of what it is given.
 */
function cellHead(value: unknown): unknown {
  return typeof value === 'string' ? codePointHead(value, CELL_HEAD_CHARS) : value;
}

/** No terminal is wider than this many cells, and the sanitiser may remove much of a value. */
const CELL_HEAD_CHARS = 16 * 1024;
