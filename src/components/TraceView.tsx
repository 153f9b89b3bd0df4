// The delivery trace over the body (`t`, `:trace`): a title line with its keys in force, then the
// trace's lines (data/trace/traceText.ts, the same as `trace -o table`): the verdict first, what
// was traced, a line per check, each whole (wrapped, never cut). Marks are words, so the colour
// only repeats what the words say.
import { Box, Text } from 'ink';
import { TRACE_CONCURRENCY } from '../data/trace/runTrace.js';
import { traceLines, VERDICT_MARKS } from '../data/trace/traceText.js';
import { glyphs } from '../terminal/glyphs.js';
import { sanitize } from '../terminal/sanitize.js';
import { truncate } from '../terminal/width.js';
import { useKeys } from './SessionContext.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';

const HUES: Record<string, string> = { FAIL: 'red', warn: 'yellow', ok: 'green', '?': 'magenta' };

function hueOf(line: string): string | undefined {
  const mark = Object.values(VERDICT_MARKS).find((m) => line.startsWith(`${m}:`) || line.startsWith(`${m} `));
  return mark === undefined ? undefined : HUES[mark];
}

export function TraceView({ width, height }: { width: number; height: number }): React.JSX.Element {
  const theme = useTheme();
  const trace = useAppStore((s) => s.trace);
  const sep = glyphs().separator;
  const inForce = useKeys();
  const keys = `${inForce.keyName('traceDown', 'trace')}/${inForce.keyName('traceUp', 'trace')} scroll ${sep} ${inForce.keyName('traceEvidence', 'trace')} evidence ${sep} ${inForce.keyName('traceClose', 'trace')} closes`;
  const title = truncate(`Delivery trace ${sep} ${keys}`, width);
  if (!trace) return <Box height={height} />;
  if (!trace.result) {
    const t = trace.target;
    return (
      <Box flexDirection="column" width={width} height={height}>
        <Text bold wrap="truncate">{title}</Text>
        <Text wrap="wrap">{sanitize(`tracing seq ${t.seq} of ${t.conversationID} to ${t.receiverID}${glyphs().ellipsis} (at most ${TRACE_CONCURRENCY} requests at once, each with its deadline)`)}</Text>
      </Box>
    );
  }
  const lines = traceLines(trace.result, width);
  const shown = lines.slice(trace.scroll, trace.scroll + Math.max(1, height - 1));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate">{title}</Text>
      {shown.map((line, i) => {
        const hue = hueOf(line);
        const verdictLine = trace.scroll + i === 0;
        return (
          <Text key={trace.scroll + i} wrap="truncate" bold={verdictLine} {...(hue ? tint(theme, hue) : {})}>
            {line === '' ? ' ' : line}
          </Text>
        );
      })}
    </Box>
  );
}
