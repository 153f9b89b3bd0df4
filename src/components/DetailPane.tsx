// Every field of the selected row, then its decoded content; scrolls with J/K. Full screen (`f`)
// it is searched with `/`: the matched text is drawn in inverse video (readable without colour),
// and the rule says which match is on screen.
import { Box, Text } from 'ink';
import type { AnyRow } from '../api/pages.js';
import type { ListKind } from '../lists/names.js';
import { fit, truncate } from '../terminal/width.js';
import { LABEL_WIDTH, paneViewport, type PaneLine, type PaneOwner } from '../layout/detailLines.js';
import { matchRanges } from '../layout/detailSearch.js';
import { treeLineText } from '../layout/jsonTreeLines.js';
import type { DetailSearch } from '../store/types.js';
import { tint, useTheme, type Theme } from './theme.js';
import { glyphs } from '../terminal/glyphs.js';

interface Props {
  kind: ListKind;
  row: AnyRow;
  width: number;
  height: number;
  scroll: number;
  full?: boolean;
  search?: DetailSearch | null;
  owner?: PaneOwner;
}

export function DetailPane({ kind, row, width, height, scroll, full = false, search = null, owner }: Props): React.JSX.Element {
  const theme = useTheme();
  const g = glyphs();
  // Only the lines on screen are laid out: a long value costs a screenful (detailLines.ts).
  const { inner, lines: shown, start, visible: bodyHeight, total, exact } = paneViewport(kind, row, width, height, theme.color, scroll, owner);
  const more = !exact || total > start + shown.length;
  const position =
    !exact || total > bodyHeight
      ? ` ${start + 1}-${start + shown.length} of ${exact ? total : `${g.atLeast}${total}`}${more ? ` ${g.separator} J/K scroll` : ''}`
      : '';
  const found = search && search.match >= 0 ? ` ${g.separator} match ${search.match + 1}/${search.count}${search.capped ? '+' : ''} n/N` : '';
  const keys = full ? `/ find ${g.separator} f split` : `f full`;
  const query = search && search.match >= 0 ? search.query : '';
  return (
    <Box flexDirection="column" width={width} height={height} paddingLeft={1}>
      <Text {...tint(theme, 'gray')} wrap="truncate">
        {truncate(`${g.rule}${g.rule} detail${position}${found} ${g.separator} ${keys} ${g.separator} esc close `.padEnd(inner, g.rule), inner)}
      </Text>
      {shown.map((line, i) => (
        <PaneRow key={start + i} line={line} width={inner} theme={theme} query={query} />
      ))}
    </Box>
  );
}

/** `text` with each match of `query` in inverse video. */
function Marked({ text, query }: { text: string; query: string }): React.JSX.Element {
  const ranges = query ? matchRanges(text, query) : [];
  if (ranges.length === 0) return <>{text}</>;
  const parts: React.JSX.Element[] = [];
  let at = 0;
  for (const [from, to] of ranges) {
    if (from > at) parts.push(<Text key={`t${at}`}>{text.slice(at, from)}</Text>);
    parts.push(
      <Text key={`m${from}`} inverse>
        {text.slice(from, to)}
      </Text>,
    );
    at = to;
  }
  if (at < text.length) parts.push(<Text key={`t${at}`}>{text.slice(at)}</Text>);
  return <>{parts}</>;
}

function PaneRow({ line, width, theme, query }: { line: PaneLine; width: number; theme: Theme; query: string }): React.JSX.Element {
  switch (line.kind) {
    case 'title':
      return (
        <Text bold wrap="truncate">
          <Marked text={truncate(line.text, width)} query={query} />
        </Text>
      );
    case 'heading':
      return (
        <Text bold {...tint(theme, 'cyan')} wrap="truncate">
          {theme.color ? '' : '# '}
          <Marked text={truncate(line.text, width - (theme.color ? 0 : 2))} query={query} />
        </Text>
      );
    case 'field':
      return (
        <Text wrap="truncate">
          <Text {...tint(theme, 'gray')}>
            {/* One cell always stays between a label and its value: a label as wide as the column must not run into it. */}
            <Marked text={fit(line.label, LABEL_WIDTH - 1)} query={query} />{' '}
          </Text>
          <Marked text={truncate(line.text, width - LABEL_WIDTH)} query={query} />
        </Text>
      );
    case 'note':
      return (
        <Text {...tint(theme, 'yellow')} wrap="truncate">
          <Marked text={truncate(line.text, width)} query={query} />
        </Text>
      );
    case 'tree': {
      // A line with a match is drawn plain, so that the match can be marked across its segments.
      const plain = query ? treeLineText(line.line) : '';
      if (query && matchRanges(plain, query).length > 0) {
        return (
          <Text wrap="truncate">
            <Marked text={truncate(plain, width)} query={query} />
          </Text>
        );
      }
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
}
