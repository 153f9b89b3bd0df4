// Every key, generated from the keymap (keys/help.ts) and laid out for the room there is (layout/helpColumns.ts);
// it scrolls when it does not fit.
import { Box, Text } from 'ink';
import { helpView } from '../keys/help.js';
import { COLUMN_GAP, helpLastLine, helpWindow, type HelpLine } from '../layout/helpColumns.js';
import { keyLabel } from '../keys/keymap.js';
import { useShallow } from 'zustand/react/shallow';
import { glyphs } from '../terminal/glyphs.js';
import { fit, truncate } from '../terminal/width.js';
import { useKeys } from './SessionContext.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';

export function HelpOverlay({ width, height }: { width: number; height: number }): React.JSX.Element {
  const theme = useTheme();
  const scroll = useAppStore((s) => s.helpScroll);
  // What can do nothing on the screen behind, with why: help writes it beside the key.
  const keys = useKeys();
  const unavailable = useAppStore(useShallow(keys.unavailableHere));
  const view = helpView(keys, width, height, unavailable);
  const top = Math.min(scroll, view.maxScroll);
  const sep = glyphs().separator;
  // The keys named here are help's own in force (a rebinding included), as the footer's are.
  const pair = (a: string, b: string): string => `${keys.keyFor(a, 'help') ?? '?'}/${keys.keyFor(b, 'help') ?? '?'}`;
  const scrollKeys = `${pair('helpDown', 'helpUp')} ${pair('helpPageDown', 'helpPageUp')} ${pair('helpTop', 'helpBottom')}`;
  const closeKeys = keys.bindings.find((b) => b.action === 'helpClose')?.keys.slice(0, 2).map(keyLabel).join(' or ') ?? '';
  const where =
    view.maxScroll > 0
      ? ` ${sep} lines ${top + 1}-${helpLastLine(view, top)} of ${view.rows} ${sep} ${scrollKeys} scroll`
      : '';
  const render = (line: HelpLine, i: number): React.JSX.Element =>
    line.title !== undefined ? (
      <Text key={i} bold {...tint(theme, 'cyan')} wrap="truncate">
        {truncate(line.title, view.columnWidth)}
      </Text>
    ) : (
      <Text key={i} wrap="truncate">
        <Text bold>{fit(line.keys ?? '', view.keysWidth)}</Text> {truncate(line.text ?? '', view.columnWidth - view.keysWidth - 1)}
      </Text>
    );
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate">
        {truncate(`Keys  (${closeKeys} closes)${where}`, width)}
      </Text>
      <Box flexDirection="row">
        {view.columns.map((column, c) => (
          <Box key={c} flexDirection="column" width={view.columnWidth} marginRight={c < view.columns.length - 1 ? COLUMN_GAP : 0}>
            {helpWindow(view, column, top).map(render)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
