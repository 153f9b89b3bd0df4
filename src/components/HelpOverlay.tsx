// Every key, generated from the keymap.
import { Box, Text } from 'ink';
import { KEYMAP, keyLabel, type Scope } from '../keys/keymap.js';
import { fit, truncate } from '../terminal/width.js';
import { tint, useTheme } from './theme.js';

// Sections of help, in order; a section may gather scopes of one binding each, so that help
// still fits 80x24 in two columns.
const SECTIONS: { title: string; scopes: Scope[] }[] = [
  { title: 'Lists', scopes: ['list'] },
  { title: 'Detail pane open', scopes: ['detail'] },
  { title: 'Users, System accounts', scopes: ['users', 'accounts'] },
  { title: 'A user', scopes: ['user', 'conversations'] },
  { title: 'Everywhere', scopes: ['global'] },
];

export function helpLines(): { title?: string; keys?: string; description?: string }[] {
  const lines: { title?: string; keys?: string; description?: string }[] = [];
  for (const section of SECTIONS) {
    const bindings = KEYMAP.filter((b) => section.scopes.includes(b.scope));
    if (bindings.length === 0) continue;
    lines.push({ title: section.title });
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
