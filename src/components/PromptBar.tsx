// The one-line input for `:` commands, the user picker, keyword search, conversation IDs and the
// page filter. Esc and Tab are handled by the root key handler; text editing by ink-text-input.
import { Box, Text } from 'ink';
import TextInput from 'ink-text-input';
import { commandCandidates } from '../store/commands.js';
import type { PromptKind } from '../store/types.js';
import { displayText } from '../terminal/settle.js';
import { truncate } from '../terminal/width.js';
import { useActions, useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';
import { glyphs } from '../terminal/glyphs.js';

const LABELS: Record<PromptKind, string> = {
  command: ':',
  user: 'user ID: ',
  search: 'exact userID or nickname (empty: all): ',
  conversations: 'conversation IDs, comma separated (empty: all): ',
  filter: '/',
};

export const PROMPT_HEIGHT = 2;

export function PromptBar({ width }: { width: number }): React.JSX.Element | null {
  const theme = useTheme();
  const prompt = useAppStore((s) => s.prompt);
  const recentUsers = useAppStore((s) => s.recentUsers);
  const actions = useActions();
  if (!prompt) return null;
  const label = LABELS[prompt.kind];
  let hint = `Enter to apply ${glyphs().separator} Esc to cancel`;
  if (prompt.kind === 'command') {
    const candidates = commandCandidates(prompt.value);
    hint = candidates.length > 0 ? `${candidates.join('  ')}   (Tab completes)` : `Enter to run ${glyphs().separator} Esc to cancel`;
  } else if (prompt.kind === 'user') {
    hint = recentUsers.length > 0 ? `recent: ${recentUsers.map((id) => displayText(id)).join('  ')}   (Tab completes)` : 'no recent users yet';
  } else if (prompt.kind === 'filter') {
    hint = `narrows the rows of this page as you type ${glyphs().separator} Enter keeps it ${glyphs().separator} Esc clears it`;
  }
  return (
    <Box flexDirection="column" width={width}>
      <Box>
        <Text bold {...tint(theme, 'cyan')}>
          {label}
        </Text>
        <TextInput value={prompt.value} onChange={actions.setPromptValue} onSubmit={actions.submitPrompt} showCursor />
      </Box>
      <Text {...tint(theme, 'gray')} wrap="truncate">
        {truncate(hint, width)}
      </Text>
    </Box>
  );
}
