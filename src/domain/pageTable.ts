// A page as a table: its cells, and the column layout its content calls for. Shared by the
// explorer's table and `--output table`, so both show the same columns the same way.
import type { CellContext, Column } from './columns.js';
import { cleanCells, contentWidths, layoutColumns, renderCleanRow, type Align, type TableLayout } from './tableLayout.js';

/**
 * The explorer's cursor column, left of the cells. `--output table` lays its columns out in the
 * same room (the terminal's width less this), so that both choose the same columns at one width.
 */
export const CURSOR_GUTTER = 1;

export interface PageTable {
  layout: TableLayout;
  aligns: Align[];
  header: string;
  /** Cells of every line `line` makes (and of the header): the shown widths and the gaps between. */
  lineWidth: number;
  /** One line of a row's cells (from cellsOf), fitted to the layout; no gutter, no padding to the table's width. */
  line(cells: readonly string[]): string;
}

/** A row's cells, sanitised: what the table measures and draws. */
export function cellsOf<Row>(columns: readonly Column<Row>[], row: Row, ctx: CellContext): string[] {
  return cleanCells(columns.map((c) => c.value(row, ctx)));
}

/** The layout for these rows' cells (the page on screen, or the first page of a scripted list) at `width`. */
export function pageTable<Row>(columns: readonly Column<Row>[], cells: readonly (readonly string[])[], width: number): PageTable {
  const titles = cleanCells(columns.map((c) => c.title));
  const layout = layoutColumns(columns, contentWidths(titles, cells, width), width);
  const aligns = columns.map((c) => c.align ?? 'left');
  const shown = layout.widths.filter((w) => w > 0);
  return {
    layout,
    aligns,
    lineWidth: shown.reduce((sum, w) => sum + w, 0) + layout.gap * Math.max(0, shown.length - 1),
    header: renderCleanRow(titles, layout, aligns),
    line: (rowCells) => renderCleanRow(rowCells, layout, aligns),
  };
}
