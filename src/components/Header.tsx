// Top line: where we are connected, as whom, whether the server answers, whether the view is live,
// and when the token expires (components/tokenText.ts).
import { useSyncExternalStore } from 'react';
import { Box, Text } from 'ink';
import type { WireMarks } from '../api/wireMarks.js';
import { sanitize } from '../terminal/sanitize.js';
import { displayWidth, truncate } from '../terminal/width.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';
import { glyphs } from '../terminal/glyphs.js';
import { liveHeaderText } from './liveText.js';
import { livePauseReason } from '../store/liveSlice.js';
import { tokenHeaderText } from './tokenText.js';

export interface ConnectionInfo {
  /** host[:port] only: never the path or credentials. */
  host: string;
  identity: string;
  profile?: string;
  /** The profile's marker (`PROD-EU`), drawn first in `labelColor`, and in brackets without colour. */
  label?: string;
  labelColor?: string;
  /** The proxy that carries the connection and `! plain http`, as replies tell them (api/wireMarks.ts: the client's `wire`). */
  wire: { current(): WireMarks; subscribe(listener: () => void): () => void };
  demo: boolean;
}

export function Header({ info, width }: { info: ConnectionInfo; width: number }): React.JSX.Element {
  const theme = useTheme();
  const connection = useAppStore((s) => s.connection);
  const liveOn = useAppStore((s) => s.live.on);
  const refreshedAt = useAppStore((s) => s.live.refreshedAt);
  const liveStatus = useAppStore((s) => s.live.status);
  const pausedBy = useAppStore((s) => livePauseReason(s));
  const live = liveHeaderText({ on: liveOn, refreshedAt, status: liveStatus }, pausedBy);
  const token = tokenHeaderText(useAppStore((s) => s.token));
  const wire = useSyncExternalStore(info.wire.subscribe, info.wire.current);
  const g = glyphs();
  // `connected` only once a page came back (store/pageLoads.ts): never on a refused login.
  const state = {
    ok: `${g.connected} connected`,
    failing: `${g.failing} not answering`,
    refused: `${g.failing} not connected`,
    connecting: `${g.connecting} connecting`,
  }[connection];
  const stateColor = connection === 'ok' ? 'green' : connection === 'connecting' ? 'yellow' : 'red';
  const left = [
    'openim-explorer',
    info.profile ? `profile ${info.profile}` : undefined,
    `${info.demo ? 'demo ' : ''}${info.host}${wire.proxy !== undefined ? ` via proxy ${wire.proxy}` : ''}`,
    `as ${info.identity}`,
  ]
    .filter(Boolean)
    .join(` ${g.separator} `);
  const warning = wire.plainHttp ? ' ! plain http' : '';
  const liveText = live ? `${live}  ` : '';
  // In colour, the label on its colour (inverse); in words, in brackets: either way it leads.
  const label = info.label ? (theme.color ? ` ${sanitize(info.label)} ` : `[${sanitize(info.label)}]`) : '';
  const labelWidth = label ? displayWidth(label) + 1 : 0;
  const fixed = state.length + liveText.length + warning.length + labelWidth + 1;
  // The expiry where the rest fits beside it; a warning of the token's always, before the state.
  const tokenText = token && (!token.optional || displayWidth(sanitize(left)) + token.text.length + 2 <= width - fixed) ? `${token.text}  ` : '';
  const room = Math.max(0, width - fixed - tokenText.length);
  return (
    <Box width={width} justifyContent="space-between">
      <Text bold={theme.color} {...tint(theme, 'cyan')} wrap="truncate">
        {label ? (
          <Text inverse={theme.color} {...tint(theme, info.labelColor ?? 'red')}>
            {label}
          </Text>
        ) : null}
        {label ? ' ' : ''}
        {truncate(sanitize(left), room)}
        {warning ? <Text {...tint(theme, 'red')}>{warning}</Text> : null}
      </Text>
      <Text>
        {tokenText ? <Text bold={token?.warn} {...tint(theme, token?.warn ? 'red' : 'gray')}>{tokenText}</Text> : null}
        {liveText ? (
          <Text bold {...tint(theme, liveStatus.state === 'backing-off' || liveStatus.state === 'rate-limited' ? 'red' : 'magenta')}>
            {liveText}
          </Text>
        ) : null}
        <Text {...tint(theme, stateColor)}>{state}</Text>
      </Text>
    </Box>
  );
}
