// The message log (`:log`, `L`): the status line's last messages, newest first, each whole
// (wrapped, never cut), with the time it was shown. It scrolls by message.
import { Box, Text } from 'ink';
import { formatTime } from '../content/format.js';
import { keyLabel } from '../keys/keymap.js';
import { useKeys } from './SessionContext.js';
import { glyphs } from '../terminal/glyphs.js';
import { displayText } from '../terminal/settle.js';
import { truncate, wrap } from '../terminal/width.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';

const TIME_CELLS = 10;

/** 'HH:MM:SS', the time of day of formatTime's 'YYYY-MM-DD HH:MM:SS'. */
const clock = (ms: number): string => formatTime(ms).slice('YYYY-MM-DD '.length);

export function MessageLog({ width, height }: { width: number; height: number }): React.JSX.Element {
  const theme = useTheme();
  const keys = useKeys();
  const messages = useAppStore((s) => s.messageLog);
  const scroll = useAppStore((s) => s.log?.scroll ?? 0);
  const sep = glyphs().separator;
  const textWidth = Math.max(1, width - TIME_CELLS);
  const lines: React.JSX.Element[] = [];
  for (const [i, message] of messages.slice(scroll).entries()) {
    const wrapped = wrap(displayText(message.text), textWidth, { words: true });
    for (const [j, line] of wrapped.entries()) {
      if (lines.length >= height - 1) break;
      lines.push(
        <Text key={`${i}-${j}`} wrap="truncate">
          <Text dimColor={theme.color}>{(j === 0 ? clock(message.at) : '').padEnd(TIME_CELLS)}</Text>
          <Text {...tint(theme, message.level === 'error' ? 'red' : 'green')}>{line}</Text>
        </Text>,
      );
    }
  }
  // The keys named are the log's own in force (a rebinding included).
  const scrollKeys = `${keys.keyName('logDown', 'log')}/${keys.keyName('logUp', 'log')}`;
  const closeKeys = keys.bindings.find((b) => b.action === 'logClose')?.keys.slice(0, 2).map(keyLabel).join(' or ') ?? '';
  const where = `from ${Math.min(scroll + 1, messages.length)} of ${messages.length}`;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate">
        {truncate(`Messages, newest first ${sep} ${where} ${sep} ${scrollKeys} scroll ${sep} ${closeKeys} closes`, width)}
      </Text>
      {lines}
    </Box>
  );
}
