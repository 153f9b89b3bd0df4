// The current list's failure, under the rows that were last good.
import { Box, Text } from 'ink';
import type { ApiFailure } from '../api/errors.js';
import { truncate } from '../terminal/width.js';
import { describeFailure } from './failureText.js';
import { tint, useTheme } from './theme.js';
import { glyphs } from '../terminal/glyphs.js';


/** `hint`: what to do instead of the general advice, where the screen knows better. */
export function ErrorBar({ error, width, hint }: { error: ApiFailure; width: number; hint?: string }): React.JSX.Element {
  const theme = useTheme();
  const text = describeFailure(error);
  if (hint) text.hint = hint;
  return (
    <Box flexDirection="column" width={width}>
      <Text {...tint(theme, 'red')} bold wrap="truncate">
        {truncate(`${glyphs().cross} ${text.headline}`, width)}
      </Text>
      <Text wrap="truncate">{truncate(`  ${text.detail}`, width)}</Text>
      <Text {...tint(theme, 'yellow')} wrap="truncate">
        {truncate(`  ${text.hint}`, width)}
      </Text>
    </Box>
  );
}
