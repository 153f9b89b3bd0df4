// Every key, generated from the keymap and laid out for the room there is (keys/helpLayout.ts);
// it scrolls when it does not fit.
import { Box, Text } from 'ink';
import { COLUMN_GAP, helpView, helpWindow, type HelpLine } from '../keys/helpLayout.js';
import { glyphs } from '../terminal/glyphs.js';
import { fit, truncate } from '../terminal/width.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';

export function HelpOverlay({ width, height }: { width: number; height: number }): React.JSX.Element {
  const theme = useTheme();
  const scroll = useAppStore((s) => s.helpScroll);
  const view = helpView(width, height);
  const top = Math.min(scroll, view.maxScroll);
  const sep = glyphs().separator;
  const where =
    view.maxScroll > 0
      ? ` ${sep} lines ${top + 1}-${Math.min(view.rows, top + view.visible - (top > 0 ? 1 : 0))} of ${view.rows} ${sep} j/k PgDn/PgUp g/G scroll`
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
        {truncate(`Keys  (? or Esc closes)${where}`, width)}
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
