// Top line: where we are connected, as whom, and whether the server answers.
import { Box, Text } from 'ink';
import { sanitize } from '../terminal/sanitize.js';
import { truncate } from '../terminal/width.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';
import { glyphs } from '../terminal/glyphs.js';

export interface ConnectionInfo {
  /** host[:port] only: never the path or credentials. */
  host: string;
  identity: string;
  profile?: string;
  /** Plain http to a host that is not loopback: the token travels in clear. */
  insecure: boolean;
  demo: boolean;
}

export function Header({ info, width }: { info: ConnectionInfo; width: number }): React.JSX.Element {
  const theme = useTheme();
  const connection = useAppStore((s) => s.connection);
  const g = glyphs();
  const state =
    connection === 'ok'
      ? `${g.connected} connected`
      : connection === 'failing'
        ? `${g.failing} not answering`
        : `${g.connecting} connecting`;
  const stateColor = connection === 'ok' ? 'green' : connection === 'failing' ? 'red' : 'yellow';
  const left = [
    'openim-explorer',
    info.profile ? `profile ${info.profile}` : undefined,
    `${info.demo ? 'demo ' : ''}${info.host}`,
    `as ${info.identity}`,
  ]
    .filter(Boolean)
    .join(` ${g.separator} `);
  const warning = info.insecure ? ' ! plain http' : '';
  const room = Math.max(0, width - state.length - warning.length - 1);
  return (
    <Box width={width} justifyContent="space-between">
      <Text bold={theme.color} {...tint(theme, 'cyan')} wrap="truncate">
        {truncate(sanitize(left), room)}
        {warning ? <Text {...tint(theme, 'red')}>{warning}</Text> : null}
      </Text>
      <Text {...tint(theme, stateColor)}>{state}</Text>
    </Box>
  );
}
