// The line at the top of a user screen: the user's summary as the store has it so far.
import { Text } from 'ink';
import { userSummaryLine } from '../layout/userSummaryLine.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';

const TONE_COLOR = { plain: 'cyan', note: 'yellow', error: 'red' } as const;

export function UserSummaryBar({ userID, width }: { userID: string; width: number }): React.JSX.Element {
  const theme = useTheme();
  const summary = useAppStore((s) => s.summaries[userID]);
  const line = userSummaryLine(summary, width);
  return (
    <Text {...tint(theme, TONE_COLOR[line.tone])} bold={line.tone !== 'plain'} wrap="truncate">
      {line.text}
    </Text>
  );
}
