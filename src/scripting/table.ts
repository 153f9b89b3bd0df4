// `--output table`: the explorer's columns as plain text lines that fit the terminal's width.
// The layout depends on the columns and the width only, so each page is printed as it arrives.
import type { Column } from '../components/Table.js';
import { layoutColumns, renderRow } from '../components/tableLayout.js';
import {
  ACCOUNT_COLUMNS,
  APPLICATION_COLUMNS,
  BLACK_COLUMNS,
  CONVERSATION_COLUMNS,
  USER_COLUMNS,
} from '../screens/columns.js';
import type { AnyRow, ListKind } from '../store/types.js';
import type { RowEncoder } from './formats.js';

export function columnsFor(kind: ListKind): Column<AnyRow>[] {
  // Each list's columns read rows of its own kind; the list kind guarantees the match.
  const byKind: Record<ListKind, unknown> = {
    users: USER_COLUMNS,
    accounts: ACCOUNT_COLUMNS,
    conversations: CONVERSATION_COLUMNS,
    blacklist: BLACK_COLUMNS,
    applications: APPLICATION_COLUMNS,
  };
  return byKind[kind] as Column<AnyRow>[];
}

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
