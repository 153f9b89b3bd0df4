// One list on screen: the table of the current page, its failure if any, and the detail pane of
// the selected row beside the table on wide terminals or below it on narrow ones.
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { columnShowsField, shownRows } from '../domain/pageSort.js';
import { columnsByKeys } from '../lists/columnChoice.js';
import { listDef } from '../lists/registry.js';
import { sortArrow } from '../layout/statusLine.js';
import type { AnyRow } from '../api/pages.js';
import { displayText } from '../terminal/settle.js';
import { truncate } from '../terminal/width.js';
import { DetailPane } from './DetailPane.js';
import { ErrorBar } from './ErrorBar.js';
import type { ScreenGeometry } from '../layout/frame.js';
import { markedRows } from '../store/liveMarks.js';
import { ownerName } from '../store/selectors.js';
import { useAppStore } from './StoreContext.js';
import type { CellContext, Column } from '../domain/columns.js';
import type { RowMark } from '../domain/rowDiff.js';
import { Table } from './Table.js';
import { tint, useTheme } from './theme.js';
import { glyphs } from '../terminal/glyphs.js';
import { useKeys } from './SessionContext.js';

interface Props<Row extends AnyRow> {
  listKey: string;
  columns: readonly Column<Row>[];
  /** The screen's regions (App's, from layout/frame.ts): the notice, table, pane and error bar. */
  geometry: ScreenGeometry;
  emptyText: string;
  /** What to do about a failure, where the screen knows better than the general advice. */
  errorHint?: string;
}

export function ListView<Row extends AnyRow>({ listKey, columns, geometry, emptyText, errorHint }: Props<Row>): React.JSX.Element {
  const theme = useTheme();
  const { keyName } = useKeys();
  const list = useAppStore((s) => s.lists[listKey]);
  const detail = useAppStore((s) => s.detail);
  const live = useAppStore((s) => s.live.on);
  const kind = list?.kind;
  const rowsOfPage = list?.rows;
  const changes = list?.changes;
  const marks = useMemo(
    () => (live && kind && rowsOfPage ? markedRows({ kind, rows: rowsOfPage, changes }) : undefined),
    [live, kind, rowsOfPage, changes],
  );
  const ownerID = list?.userID;
  const owner = useAppStore((s) => ownerName(s, ownerID));
  // "now" decides whether dates show their year; read once per list, not on every render.
  const context = useMemo<CellContext>(() => ({ ownerID, ownerName: owner, now: new Date() }), [ownerID, owner]);
  const paneOwner = useMemo(() => ({ id: ownerID, name: owner }), [ownerID, owner]);
  const columnKeys = useAppStore((s) => (kind ? s.columnKeys[kind] : undefined));
  const sortField = list?.sort?.field;
  const sortDesc = list?.sort?.desc === true;
  // `:sort`: the sorted column's header carries the direction.
  const shownColumns = useMemo(
    () =>
      sortField === undefined
        ? columnsByKeys(columns, columnKeys)
        : columnsByKeys(columns, columnKeys).map((c) => (columnShowsField(c, sortField) ? { ...c, title: `${c.title}${sortArrow(sortDesc)}` } : c)),
    [columns, columnKeys, sortField, sortDesc],
  );
  if (!list) return <Text>{glyphs().ellipsis}</Text>;
  const rows = shownRows(list) as Row[];
  const error = list.error;
  const width = geometry.body.width;
  const height = geometry.body.rows - geometry.summary.rows;
  // The table and the pane between the notice line (and the list's chart) and the error bar.
  const bodyHeight = height - geometry.notice.rows - geometry.chart.rows - geometry.errorBar.rows;
  const chart = listDef(list.kind).chart;
  const chartLines =
    chart && geometry.chart.rows > 0
      ? chart
          .draw({ rows: list.rows, extra: list.extra, cursor: rows[list.cursor], width, spark: glyphs().spark, marker: glyphs().sparkCursor, separator: glyphs().separator })
          .slice(0, geometry.chart.rows)
      : [];
  const row = rows[list.cursor];
  const pane = row !== undefined ? geometry.detail : null;
  const tableWidth = geometry.table.width;
  const empty =
    list.loadedPage === null
      ? list.loading
        ? `loading${glyphs().ellipsis}`
        : ''
      : list.filter
        ? `no row of this page matches "${displayText(list.filter)}" (${keyName('back')} clears)`
        : emptyText;

  const table = (
    <Table
      columns={shownColumns}
      rows={rows}
      cursor={list.cursor}
      width={tableWidth}
      height={geometry.tableRows}
      color={theme.color}
      emptyText={empty}
      {...(marks ? { marks: marks as ReadonlyMap<Row, RowMark> } : {})}
      context={context}
      sizingRows={list.rows as Row[]}
    />
  );
  return (
    <Box flexDirection="column" width={width} height={height}>
      {list.notice
        ? list.notice
            .split('\n')
            .slice(0, geometry.notice.rows)
            .map((line, i) => (
              <Text key={i} {...tint(theme, 'yellow')} wrap="truncate">
                {truncate(displayText(line), width)}
              </Text>
            ))
        : null}
      {chartLines.length > 0 ? (
        <Box height={geometry.chart.rows} flexDirection="column">
          {chartLines.map((line, i) => (
            <Text key={i} wrap="truncate">
              {displayText(line)}
            </Text>
          ))}
        </Box>
      ) : null}
      {pane && row && detail.full ? (
        <Box height={bodyHeight} flexDirection="column">
          <DetailPane kind={list.kind} row={row} width={pane.width} height={pane.rows} scroll={detail.scroll} full search={detail.search} owner={paneOwner} />
        </Box>
      ) : pane && row ? (
        <Box flexDirection={pane.side ? 'row' : 'column'} height={bodyHeight}>
          <Box width={tableWidth} height={geometry.table.rows} flexDirection="column">
            {table}
          </Box>
          <DetailPane kind={list.kind} row={row} width={pane.width} height={pane.rows} scroll={detail.scroll} search={detail.search} owner={paneOwner} />
        </Box>
      ) : (
        <Box height={bodyHeight} flexDirection="column">
          {table}
        </Box>
      )}
      {error ? (
        <ErrorBar
          error={error}
          width={width}
          {...(errorHint ? { hint: errorHint } : {})}
          {...(list.failedPage !== undefined && list.loadedPage !== null ? { step: { failed: list.failedPage, showing: list.loadedPage } } : {})}
        />
      ) : null}
    </Box>
  );
}
