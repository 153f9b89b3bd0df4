// Reading the state: the screen on top, its list, the row under the cursor. Components and keys
// use these instead of building list keys or walking the stack themselves.
import { TOP_LISTS, type ListKind, type UserTab } from '../lists/names.js';
import { listDef } from '../lists/registry.js';
import type { ScreenKind } from '../lists/names.js';
import { shownRows } from '../domain/pageSort.js';
import type { AnyRow } from '../api/pages.js';
import type { AppState, ListState, Screen } from './types.js';

/** The store's key of a list: one per screen, and per user and tab on a user screen. */
export function listKey(kind: ListKind, userID?: string): string {
  return userID === undefined ? kind : `${kind}:${userID}`;
}

/**
 * The list key of a screen. A drill-down list's names its parent row too (its definition's
 * `drill.parent`): two conversations' histories are two lists, each keeping its page and row.
 */
export function listKeyFor(screen: Screen): string {
  if (screen.name === 'user') return listKey(screen.tab, screen.userID);
  if (screen.name === 'drill') return `${listKey(screen.kind, screen.ownerID)}>${listDef(screen.kind).drill?.parent(screen.query) ?? ''}`;
  return listKey(screen.name);
}

/** The list a screen shows: a top-level list, a user screen's tab, a drill-down list. */
export function screenList(screen: Screen): ListKind {
  return screen.name === 'user' ? screen.tab : screen.name === 'drill' ? screen.kind : screen.name;
}

/** What a screen is for its keys' scopes and its geometry: a user screen, else the list it shows. */
export function screenScope(screen: Screen): ScreenKind {
  return screen.name === 'user' ? 'user' : screenList(screen) as Exclude<ListKind, UserTab>;
}

/** Where the explorer starts: the registry's first top-level list. */
export const HOME: Screen = { name: TOP_LISTS[0]! };

export function currentScreen(state: AppState): Screen {
  return state.nav[state.nav.length - 1] ?? HOME;
}

/**
 * The lines that stand above the table on this screen: the user's summary line, or the notice every
 * page of a drill-down list carries (a history's read state), as many lines as its definition says
 * its query's notice has (a single chat's: two). Known before the page arrives, so the page asked
 * for is the page that fits.
 */
function linesAboveTable(screen: Screen): number {
  if (screen.name === 'user') return 1;
  if (screen.name !== 'drill') return 0;
  const standing = listDef(screen.kind).standingNotice;
  if (standing === undefined) return 0;
  return standing === true ? 1 : Math.max(1, standing(screen.query, screen.ownerID));
}

/** The rows that fit on this screen: `userPageFit` fits one line above the table; each further line takes a row. */
function fitFor(state: Pick<AppState, 'pageFit' | 'userPageFit'>, screen: Screen): number {
  const above = linesAboveTable(screen);
  return above === 0 ? state.pageFit : Math.max(1, state.userPageFit - (above - 1));
}

/** Rows per page of a list on this screen: the size chosen, else the rows that fit there. */
export function pageSizeFor(state: Pick<AppState, 'pageSize' | 'pageSizeFixed' | 'pageFit' | 'userPageFit'>, screen: Screen): number {
  return !state.pageSizeFixed && linesAboveTable(screen) > 0 ? fitFor(state, screen) : state.pageSize;
}

/** The rows that fit on this screen, a step of `+`/`-`. */
export function pageFitFor(state: Pick<AppState, 'pageFit' | 'userPageFit'>, screen: Screen): number {
  return fitFor(state, screen);
}

export function currentList(state: AppState): ListState | undefined {
  return state.lists[listKeyFor(currentScreen(state))];
}

export function selectedRow(state: AppState): AnyRow | undefined {
  const list = currentList(state);
  return list ? shownRows(list)[list.cursor] : undefined;
}

/** The nickname of the user whose screen this is, once the summary knows it (their own messages read as theirs). */
export function ownerName(state: AppState, userID: string | undefined): string | undefined {
  if (userID === undefined) return undefined;
  const profile = state.summaries[userID]?.profile;
  return profile?.state === 'ok' && profile.value.kind === 'user' ? profile.value.user.nickname || undefined : undefined;
}

/**
 * What is open on the screen, as plain values: what layout/frame.ts's `screenGeometry` needs
 * besides the terminal's size (its `ScreenState`). The pane counts as open only on a row.
 */
export function openRegions(state: AppState): {
  screen: ScreenKind;
  detail: 'closed' | 'split' | 'full';
  prompt: boolean;
  help: boolean;
  error: boolean;
  notice: boolean;
  noticeLines: number;
  chart: number;
} {
  const list = currentList(state);
  const paneOpen = state.detail.open && selectedRow(state) !== undefined;
  return {
    screen: screenScope(currentScreen(state)),
    detail: !paneOpen ? 'closed' : state.detail.full ? 'full' : 'split',
    prompt: state.prompt !== null,
    help: state.help,
    error: Boolean(list?.error),
    notice: Boolean(list?.notice),
    noticeLines: list?.notice ? list.notice.split('\n').length : 0,
    chart: list ? (listDef(list.kind).chart?.lines ?? 0) : 0,
  };
}
