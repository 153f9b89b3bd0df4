// The table's arithmetic, kept free of React so it can be tested cell by cell.
import { displayText } from '../terminal/settle.js';
import { fit } from '../terminal/width.js';
import { codePointHead } from './valueLines.js';

export type Align = 'left' | 'right';

/** What layout needs to know about a column. */
export interface ColumnSize {
  /** Preferred width in cells. */
  width: number;
  /** Grows to share leftover width. */
  flex?: boolean;
  /** May shrink down to this many cells when the table is narrow. Without it the column keeps its width. */
  minWidth?: number;
}

/** Cells between two columns. */
export const GAP = 1;

interface Slot {
  /** Index into the caller's columns. */
  index: number;
  pref: number;
  min: number;
  flex: boolean;
  /** Width being decided. */
  width: number;
}

function slotOf(column: ColumnSize, index: number): Slot {
  // At least one cell each: a zero-width column would still cost a gap.
  const pref = Math.max(1, Math.floor(column.width));
  const min = Math.min(pref, Math.max(1, Math.floor(column.minWidth ?? pref)));
  return { index, pref, min, flex: column.flex === true, width: pref };
}

function totalWidth(widths: readonly number[]): number {
  return widths.reduce((sum, w) => sum + w, 0) + GAP * Math.max(0, widths.length - 1);
}

/** Spreads `extra` cells over `targets`, one at a time from the left, so the sum is exact. */
function share(targets: readonly Slot[], extra: number): void {
  const each = Math.floor(extra / targets.length);
  targets.forEach((slot, n) => {
    slot.width += each + (n < extra % targets.length ? 1 : 0);
  });
}

/**
 * Sets the slots' widths to fill exactly `width` cells; false when even their minimum
 * widths do not fit.
 */
function fitSlots(slots: readonly Slot[], width: number): boolean {
  for (const slot of slots) slot.width = slot.pref;
  let over = totalWidth(slots.map((s) => s.pref)) - width;
  if (over <= 0) {
    // Leftover goes to the flex columns; without any, to the last column, so that every
    // row is exactly as wide as the table.
    const flex = slots.filter((s) => s.flex);
    share(flex.length > 0 ? flex : slots.slice(-1), -over);
    return true;
  }
  if (totalWidth(slots.map((s) => s.min)) > width) return false;
  // Shrink flex columns first (they were meant to be elastic), then the others, each from
  // the right: the leftmost columns usually identify the row.
  const fromRight = [...slots].reverse();
  for (const slot of [...fromRight.filter((s) => s.flex), ...fromRight.filter((s) => !s.flex)]) {
    const give = Math.min(over, slot.width - slot.min);
    slot.width -= give;
    over -= give;
  }
  return true;
}

/**
 * Column widths in cells, index-aligned with `columns`; 0 means the column is dropped.
 * Visible widths plus one-cell gaps add up to exactly `width`. When the table is narrow,
 * columns with a `minWidth` shrink; when that is not enough, columns are dropped from the
 * right; a single remaining column is cut to the width.
 */
export function layoutColumns(columns: readonly ColumnSize[], width: number): number[] {
  const room = Math.max(0, Math.floor(width));
  const result = columns.map(() => 0);
  if (columns.length === 0 || room === 0) return result;
  const slots = columns.map(slotOf);
  while (slots.length > 1 && !fitSlots(slots, room)) slots.pop();
  if (slots.length === 1) {
    result[0] = room;
  } else {
    for (const slot of slots) result[slot.index] = slot.width;
  }
  return result;
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
 * One table line: each cell sanitised (single-line) and settled (settle.ts), then fitted to its
 * column, columns separated by one space. Dropped columns (width 0) are skipped. The result is
 * exactly as wide as the widths and gaps add up to.
 */
export function renderRow(cells: readonly unknown[], widths: readonly number[], aligns: readonly Align[] = []): string {
  const parts: string[] = [];
  widths.forEach((w, i) => {
    if (w > 0) parts.push(fit(displayText(cellHead(cells[i], w)), w, aligns[i] ?? 'left'));
  });
  return parts.join(' '.repeat(GAP));
}

/**
 * The start of a long value, which is all a cell can show: sanitising 4 MB to show 20 cells of it
 * took half a second. Generous, because the sanitiser may remove much of what it is given.
 */
function cellHead(value: unknown, width: number): unknown {
  const room = Math.max(1024, width * 16);
  return typeof value === 'string' ? codePointHead(value, room) : value;
}
