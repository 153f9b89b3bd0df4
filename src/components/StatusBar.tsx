// The paging line: "page 3 of 120 · 2,391 total", what is loading, and the latest flash message.
import { Box, Text } from 'ink';
import { formatCount } from '../content/format.js';
import { pageCount } from '../store/paging.js';
import { currentList } from '../store/store.js';
import { visibleRows } from '../store/rows.js';
import { sanitize } from '../terminal/sanitize.js';
import { truncate } from '../terminal/width.js';
import { Spinner } from './Spinner.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';

export function pagingText(list: NonNullable<ReturnType<typeof currentList>>): string {
  if (list.loadedPage === null) return `page ${formatCount(list.page)}`;
  const pages = pageCount(list);
  const exact = list.totalExact || list.knownLastPage !== undefined;
  const parts = [
    `page ${formatCount(list.page)} of ${exact ? '' : '≥'}${formatCount(pages)}`,
    list.totalExact ? `${formatCount(list.total)} total` : `~${formatCount(list.total)} with messages`,
    `${list.size}/page`,
  ];
  if (list.filter) parts.push(`filter "${sanitize(list.filter)}": ${visibleRows(list).length} of ${list.rows.length}`);
  if (list.query.keyword) parts.push(`keyword "${sanitize(list.query.keyword)}"`);
  if (list.query.conversationIDs.length > 0) parts.push(`${list.query.conversationIDs.length} conversation IDs`);
  return parts.join(' · ');
}

export function StatusBar({ width }: { width: number }): React.JSX.Element {
  const theme = useTheme();
  const list = useAppStore((s) => currentList(s));
  const flash = useAppStore((s) => s.flash);
  const text = list ? pagingText(list) : '';
  const loading = list?.loading ?? false;
  const flashText = flash ? sanitize(flash.text) : '';
  const room = Math.max(0, width - (loading ? 2 : 0));
  return (
    <Box width={width}>
      {loading ? (
        <Text {...tint(theme, 'yellow')}>
          <Spinner />{' '}
        </Text>
      ) : null}
      <Text wrap="truncate">
        {truncate(text + (loading ? ` · loading page ${list?.page}` : ''), Math.max(0, room - (flashText ? Math.min(flashText.length + 3, Math.floor(room / 2)) : 0)))}
        {flashText ? (
          <Text {...tint(theme, flash?.level === 'error' ? 'red' : 'green')} bold={!theme.color}>
            {'   '}
            {truncate(flashText, Math.floor(room / 2))}
          </Text>
        ) : null}
      </Text>
    </Box>
  );
}
