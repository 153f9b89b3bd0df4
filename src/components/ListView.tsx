// One list on screen: the table of the current page, its failure if any, and the detail pane of
// the selected row beside the table on wide terminals or below it on narrow ones.
import { Box, Text } from 'ink';
import { visibleRows } from '../store/rows.js';
import type { AnyRow, ListState } from '../store/types.js';
import { displayText } from '../terminal/settle.js';
import { truncate } from '../terminal/width.js';
import { DetailPane } from './DetailPane.js';
import { ERROR_BAR_HEIGHT, ErrorBar } from './ErrorBar.js';
import { useAppStore } from './StoreContext.js';
import { Table, type Column } from './Table.js';
import { tint, useTheme } from './theme.js';
import { glyphs } from '../terminal/glyphs.js';

interface Props<Row extends AnyRow> {
  listKey: string;
  columns: Column<Row>[];
  width: number;
  height: number;
  emptyText: string;
}

/** Wide enough to show the pane beside the table. */
export const SIDE_BY_SIDE_MIN_WIDTH = 140;

export function paneLayout(width: number, height: number): { side: boolean; tableWidth: number; tableHeight: number; paneWidth: number; paneHeight: number } {
  if (width >= SIDE_BY_SIDE_MIN_WIDTH) {
    const paneWidth = Math.floor(width * 0.45);
    return { side: true, tableWidth: width - paneWidth, tableHeight: height, paneWidth, paneHeight: height };
  }
  const tableHeight = Math.max(4, Math.floor(height * 0.35));
  return { side: false, tableWidth: width, tableHeight, paneWidth: width, paneHeight: height - tableHeight };
}

/** Lines left for the table (and pane) under the notice line and above the error bar. */
export function listBodyHeight(list: Pick<ListState, 'error' | 'notice'>, height: number): number {
  return height - (list.error ? ERROR_BAR_HEIGHT : 0) - (list.notice ? 1 : 0);
}

export function ListView<Row extends AnyRow>({ listKey, columns, width, height, emptyText }: Props<Row>): React.JSX.Element {
  const theme = useTheme();
  const list = useAppStore((s) => s.lists[listKey]);
  const detail = useAppStore((s) => s.detail);
  if (!list) return <Text>{glyphs().ellipsis}</Text>;
  const rows = visibleRows(list) as Row[];
  const error = list.error;
  const bodyHeight = listBodyHeight(list, height);
  const row = rows[list.cursor];
  const showPane = detail.open && row !== undefined;
  const layout = showPane ? paneLayout(width, bodyHeight) : null;
  const tableWidth = layout?.tableWidth ?? width;
  const tableHeight = layout?.tableHeight ?? bodyHeight;
  const empty =
    list.loadedPage === null
      ? list.loading
        ? `loading${glyphs().ellipsis}`
        : ''
      : list.filter
        ? `no row of this page matches "${displayText(list.filter)}" (Esc clears)`
        : list.notice
          ? 'no conversations'
          : emptyText;

  const table = (
    <Table
      columns={columns}
      rows={rows}
      cursor={list.cursor}
      width={tableWidth}
      height={Math.max(1, tableHeight - 1)}
      color={theme.color}
      emptyText={empty}
    />
  );
  return (
    <Box flexDirection="column" width={width} height={height}>
      {list.notice ? (
        <Text {...tint(theme, 'yellow')} wrap="truncate">
          {truncate(displayText(list.notice), width)}
        </Text>
      ) : null}
      {showPane && layout ? (
        <Box flexDirection={layout.side ? 'row' : 'column'} height={bodyHeight}>
          <Box width={tableWidth} height={tableHeight} flexDirection="column">
            {table}
          </Box>
          <DetailPane kind={list.kind} row={row} width={layout.paneWidth} height={layout.paneHeight} scroll={detail.scroll} />
        </Box>
      ) : (
        <Box height={bodyHeight} flexDirection="column">
          {table}
        </Box>
      )}
      {error ? <ErrorBar error={error} width={width} /> : null}
    </Box>
  );
}
