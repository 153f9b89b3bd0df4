// Every key, generated from the keymap.
import { Box, Text } from 'ink';
import { KEYMAP, keyLabel, type Scope } from '../keys/keymap.js';
import { fit, truncate } from '../terminal/width.js';
import { tint, useTheme } from './theme.js';

const SCOPE_TITLES: Record<Scope, string> = {
  global: 'Everywhere',
  list: 'Lists',
  users: 'Users',
  accounts: 'System accounts',
  user: 'A user',
  conversations: 'Conversations tab',
  detail: 'Detail pane open',
};
const ORDER: Scope[] = ['list', 'detail', 'accounts', 'user', 'conversations', 'global'];

export function helpLines(): { title?: string; keys?: string; description?: string }[] {
  const lines: { title?: string; keys?: string; description?: string }[] = [];
  for (const scope of ORDER) {
    const bindings = KEYMAP.filter((b) => b.scope === scope);
    if (bindings.length === 0) continue;
    lines.push({ title: SCOPE_TITLES[scope] });
    for (const b of bindings) lines.push({ keys: b.keys.map(keyLabel).join(' '), description: b.description });
  }
  return lines;
}

export function HelpOverlay({ width, height }: { width: number; height: number }): React.JSX.Element {
  const theme = useTheme();
  const lines = helpLines();
  // Two columns when the terminal is wide enough, so everything fits at 80x24.
  const room = height - 1;
  const columns = lines.length <= room ? 1 : width >= 120 ? 3 : 2;
  const perColumn = Math.ceil(lines.length / columns);
  const colWidth = Math.floor(width / columns);
  const keyWidth = 16;
  const render = (line: (typeof lines)[number], i: number): React.JSX.Element =>
    line.title ? (
      <Text key={i} bold {...tint(theme, 'cyan')} wrap="truncate">
        {truncate(line.title, colWidth - 1)}
      </Text>
    ) : (
      <Text key={i} wrap="truncate">
        <Text bold>{fit(line.keys ?? '', keyWidth)}</Text>
        {truncate(line.description ?? '', colWidth - keyWidth - 1)}
      </Text>
    );
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate">
        {truncate('Keys  (? or Esc closes)', width)}
      </Text>
      <Box flexDirection="row">
        {Array.from({ length: columns }, (_, c) => (
          <Box key={c} flexDirection="column" width={colWidth}>
            {lines.slice(c * perColumn, (c + 1) * perColumn).slice(0, room).map(render)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
