// Our own table: ink-table cannot load under Ink 6, and its ESM fork measures with
// `.length` (CJK misaligns). Each row is one pre-fitted line, so Ink never re-wraps or
// re-measures anything, and only the visible rows are rendered. A row's line is computed once
// per layout and cached by row object, and rows are memoised components: a cursor move
// re-renders the two rows whose marker changed, not the whole page.
import { memo, useMemo, useRef, type ReactElement } from 'react';
import { Box, Text } from 'ink';
import { sanitize } from '../terminal/sanitize.js';
import { fit } from '../terminal/width.js';
import type { CellContext, Column } from '../domain/columns.js';
import type { RowMark } from '../domain/rowDiff.js';
import { CURSOR_GUTTER, cellsOf, pageTable, type PageTable } from '../domain/pageTable.js';
import { visibleWindow } from '../domain/tableLayout.js';
import { glyphs } from '../terminal/glyphs.js';
import { BoundedCache } from '../domain/caches.js';

export interface TableProps<Row> {
  columns: readonly Column<Row>[];
  rows: Row[];
  cursor: number;
  /** total width in cells */
  width: number;
  /** rows of body that fit (header excluded) */
  height: number;
  color: boolean;
  emptyText?: string;
  /** What cells depend on beyond their row (the list's owner, today's date). */
  context: CellContext;
  /** The rows the column widths are measured on (the whole page while a filter narrows `rows`). */
  sizingRows?: Row[];
  /** The live view is on: a mark column, and the marks of the rows that have one. */
  marks?: ReadonlyMap<Row, RowMark>;
}

/** Pages whose layout and lines a table keeps: paging back and forth among recent pages. */
export const LAYOUT_PAGES = 16;

/** One page's layout at one size and its lines as drawn, by row. */
interface PageLines {
  inner: number;
  width: number;
  gutter: number;
  table: PageTable;
  header: string;
  lines: BoundedCache<object, string>;
}

/** The cursor marker, so the selected row shows however the terminal draws attributes. */
export function cursorMarker(): string {
  return glyphs().cursor;
}
function markGlyph(mark: RowMark | undefined): string {
  return mark === 'new' ? glyphs().markNew : mark === 'changed' ? glyphs().markChanged : ' ';
}

export function Table<Row>({
  columns,
  rows,
  cursor,
  width,
  height,
  color,
  emptyText = 'No rows',
  context,
  sizingRows = rows,
  marks,
}: TableProps<Row>): ReactElement {
  // Where the window was on the last render: scrolling moves it only as far as needed.
  const windowStart = useRef(0);
  // The cursor column, and the live view's mark column.
  const gutter = marks ? CURSOR_GUTTER + 1 : CURSOR_GUTTER;
  const inner = Math.max(0, width - gutter);
  // A row's cells, by row object: computed once per page, for the layout and for the lines.
  const cellCache = useMemo(() => new BoundedCache<object, string[]>('table cells', LAYOUT_PAGES * 100), [columns, context]);
  const cellsFor = (row: Row): string[] => {
    let cells = cellCache.get(row as object);
    if (cells === undefined) {
      cells = cellsOf(columns, row, context);
      cellCache.set(row as object, cells);
    }
    return cells;
  };
  // The layout is a function of the columns, the page's cells and the width alone, never of the
  // pages seen before: the same page at the same size is drawn the same way however it was
  // reached (paging away and back, a resize and back). It is kept with the page's rows (the
  // store hands back a cached page's array as it was), so a page drawn before costs neither its
  // layout nor its lines again: a cached page was four times Ink's own frame, most of it this.
  // Made anew when the cells change (columns, context: cellCache) or the width does; the last
  // LAYOUT_PAGES pages only (each holds its lines: 10 KB a page of 50 rows at 200 columns).
  const layouts = useMemo(() => new BoundedCache<object, PageLines>('table layouts', LAYOUT_PAGES), [cellCache]);
  let page = layouts.get(sizingRows);
  if (page === undefined || page.inner !== inner || page.width !== width || page.gutter !== gutter) {
    const table = pageTable(columns, sizingRows.map(cellsFor), inner);
    page = { inner, width, gutter, table, header: fit(' '.repeat(gutter) + table.header, width), lines: new BoundedCache('table lines', Math.max(1, rows.length, sizingRows.length)) };
    layouts.set(sizingRows, page);
  }
  const { table, lines: lineCache } = page;
  const header = page.header;

  const { start, end } = visibleWindow(cursor, rows.length, height, windowStart.current);
  windowStart.current = start;

  // A line is the gutter, the row's cells as laid out (exactly table.lineWidth cells) and the
  // padding to the width: what fit() would make of it, without measuring the line again.
  const padding = width - gutter - table.lineWidth;
  const lineOf = (row: Row): string => {
    const key = row as object;
    let line = lineCache.get(key);
    if (line === undefined) {
      const body = ' '.repeat(gutter) + table.line(cellsFor(row));
      line = padding >= 0 ? body + ' '.repeat(padding) : fit(body, width);
      lineCache.set(key, line);
    }
    return line;
  };

  const shown = rows.slice(start, end);
  const lines = shown.map((row, offset) => {
    const index = start + offset;
    const selected = index === cursor;
    const mark = marks?.get(row);
    return (
      <TableRow
        key={index}
        line={lineOf(row)}
        last={offset === shown.length - 1}
        selected={selected}
        // Inverse with or without colour (NO_COLOR, TERM=vt100 keep SGR 7, as the prompt's cursor
        // does); without colour bold as well, so the row stands out beyond its one-cell marker.
        inverse={selected}
        {...(marks ? { mark: markGlyph(mark) } : {})}
        bold={mark !== undefined || (!color && selected)}
      />
    );
  });

  return (
    <Box flexDirection="column" width={width}>
      <Text bold={color} wrap="truncate">
        {header}
      </Text>
      {rows.length === 0 ? (
        <Text dimColor={color} wrap="truncate">
          {fit(' '.repeat(gutter) + sanitize(emptyText), width)}
        </Text>
      ) : (
        // The body is one text of exactly `width`-cell lines: one node for Yoga to lay out and
        // for Ink to measure and draw, where a <Text> a row was 44 (a cached page's frame was
        // mostly Ink's work per node). Every line fits, so Ink never wraps or cuts it.
        <Text wrap="truncate">{lines}</Text>
      )}
    </Box>
  );
}

/**
 * The line is exactly `width` cells starting with the gutter; the cursor row swaps its first cell
 * for the marker, and in the live view the second cell holds the row's mark. A row is a piece of
 * the body's text: a plain string, or a nested <Text> when it is styled, and the line break after
 * it stays outside the styles (Ink splits the text at line breaks before it draws).
 */
const TableRow = memo(function TableRow({
  line,
  last,
  selected,
  inverse,
  mark,
  bold,
}: {
  line: string;
  last: boolean;
  selected: boolean;
  inverse: boolean;
  mark?: string;
  bold: boolean;
}) {
  const head = (selected ? cursorMarker() : line.slice(0, 1)) + (mark ?? '');
  const text = head + line.slice(head.length);
  const end = last ? '' : '\n';
  if (!inverse && !bold) return <>{text + end}</>;
  return (
    <>
      <Text inverse={inverse} bold={bold}>
        {text}
      </Text>
      {end}
    </>
  );
});
