// Our own table: ink-table cannot load under Ink 6, and its ESM fork measures with
// `.length` (CJK misaligns). Each row is one pre-fitted line, so Ink never re-wraps or
// re-measures anything, and only the visible rows are rendered. A row's line is computed once
// per layout and cached by row object, and rows are memoised components: a cursor move
// re-renders the two rows whose marker changed, not the whole page.
import { memo, useMemo, useRef, type ReactElement } from 'react';
import { Box, Text } from 'ink';
import { sanitize } from '../terminal/sanitize.js';
import { fit } from '../terminal/width.js';
import type { Column } from '../domain/columns.js';
import { layoutColumns, renderRow, visibleWindow } from '../domain/tableLayout.js';
import { glyphs } from '../terminal/glyphs.js';

export interface TableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  cursor: number;
  /** total width in cells */
  width: number;
  /** rows of body that fit (header excluded) */
  height: number;
  color: boolean;
  emptyText?: string;
}

/** The cursor marker, so the selected row shows without colour (NO_COLOR, TERM=dumb). */
export function cursorMarker(): string {
  return glyphs().cursor;
}
const GUTTER = 1;

export function Table<Row>({
  columns,
  rows,
  cursor,
  width,
  height,
  color,
  emptyText = 'No rows',
}: TableProps<Row>): ReactElement {
  // Where the window was on the last render: scrolling moves it only as far as needed.
  const windowStart = useRef(0);
  const inner = Math.max(0, width - GUTTER);
  const widths = useMemo(() => layoutColumns(columns, inner), [columns, inner]);
  const aligns = useMemo(() => columns.map((c) => c.align ?? 'left'), [columns]);
  const header = useMemo(
    () => fit(' '.repeat(GUTTER) + renderRow(columns.map((c) => c.title), widths, aligns), width),
    [columns, widths, aligns, width],
  );

  const { start, end } = visibleWindow(cursor, rows.length, height, windowStart.current);
  windowStart.current = start;

  // Lines of this layout, by row object: a page's rows are new objects when the page changes.
  const lineCache = useMemo(() => new WeakMap<object, string>(), [columns, widths, aligns, width]);
  const lineOf = (row: Row): string => {
    const key = row as object;
    let line = lineCache.get(key);
    if (line === undefined) {
      line = fit(' '.repeat(GUTTER) + renderRow(columns.map((c) => c.value(row)), widths, aligns), width);
      lineCache.set(key, line);
    }
    return line;
  };

  const lines = rows.slice(start, end).map((row, offset) => {
    const index = start + offset;
    const selected = index === cursor;
    return <TableRow key={index} line={lineOf(row)} selected={selected} inverse={color && selected} />;
  });

  return (
    <Box flexDirection="column" width={width}>
      <Text bold={color} wrap="truncate">
        {header}
      </Text>
      {rows.length === 0 ? (
        <Text dimColor={color} wrap="truncate">
          {fit(' '.repeat(GUTTER) + sanitize(emptyText), width)}
        </Text>
      ) : (
        lines
      )}
    </Box>
  );
}

/** The line is exactly `width` cells starting with the gutter; the cursor row swaps it for the marker. */
const TableRow = memo(function TableRow({ line, selected, inverse }: { line: string; selected: boolean; inverse: boolean }) {
  return (
    <Text inverse={inverse} wrap="truncate">
      {selected ? cursorMarker() + line.slice(GUTTER) : line}
    </Text>
  );
});
