// Every field of the selected row, then its decoded content; scrolls with J/K.
import { Box, Text } from 'ink';
import type { AnyRow, ListKind } from '../api/pages.js';
import { fit, truncate } from '../terminal/width.js';
import { LABEL_WIDTH, paneViewport, type PaneLine } from '../layout/detailLines.js';
import { tint, useTheme, type Theme } from './theme.js';
import { glyphs } from '../terminal/glyphs.js';

interface Props {
  kind: ListKind;
  row: AnyRow;
  width: number;
  height: number;
  scroll: number;
}

export function DetailPane({ kind, row, width, height, scroll }: Props): React.JSX.Element {
  const theme = useTheme();
  const g = glyphs();
  // Only the lines on screen are laid out: a long value costs a screenful (detailLines.ts).
  const { inner, lines: shown, start, visible: bodyHeight, total, exact } = paneViewport(kind, row, width, height, theme.color, scroll);
  const more = !exact || total > start + shown.length;
  const position =
    !exact || total > bodyHeight
      ? ` ${start + 1}-${start + shown.length} of ${exact ? total : `${g.atLeast}${total}`}${more ? ` ${g.separator} J/K scroll` : ''}`
      : '';
  return (
    <Box flexDirection="column" width={width} height={height} paddingLeft={1}>
      <Text {...tint(theme, 'gray')} wrap="truncate">
        {truncate(`${g.rule}${g.rule} detail${position} ${g.separator} y copy ${g.separator} o user ${g.separator} esc close `.padEnd(inner, g.rule), inner)}
      </Text>
      {shown.map((line, i) => (
        <PaneRow key={start + i} line={line} width={inner} theme={theme} />
      ))}
    </Box>
  );
}

function PaneRow({ line, width, theme }: { line: PaneLine; width: number; theme: Theme }): React.JSX.Element {
  switch (line.kind) {
    case 'title':
      return (
        <Text bold wrap="truncate">
          {truncate(line.text, width)}
        </Text>
      );
    case 'heading':
      return (
        <Text bold {...tint(theme, 'cyan')} wrap="truncate">
          {truncate(theme.color ? line.text : `# ${line.text}`, width)}
        </Text>
      );
    case 'field':
      return (
        <Text wrap="truncate">
          <Text {...tint(theme, 'gray')}>{fit(line.label, LABEL_WIDTH)}</Text>
          {truncate(line.text, width - LABEL_WIDTH)}
        </Text>
      );
    case 'note':
      return (
        <Text {...tint(theme, 'yellow')} wrap="truncate">
          {truncate(line.text, width)}
        </Text>
      );
    case 'tree':
      return (
        <Text wrap="truncate">
          {line.line.map((seg, i) => (
            <Text key={i} {...(seg.color && theme.color ? { color: seg.color } : {})} dimColor={seg.dim && theme.color}>
              {seg.text}
            </Text>
          ))}
        </Text>
      );
  }
}
