// The current list's failure, under the rows that were last good.
import { Box, Text } from 'ink';
import type { ApiFailure } from '../api/errors.js';
import { truncate } from '../terminal/width.js';
import { adviceKeys, describeFailure } from './failureText.js';
import { useKeys } from './SessionContext.js';
import { tint, useTheme } from './theme.js';
import { glyphs } from '../terminal/glyphs.js';


interface Props {
  error: ApiFailure;
  width: number;
  /** A page step failed while an earlier page stays on screen: say which is which. */
  step?: { failed: number; showing: number };
  /** What to do instead of the general advice, where the screen knows better. */
  hint?: string;
}

export function ErrorBar({ error, width, step, hint: screenHint }: Props): React.JSX.Element {
  const theme = useTheme();
  const text = describeFailure(error, adviceKeys(useKeys()));
  const sep = glyphs().separator;
  const advice = screenHint ?? text.hint;
  const headline = step ? `page ${step.failed} failed: ${text.headline}` : text.headline;
  const hint = step ? `showing page ${step.showing} ${sep} ${advice}` : advice;
  return (
    <Box flexDirection="column" width={width}>
      <Text {...tint(theme, 'red')} bold wrap="truncate">
        {truncate(`${glyphs().cross} ${headline}`, width)}
      </Text>
      <Text wrap="truncate">{truncate(`  ${text.detail}`, width)}</Text>
      <Text {...tint(theme, 'yellow')} wrap="truncate">
        {truncate(`  ${hint}`, width)}
      </Text>
    </Box>
  );
}
