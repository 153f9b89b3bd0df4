// The cluster screen (`:cluster`): a title with the interval and the samples taken, then the
// lines of layout/clusterView.ts from its scroll on. A failure or an unreachable instance is a
// line in words (red); a figure's line is plain.
import { Box, Text } from 'ink';
import { keyLabel } from '../keys/keymap.js';
import { CLUSTER_TITLE_LINES, clusterViewLines } from '../layout/clusterView.js';
import { glyphs } from '../terminal/glyphs.js';
import { truncate } from '../terminal/width.js';
import { useKeys } from './SessionContext.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';

const TROUBLE = /unreachable|failed:|answered \[\]|Give the metrics targets/;

export function ClusterView({ width, height }: { width: number; height: number }): React.JSX.Element | null {
  const theme = useTheme();
  const view = useAppStore((s) => s.cluster);
  const keys = useKeys();
  if (!view) return null;
  const sep = glyphs().separator;
  const lines = clusterViewLines(view, width);
  const shown = lines.slice(view.scroll, view.scroll + Math.max(0, height - CLUSTER_TITLE_LINES));
  const closeKeys = keys.bindings.find((b) => b.action === 'clusterClose')?.keys.slice(0, 2).map(keyLabel).join(' or ') ?? '';
  const scrollKeys = `${keys.keyName('clusterDown', 'cluster')}/${keys.keyName('clusterUp', 'cluster')}`;
  const seconds = Math.round(view.intervalMs / 1000);
  const title = `Cluster ${sep} every ${seconds} s ${sep} ${view.samples} sample${view.samples === 1 ? '' : 's'} ${sep} ${scrollKeys} scroll ${sep} ${closeKeys} closes`;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate">
        {truncate(title, width)}
      </Text>
      {shown.map((line, i) => (
        <Text key={i} wrap="truncate" {...(TROUBLE.test(line) ? tint(theme, 'red') : {})}>
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}
