// `--output table`: the explorer's columns as plain text lines that fit the terminal's width.
// The columns are sized from the first page, as the explorer sizes them from the page on screen,
// and kept for the pages that follow: the output streams page by page, so a later page cannot
// widen a column already printed. A longer value on a later page is cut with an ellipsis.
import type { CellContext } from '../domain/columns.js';
import { chosenColumns } from '../lists/columnChoice.js';
import { defaultColumns } from '../lists/pageExtras.js';
import { listDef } from '../lists/registry.js';
import { CURSOR_GUTTER, cellsOf, pageTable, type PageTable } from '../domain/pageTable.js';
import type { ListKind } from '../lists/names.js';
import type { RowEncoder } from './formats.js';

/**
 * Header then rows; every cell sanitised and fitted, each line at most `width` cells, no trailing
 * blanks. `fields`: the config file's columns for this list, in order (all of them without).
 */
export function tableEncoder(kind: ListKind, width: number, context: CellContext, fields?: readonly string[]): RowEncoder {
  const def = listDef(kind);
  const columns = fields === undefined ? defaultColumns(def) : chosenColumns(def.columns, fields);
  // The explorer's room at this width (its cursor column aside): the same columns are chosen.
  const room = Math.max(20, Math.floor(width) - CURSOR_GUTTER);
  let table: PageTable | undefined;
  const line = (text: string): string => text.trimEnd() + '\n';
  // The header waits for the first page: its widths depend on it.
  const start = (cells: readonly (readonly string[])[]): string => {
    if (table) return '';
    table = pageTable(columns, cells, room);
    return line(table.header);
  };
  return {
    begin: () => '',
    rows: (rows) => {
      const cells = rows.map((row) => cellsOf(columns, row, context));
      const header = start(cells);
      return header + cells.map((c) => line(table!.line(c))).join('');
    },
    end: () => start([]),
  };
}
