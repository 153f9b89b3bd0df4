// The keys that work here, from the keymap itself: a binding that can do nothing now is left out (help says why).
import { Text } from 'ink';
import type { Scope } from '../keys/binding.js';
import { useShallow } from 'zustand/react/shallow';
import { useKeys } from './SessionContext.js';
import { useAppStore } from './StoreContext.js';
import { truncate } from '../terminal/width.js';
import { tint, useTheme } from './theme.js';

export function Footer({ scopes, width }: { scopes: readonly Scope[]; width: number }): React.JSX.Element {
  const theme = useTheme();
  const keys = useKeys();
  const unavailable = useAppStore(useShallow(keys.unavailableHere));
  const hints = keys.hintsFor(scopes, unavailable);
  // Drop hints from the end until the line fits; `? help` always stays.
  let line = hints.join('  ');
  while (line.length > width && hints.length > 1) {
    hints.splice(hints.length - 3, 1);
    line = hints.join('  ');
  }
  return (
    <Text {...tint(theme, 'gray')} wrap="truncate">
      {truncate(line, width)}
    </Text>
  );
}
