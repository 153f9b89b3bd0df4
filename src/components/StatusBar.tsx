// The status line and the line below it: "page 3 of 120 · 2,391 total", what is loading, and the
// message of the last step. A message that does not fit beside the paging label takes the key
// hints' line while it lasts (see layout/statusLine.ts).
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { formatCount } from '../content/format.js';
import { flashBelongsTo } from '../store/flash.js';
import { currentList } from '../store/selectors.js';
import { displayText } from '../terminal/settle.js';
import { displayWidth, shortenMiddle, truncate } from '../terminal/width.js';
import type { ScreenGeometry } from '../layout/frame.js';
import { MESSAGE_GAP, pagingText, statusLayout } from '../layout/statusLine.js';
import { Spinner } from './Spinner.js';
import type { ExportProgress } from '../store/types.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';
import { glyphs } from '../terminal/glyphs.js';
import { useKeys } from './SessionContext.js';
import { liveStatusNote } from './liveText.js';
import { livePauseReason } from '../store/liveSlice.js';

const SPINNER_CELLS = 2;

interface Props {
  /** The screen's regions: the status line's width, and the table rows the paging label counts. */
  geometry: ScreenGeometry;
  /** The key hints (or the open prompt), drawn under the status line; a long message takes the hints' line, never the prompt's. */
  footer: ReactNode;
}

export function StatusBar({ geometry, footer }: Props): React.JSX.Element {
  const theme = useTheme();
  const { keyName } = useKeys();
  const width = geometry.status.width;
  const list = useAppStore((s) => currentList(s));
  const flash = useAppStore((s) => s.flash);
  const exporting = useAppStore((s) => s.exporting);
  const promptOpen = useAppStore((s) => s.prompt !== null);
  const liveOn = useAppStore((s) => s.live.on);
  const liveStatus = useAppStore((s) => s.live.status);
  const pausedBy = useAppStore((s) => livePauseReason(s));
  const typedAhead = useAppStore((s) => s.typedAhead);
  if (exporting) {
    return (
      <Box flexDirection="column" width={width}>
        <ExportLine progress={exporting} width={width} />
        {footer}
      </Box>
    );
  }
  const shown = geometry.tableRows;
  const waiting = typedAhead > 0 ? ` ${glyphs().separator} ${typedAhead === 1 ? '1 key' : `${typedAhead} keys`} typed ahead` : '';
  // A walk (a member search on the client) says which key stops it.
  const stops = list?.loading && list.progress && list.progress !== 'stopping' ? ` ${glyphs().separator} ${keyName('back')} stops` : '';
  const text = list ? pagingText(list, shown) + stops + waiting : '';
  const loading = list?.loading ?? false;
  // While the live view waits out a failure or a pause, it says why and until when (a flash passes).
  const note = liveOn ? liveStatusNote(liveStatus, pausedBy) : undefined;
  const own = flashBelongsTo(flash, list?.key) ? flash : null;
  const noteLevel = liveStatus.state === 'paused' ? ('info' as const) : ('error' as const);
  const shownFlash = own ?? (note ? { text: note, level: noteLevel } : null);
  const message = shownFlash ? displayText(shownFlash.text) : '';
  // The prompt keeps its line: a message that does not fit beside the paging label is cut there.
  const lines = statusLayout(text, message, width, loading ? SPINNER_CELLS : 0, !promptOpen);
  const messageColor = tint(theme, shownFlash?.level === 'error' ? 'red' : 'green');
  return (
    <Box flexDirection="column" width={width}>
      <Box width={width}>
        {loading ? (
          <Text {...tint(theme, 'yellow')}>
            <Spinner />{' '}
          </Text>
        ) : null}
        <Text wrap="truncate">
          {lines.status}
          {lines.inline ? (
            <Text {...messageColor} bold={!theme.color}>
              {' '.repeat(MESSAGE_GAP)}
              {lines.inline}
            </Text>
          ) : null}
        </Text>
      </Box>
      {lines.own ? (
        <Text {...messageColor} bold={!theme.color} wrap="truncate">
          {lines.own}
        </Text>
      ) : (
        footer
      )}
    </Box>
  );
}

/** @internal Exported for its unit test. `39,400 of 1,000,000 rows (3%)` when the total is exact, else `39,400 rows`; a question waits for its answer. */
export function exportProgressText(progress: Pick<ExportProgress, 'rows' | 'total' | 'ask'>): string {
  if (progress.ask) return 'waiting for your answer';
  if (progress.total === undefined || progress.total <= 0) return `${formatCount(progress.rows)} rows`;
  const share = Math.min(100, Math.floor((progress.rows / progress.total) * 100));
  return `${formatCount(progress.rows)} of ${formatCount(progress.total)} rows (${share}%)`;
}

/** An export in progress replaces the paging line: where it writes, how far it got, how to stop it. */
function ExportLine({ progress, width }: { progress: ExportProgress; width: number }): React.JSX.Element {
  const theme = useTheme();
  const { keyName } = useKeys();
  const sep = glyphs().separator;
  const room = Math.max(0, width - SPINNER_CELLS);
  // The list's kind is in the file's name; the page count adds nothing to the row count.
  const head = 'exporting to ';
  if (progress.quitAsked || progress.cancelAsked) {
    const keep = `${keyName('back')} keeps exporting`;
    const ask = progress.quitAsked
      ? `quit and abandon the export (its partial file is removed)? ${keyName('quit')} quits ${sep} ${keep}`
      : `cancel the export (its partial file is removed)? ${keyName('answerYes', 'question')} cancels ${sep} ${keyName('answerNo', 'question')} or ${keep}`;
    return (
      <Box width={width}>
        <Text {...tint(theme, 'yellow')}>{truncate(ask, width)}</Text>
      </Box>
    );
  }
  const tail = ` ${sep} ${exportProgressText(progress)}${progress.ask ? '' : ` ${sep} ${keyName('back')} then ${keyName('answerYes', 'question')} cancels`}`;
  // The file name gives way in its middle; the count and how to stop stay whole.
  const path = shortenMiddle(displayText(progress.path), Math.max(12, room - displayWidth(head) - displayWidth(tail)));
  const text = head + path + tail;
  return (
    <Box width={width}>
      <Text {...tint(theme, 'yellow')}>
        <Spinner />{' '}
      </Text>
      <Text wrap="truncate">{truncate(text, room)}</Text>
    </Box>
  );
}
