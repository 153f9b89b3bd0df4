// Where you are: the navigation stack, and the tabs of a user screen.
import { Box, Text } from 'ink';
import { formatCount } from '../content/format.js';
import { currentScreen } from '../store/store.js';
import { USER_TABS, type Screen, type UserTab } from '../store/types.js';
import { sanitize } from '../terminal/sanitize.js';
import { truncate } from '../terminal/width.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';

export const TAB_TITLES: Record<UserTab, string> = {
  conversations: 'Conversations',
  blacklist: 'Blacklist',
  applications: 'Sent applications',
};

function crumb(screen: Screen): string {
  switch (screen.name) {
    case 'users':
      return 'Users';
    case 'accounts':
      return 'System accounts';
    case 'user':
      return `User ${sanitize(screen.userID)}`;
  }
}

export function Breadcrumb({ width }: { width: number }): React.JSX.Element {
  const theme = useTheme();
  const nav = useAppStore((s) => s.nav);
  const top = useAppStore((s) => currentScreen(s));
  const unreadTotal = useAppStore((s) =>
    top.name === 'user' ? s.lists[`conversations:${top.userID}`]?.extra?.unreadTotal : undefined,
  );
  // Deep stacks keep their most recent steps.
  const path = nav.map(crumb);
  let text = path.join(' › ');
  while (path.length > 2 && text.length > width / 2) {
    path.splice(0, 1);
    text = '… › ' + path.join(' › ');
  }
  return (
    <Box width={width}>
      <Text bold={theme.color} wrap="truncate">
        {truncate(text, Math.max(10, Math.floor(width / 2)))}
      </Text>
      {top.name === 'user' ? (
        <Text wrap="truncate">
          {'  '}
          {USER_TABS.map((tab, i) => {
            const active = tab === top.tab;
            const label = `${i + 1} ${TAB_TITLES[tab]}`;
            return (
              <Text key={tab} inverse={active && theme.color} bold={active} {...(active ? tint(theme, 'cyan') : {})}>
                {active ? `[${label}]` : ` ${label} `}
              </Text>
            );
          })}
          {top.tab === 'conversations' && unreadTotal !== undefined ? `  unread ${formatCount(unreadTotal)}` : ''}
        </Text>
      ) : null}
    </Box>
  );
}
