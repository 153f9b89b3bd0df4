// Where you are: the navigation stack, and the tabs of a user screen.
import { Box, Text } from 'ink';
import { formatCount } from '../content/format.js';
import { currentList, currentScreen, listKey } from '../store/selectors.js';
import { listDef } from '../lists/registry.js';
import { LIST_NAMES, USER_TABS, type UserTab } from '../lists/names.js';
import type { ListState, Screen } from '../store/types.js';
import { displayText, settle } from '../terminal/settle.js';
import { idText } from '../terminal/sanitize.js';
import { displayWidth, truncate } from '../terminal/width.js';
import { useAppStore } from './StoreContext.js';
import { tint, useTheme } from './theme.js';
import { glyphs } from '../terminal/glyphs.js';

function crumb(screen: Screen): string {
  if (screen.name === 'user') return settle(idText(screen.userID));
  // A drill-down list says its own step (`History of si_a_b`): the row it was opened from.
  if (screen.name === 'drill') return displayText(listDef(screen.kind).drill?.crumb(screen.query) ?? LIST_NAMES[screen.kind].title);
  return LIST_NAMES[screen.name].title;
}

/**
 * The stack as "Users › a › b". When space runs out the steps between the list and the screen on
 * top go first ("Users › … › b"): the list's name says where the operator is, whatever the width.
 */
export function crumbText(nav: readonly Screen[], width: number): string {
  // Each step cut to the width first: a user ID can be 100k characters, and measuring the whole
  // path on every frame would take longer than the frame.
  const path = nav.map((screen) => truncate(crumb(screen), width));
  const sep = ` ${glyphs().crumb} `;
  let text = path.join(sep);
  while (path.length > 2 && displayWidth(text) > width) {
    path.splice(1, 1);
    text = [path[0], glyphs().ellipsis, ...path.slice(1)].join(sep);
  }
  // Cut at the end if it must: the list's name, first, stays.
  return truncate(text, width);
}

/** `search "kar" · 12 matches` while a list is narrowed by a query that names itself here (lists/<list>.ts `query.crumb`); '' otherwise. */
export function queryCrumb(list: ListState | undefined): string {
  const spec = list && listDef(list.kind).query;
  if (!list || !spec?.crumb || !spec.narrowed(list.query)) return '';
  const outcome = list.loading
    ? `searching${glyphs().ellipsis}`
    : list.error
      ? 'failed'
      : `${list.totalExact || list.knownLastPage !== undefined ? '' : glyphs().atLeast}${formatCount(list.total)} ${list.total === 1 ? 'match' : 'matches'}`;
  return `${spec.crumb(list.query)} ${glyphs().separator} ${outcome}`;
}

/** How much of each tab's name shows: the title, the short title, or (narrower still) the key alone beside the active tab's short title. */
type TabWords = 'long' | 'short' | 'keys';

function tabLabel(tab: UserTab, i: number, active: boolean, words: TabWords): string {
  const title = words === 'long' ? LIST_NAMES[tab].title : words === 'short' || active ? LIST_NAMES[tab].shortTitle : '';
  const label = title ? `${i + 1} ${title}` : `${i + 1}`;
  return active ? `[${label}]` : ` ${label} `;
}

export function Breadcrumb({ width }: { width: number }): React.JSX.Element {
  const theme = useTheme();
  const nav = useAppStore((s) => s.nav);
  const top = useAppStore((s) => currentScreen(s));
  // What the tab on screen adds after the tabs (lists/<list>.ts `tabNote`: the conversations' unread total).
  const tabNote = useAppStore((s) => (top.name === 'user' ? listDef(top.tab).tabNote?.(s.lists[listKey(top.tab, top.userID)]?.extra) : undefined));
  const search = useAppStore((s) => queryCrumb(currentList(s)));
  if (top.name !== 'user') {
    const sep = ` ${glyphs().crumb} `;
    // The search wins the room: it is what the rows on screen answer.
    const path = search ? crumbText(nav, Math.max(12, width - displayWidth(search) - sep.length)) + sep : '';
    return (
      <Text bold={theme.color} wrap="truncate">
        {search ? truncate(path + search, width) : crumbText(nav, width)}
      </Text>
    );
  }
  // A tab narrowed by its query (`c`, `!`) says so where its unread total goes: it is what the rows answer.
  const unreadText = search ? ` ${search}` : tabNote ? ` ${tabNote}` : '';
  // The user on screen is shown whole before the unread total, and before long tab names.
  // The list it came from first, then the user: `Users › … › user_000001` (crumbText's shortest form).
  const userWidth =
    Math.min(40, displayWidth(crumb(top))) + (nav.length > 1 ? displayWidth(crumb(nav[0]!)) + 3 : 0) + (nav.length > 2 ? 4 : 0);
  const tabsWidth = (words: TabWords, withUnread: boolean): number =>
    USER_TABS.reduce((n, tab, i) => n + tabLabel(tab, i, tab === top.tab, words).length, 0) + (withUnread ? unreadText.length : 0);
  const fits = (words: TabWords, withUnread: boolean): boolean => userWidth + 1 + tabsWidth(words, withUnread) <= width;
  const short: TabWords = width >= 110 && fits('long', true) ? 'long' : fits('short', search !== '') ? 'short' : 'keys';
  const unread = fits(short, true) || search ? unreadText : '';
  const crumbs = crumbText(nav, Math.max(12, width - tabsWidth(short, unread !== '') - 1));
  return (
    <Box width={width}>
      <Text bold={theme.color} wrap="truncate">
        {crumbs}{' '}
      </Text>
      <Text wrap="truncate">
        {USER_TABS.map((tab, i) => {
          const active = tab === top.tab;
          return (
            <Text key={tab} inverse={active && theme.color} bold={active} {...(active ? tint(theme, 'cyan') : {})}>
              {tabLabel(tab, i, active, short)}
            </Text>
          );
        })}
        {unread}
      </Text>
    </Box>
  );
}
