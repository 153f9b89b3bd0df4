// The paging line: "page 3 of 120 · 2,391 total", what is loading, and the latest flash message.
import { Box, Text } from 'ink';
import { formatCount } from '../content/format.js';
import { pageCount } from '../domain/paging.js';
import { currentList } from '../store/selectors.js';
import { visibleRows } from '../domain/rows.js';
import { displayText } from '../terminal/settle.js';
import { truncate } from '../terminal/width.js';
import { Spinner } from './Spinner.js';
import type { ExportProgress } from '../store/types.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';
import { glyphs } from '../terminal/glyphs.js';
import { liveStatusNote } from './liveText.js';

export function pagingText(list: NonNullable<ReturnType<typeof currentList>>): string {
  if (list.loadedPage === null) return `page ${formatCount(list.page)}`;
  const pages = pageCount(list);
  const exact = list.totalExact || list.knownLastPage !== undefined;
  const parts = [
    `page ${formatCount(list.page)} of ${exact ? '' : glyphs().atLeast}${formatCount(pages)}`,
    list.totalExact ? `${formatCount(list.total)} total` : `~${formatCount(list.total)} with messages`,
    `${list.size}/page`,
  ];
  if (list.filter) parts.push(`filter "${displayText(list.filter)}": ${visibleRows(list).length} of ${list.rows.length}`);
  if (list.query.keyword) parts.push(`keyword "${displayText(list.query.keyword)}"`);
  if (list.query.conversationIDs.length > 0) parts.push(`${list.query.conversationIDs.length} conversation IDs`);
  // The live view's last change: rows that left the page are counted here, having no row to mark.
  if (list.changes) parts.push(list.changes.summary);
  return parts.join(` ${glyphs().separator} `);
}

export function StatusBar({ width }: { width: number }): React.JSX.Element {
  const theme = useTheme();
  const list = useAppStore((s) => currentList(s));
  const passing = useAppStore((s) => s.flash);
  const exporting = useAppStore((s) => s.exporting);
  const liveOn = useAppStore((s) => s.live.on);
  const liveStatus = useAppStore((s) => s.live.status);
  if (exporting) return <ExportLine progress={exporting} width={width} />;
  const text = list ? pagingText(list) : '';
  const loading = list?.loading ?? false;
  // While the live view waits out a failure, it says so until it recovers (a flash passes).
  const note = liveOn ? liveStatusNote(liveStatus) : undefined;
  const flash = passing ?? (note ? { text: note, level: 'error' as const } : null);
  const flashText = flash ? displayText(flash.text) : '';
  const room = Math.max(0, width - (loading ? 2 : 0));
  // Half the line for a message, more when it needs it (a file path), leaving the page number.
  const flashRoom = flashText ? Math.min(flashText.length + 3, Math.max(Math.floor(room / 2), room - 24)) : 0;
  return (
    <Box width={width}>
      {loading ? (
        <Text {...tint(theme, 'yellow')}>
          <Spinner />{' '}
        </Text>
      ) : null}
      <Text wrap="truncate">
        {truncate(text + (loading ? ` ${glyphs().separator} loading page ${list?.page}` : ''), Math.max(0, room - flashRoom))}
        {flashText ? (
          <Text {...tint(theme, flash?.level === 'error' ? 'red' : 'green')} bold={!theme.color}>
            {'   '}
            {truncate(flashText, Math.max(0, flashRoom - 3))}
          </Text>
        ) : null}
      </Text>
    </Box>
  );
}

/** An export in progress replaces the paging line: where it writes, how far it got, how to stop it. */
function ExportLine({ progress, width }: { progress: ExportProgress; width: number }): React.JSX.Element {
  const theme = useTheme();
  const sep = glyphs().separator;
  const text =
    `exporting ${progress.kind} to ${displayText(progress.path)} ${sep} ` +
    `page ${formatCount(progress.pages)}, ${formatCount(progress.rows)} rows ${sep} Esc cancels`;
  return (
    <Box width={width}>
      <Text {...tint(theme, 'yellow')}>
        <Spinner />{' '}
      </Text>
      <Text wrap="truncate">{truncate(text, Math.max(0, width - 2))}</Text>
    </Box>
  );
}
