// A JSON tree for the detail pane: renders the lines that layout/jsonTreeLines.ts lays out.
import React, { useMemo } from 'react';
import { Box, Text } from 'ink';
import type { JsonNode } from '../content/types.js';
import { jsonTreeLines } from '../layout/jsonTreeLines.js';
import { themed, useTheme } from './theme.js';

export interface JsonTreeProps {
  node: JsonNode;
  width: number;
  /** Lines to show; all when absent. */
  maxLines?: number;
  /** First line to show, for scrolling. */
  offset?: number;
  color: boolean;
}

export function JsonTree({ node, width, maxLines, offset = 0, color }: JsonTreeProps): React.JSX.Element {
  const theme = useTheme();
  const lines = useMemo(() => jsonTreeLines(node, width, { color }), [node, width, color]);
  const start = Math.max(0, Math.floor(offset));
  const visible = lines.slice(start, maxLines === undefined ? undefined : start + Math.max(0, maxLines));
  return (
    <Box flexDirection="column">
      {visible.map((line, i) => (
        <Text key={start + i} wrap="truncate-end">
          {line.map((segment, j) => (
            <Text key={j} color={themed(theme, segment.color)} dimColor={segment.dim}>
              {segment.text}
            </Text>
          ))}
        </Text>
      ))}
    </Box>
  );
}
