// `--output table`: the explorer's columns as plain text lines that fit the terminal's width.
// The layout depends on the columns and the width only, so each page is printed as it arrives.
import { columnsFor } from '../domain/columns.js';
import { layoutColumns, renderRow } from '../domain/tableLayout.js';
import type { ListKind } from '../api/pages.js';
import type { RowEncoder } from './formats.js';

/** Header then rows; every cell sanitised and fitted, each line at most `width` cells, no trailing blanks. */
export function tableEncoder(kind: ListKind, width: number): RowEncoder {
  const columns = columnsFor(kind);
  const widths = layoutColumns(columns, Math.max(20, Math.floor(width)));
  const aligns = columns.map((c) => c.align ?? 'left');
  const line = (cells: readonly string[]): string => renderRow(cells, widths, aligns).trimEnd() + '\n';
  return {
    begin: () => line(columns.map((c) => c.title)),
    rows: (rows) => rows.map((row) => line(columns.map((c) => c.value(row)))).join(''),
    end: () => '',
  };
}
