// Our own table: ink-table cannot load under Ink 6, and its ESM fork measures with
// `.length` (CJK misaligns). Each row is one pre-fitted line, so Ink never re-wraps or
// re-measures anything, and only the visible rows are rendered. A row's line is computed once
// per layout and cached by row object, and rows are memoised components: a cursor move
// re-renders the two rows whose marker changed, not the whole page. In the live view a second
// gutter column marks rows new (+) or changed (~) since the last refresh, and they are bold.
import { memo, useMemo, useRef, type ReactElement } from 'react';
import { Box, Text } from 'ink';
import { sanitize } from '../terminal/sanitize.js';
import { fit } from '../terminal/width.js';
import type { Column } from '../domain/columns.js';
import type { RowMark } from '../domain/rowDiff.js';
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
  /** The live view is on: a mark column, and the marks of the rows that have one. */
  marks?: ReadonlyMap<Row, RowMark>;
}

/** The cursor marker, so the selected row shows without colour (NO_COLOR, TERM=dumb). */
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
  marks,
}: TableProps<Row>): ReactElement {
  // The cursor column, and the live view's mark column.
  const gutter = marks ? 2 : 1;
  // Where the window was on the last render: scrolling moves it only as far as needed.
  const windowStart = useRef(0);
  const inner = Math.max(0, width - gutter);
  const widths = useMemo(() => layoutColumns(columns, inner), [columns, inner]);
  const aligns = useMemo(() => columns.map((c) => c.align ?? 'left'), [columns]);
  const header = useMemo(
    () => fit(' '.repeat(gutter) + renderRow(columns.map((c) => c.title), widths, aligns), width),
    [columns, widths, aligns, width, gutter],
  );

  const { start, end } = visibleWindow(cursor, rows.length, height, windowStart.current);
  windowStart.current = start;

  // Lines of this layout, by row object: a page's rows are new objects when the page changes.
  const lineCache = useMemo(() => new WeakMap<object, string>(), [columns, widths, aligns, width, gutter]);
  const lineOf = (row: Row): string => {
    const key = row as object;
    let line = lineCache.get(key);
    if (line === undefined) {
      line = fit(' '.repeat(gutter) + renderRow(columns.map((c) => c.value(row)), widths, aligns), width);
      lineCache.set(key, line);
    }
    return line;
  };

  const lines = rows.slice(start, end).map((row, offset) => {
    const index = start + offset;
    const selected = index === cursor;
    const mark = marks?.get(row);
    return (
      <TableRow
        key={index}
        line={lineOf(row)}
        selected={selected}
        inverse={color && selected}
        {...(marks ? { mark: markGlyph(mark) } : {})}
        bold={mark !== undefined}
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
        lines
      )}
    </Box>
  );
}

/**
 * The line is exactly `width` cells starting with the gutter; the cursor row swaps its first cell
 * for the marker, and in the live view the second cell holds the row's mark.
 */
const TableRow = memo(function TableRow({
  line,
  selected,
  inverse,
  mark,
  bold,
}: {
  line: string;
  selected: boolean;
  inverse: boolean;
  mark?: string;
  bold: boolean;
}) {
  const head = (selected ? cursorMarker() : line.slice(0, 1)) + (mark ?? '');
  return (
    <Text inverse={inverse} bold={bold} wrap="truncate">
      {head + line.slice(head.length)}
    </Text>
  );
});
