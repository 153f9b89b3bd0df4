// Every action of the explorer, once: its name, keys, where it works, what help says of it, and
// what it does. Dispatch, the footer, help and the Keys table (docs/keys.md) (scripts/keysTable.ts) all read
// this table, so what they say can never drift from what the keys do. A list's own keys are its
// definition's (lists/<list>.ts `keys`): they become rows here.
import type { ListKind } from '../lists/names.js';
import { detailScroll } from '../layout/detailScroll.js';
import { opensDetailFull } from '../layout/frame.js';
import { LIST_KINDS, LIST_NAMES, TOP_LISTS, USER_TABS, type TopList } from '../lists/names.js';
import { LISTS, listDef } from '../lists/registry.js';
import { BODY_SCREENS } from '../store/bodyScreens.js';
import { currentList, currentScreen, selectedRow } from '../store/selectors.js';
import type { AppState } from '../store/types.js';
import type { BindingSpec, KeyContext } from './binding.js';
import { detailEdge, detailPaneOf, jumpToMatch } from './detailKeys.js';
import { PROMPT_BINDINGS } from './promptKeys.js';
import { TRACE_BINDINGS, TRACE_ROW_BINDINGS } from './traceKeys.js';
import { CLUSTER_BINDINGS } from './clusterKeys.js';

const state = (ctx: KeyContext) => ctx.store.getState();

/** Why a key that reads the selected row does nothing (a `d` on an empty page, or one the filter emptied). */
export const NO_ROW = 'no row is shown here';
const needsRow = (s: AppState): string | undefined => (selectedRow(s) ? undefined : NO_ROW);

/** Scrolls help to `line`, kept within what help has. */
function helpTo(ctx: KeyContext, line: (scroll: number, view: { maxScroll: number; page: number }) => number): void {
  const s = state(ctx);
  const view = ctx.helpView();
  const to = line(s.helpScroll, { maxScroll: view.maxScroll, page: Math.max(1, view.visible - 1) });
  s.scrollHelp(Math.min(view.maxScroll, Math.max(0, to)));
}

/** The action names of the lists' own keys, as their definitions spell them. */
type ListKeyAction = {
  [K in ListKind]: (typeof LISTS)[K] extends { keys: readonly (infer Key)[] } ? (Key extends { action: infer A } ? A : never) : never;
}[ListKind];

/** Each list's own keys as rows, scoped to the list, in the registry's order. */
const listKeys = LIST_KINDS.flatMap((kind) =>
  (listDef(kind).keys ?? []).map((key) => ({
    // The list's definition spelled this name: it is one of ListKeyAction.
    action: key.action as ListKeyAction,
    keys: key.keys,
    ...(key.hint === undefined ? {} : { hint: { label: key.hint } }),
    description: key.description,
    scope: kind,
    ...('openPrompt' in key.run ? {} : { disabled: needsRow }),
    run: (c: KeyContext) => runListKey(c, key.run),
  })),
);

/** A list key's run: its prompt, or another list opened with what the selected row says (lists/types.ts ListKey). */
function runListKey(c: KeyContext, run: NonNullable<ReturnType<typeof listDef>['keys']>[number]['run']): void {
  const s = state(c);
  if ('openPrompt' in run) return s.openPrompt(run.openPrompt);
  if ('toggle' in run) {
    const list = currentList(s);
    return list ? s.setQuery(run.toggle(list.query)) : undefined;
  }
  const row = selectedRow(s);
  const text = row ? run.text(row, currentList(s)?.userID) : undefined;
  if (text !== undefined) s.openSearch(run.search, text);
}

/** The top-level lists' keys on a user screen (lists/<list>.ts `fromUser`), as their definitions spell them. */
type FromUserAction = {
  [K in TopList]: (typeof LISTS)[K] extends { fromUser: { action: infer A } } ? A : never;
}[TopList];

/** A top-level list opened over a user's screen, narrowed to that user (`M`: the messages the user sent). */
const fromUserKeys = TOP_LISTS.flatMap((kind) => {
  const key = listDef(kind).fromUser;
  if (!key) return [];
  return [
    {
      action: key.action as FromUserAction,
      keys: key.keys,
      ...(key.hint === undefined ? {} : { hint: { label: key.hint } }),
      description: key.description,
      scope: 'user',
      run: (c: KeyContext) => {
        const screen = currentScreen(state(c));
        if (screen.name === 'user') state(c).openSearch(kind, key.text(screen.userID));
      },
    } as const,
  ];
});

/** The top-level lists that declare a key of their own (lists/<list>.ts `jump.key`): its action is the list's kind. */
type JumpAction = {
  [K in TopList]: (typeof LISTS)[K] extends { jump: { key: object } } ? K : never;
}[TopList];

/** A top-level list's key, from anywhere (`a`: system accounts), as its definition declares it. */
const jumpKeys = TOP_LISTS.flatMap((kind) => {
  const key = listDef(kind).jump?.key;
  if (!key) return [];
  return [
    {
      // The definition declared a key: this kind is one of JumpAction.
      action: kind as JumpAction,
      keys: key.keys,
      ...(key.hint === undefined ? {} : { hint: { label: key.hint } }),
      description: key.description,
      scope: 'global',
      atOnce: true,
      run: (c: KeyContext) => state(c).goTo(kind),
    } as const,
  ];
});

/** The list key whose prompt finds users by name (lists/<list>.ts `findsUsersByName`), and its scope. */
export const USER_NAME_SEARCH = LIST_KINDS.flatMap((kind) =>
  (listDef(kind).keys ?? []).filter((key) => key.findsUsersByName).map((key) => ({ action: key.action as ListKeyAction, scope: kind })),
)[0];

/**
 * The key of the user screen's tab `n`: the n-th of the lists that are one user's (lists/names.ts).
 * One per tab, generated: `tab1` to `tab9` (the names the config file rebinds), keys `1` to `9`.
 */
type TabNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
const tabKey = (n: TabNumber) => {
  const tab = USER_TABS[n - 1]!;
  return {
    action: `tab${n}` as `tab${TabNumber}`,
    keys: [String(n)],
    description: `${LIST_NAMES[tab].help} tab`,
    scope: 'user',
    atOnce: true,
    run: (c: KeyContext) => state(c).setTab(tab),
  } as const;
};

/**
 * Whether `q` here quits (or, during an export, asks whether to): nothing to close, no screen to
 * go back to. That path is never kept behind a page that loads (keys/typeAhead.ts).
 */
export function quitsFromHere(s: Pick<AppState, 'exporting' | 'detail' | 'nav'>): boolean {
  return s.exporting !== null || (!(s.detail.open && s.detail.full) && s.nav.length <= 1);
}

export const BINDINGS = [
  { action: 'down', keys: ['j', 'down'], hint: { actions: ['down', 'up'], label: 'move' }, description: 'move down', scope: 'list', run: (c) => state(c).moveCursor(1) },
  { action: 'up', keys: ['k', 'up'], description: 'move up', scope: 'list', run: (c) => state(c).moveCursor(-1) },
  { action: 'first', keys: ['g', 'home'], description: 'first row', scope: 'list', run: (c) => state(c).cursorTo('first') },
  { action: 'last', keys: ['G', 'end'], description: 'last row', scope: 'list', run: (c) => state(c).cursorTo('last') },
  {
    action: 'nextPage',
    atOnce: true,
    keys: ['n', 'pagedown', ']', 'right'],
    hint: { actions: ['nextPage', 'prevPage'], label: 'page' },
    description: 'next page',
    scope: 'list',
    run: (c) => state(c).nextPage(),
  },
  { action: 'prevPage', keys: ['p', 'pageup', '[', 'left'], atOnce: true, description: 'previous page', scope: 'list', run: (c) => state(c).prevPage() },
  { action: 'firstPage', keys: ['<'], atOnce: true, description: 'first page', scope: 'list', run: (c) => state(c).firstPage() },
  {
    action: 'lastPage',
    keys: ['>'],
    description: 'last page (conversations, whose total is an estimate: the last page it counts, then one further)',
    scope: 'list',
    run: (c) => state(c).lastPage(),
  },
  {
    action: 'biggerPage',
    keys: ['+', '='],
    description: 'more rows per page (10, 20, 50, 100, and the rows that fit); the selected row stays selected',
    scope: 'list',
    run: (c) => state(c).changePageSize(1),
  },
  {
    action: 'smallerPage',
    keys: ['-', '_'],
    description: 'fewer rows per page; the selected row stays selected',
    scope: 'list',
    run: (c) => state(c).changePageSize(-1),
  },
  {
    action: 'open',
    keys: ['enter'],
    hint: { label: 'open' },
    description: "open the row: the user it names, the list it opens (a conversation's history), else its detail",
    scope: 'list',
    disabled: needsRow,
    run: (c) => {
      const wasOpen = state(c).detail.open;
      state(c).openRow();
      // Enter opened the detail (not a user): below 30 rows it reads full screen.
      if (!wasOpen && state(c).detail.open && opensDetailFull(c.terminal)) state(c).patchDetail({ full: true });
    },
  },
  {
    action: 'detail',
    keys: ['d'],
    hint: { label: 'detail' },
    description: 'show or hide the detail pane',
    scope: 'list',
    // Closing it needs no row (a filter may have left none).
    disabled: (s) => (s.detail.open ? undefined : needsRow(s)),
    run: (c) => state(c).toggleDetail(opensDetailFull(c.terminal)),
  },
  {
    action: 'scrollDown',
    keys: ['J', ' '],
    hint: { actions: ['scrollDown', 'scrollUp'], label: 'scroll' },
    description: 'scroll the detail pane down',
    scope: 'detail',
    run: (c) => {
      const s = state(c);
      const pane = detailScroll(detailPaneOf(s, c.terminal), s.detail.scroll, c.color);
      s.scrollDetail(Math.min(pane.pageSize, pane.maxScroll - s.detail.scroll));
    },
  },
  {
    action: 'scrollUp',
    keys: ['K', 'b'],
    description: 'scroll the detail pane up',
    scope: 'detail',
    run: (c) => {
      const s = state(c);
      s.scrollDetail(-Math.min(detailScroll(detailPaneOf(s, c.terminal), s.detail.scroll, c.color).pageSize, s.detail.scroll));
    },
  },
  {
    action: 'detailFull',
    keys: ['f'],
    hint: { label: 'full' },
    fullHint: { label: 'split' },
    description: 'detail: split pane or full screen (full below 30 rows)',
    scope: 'detail',
    run: (c) => state(c).toggleDetailFull(),
  },
  // Full screen only: in the split pane these keys stay the list's (scopesFor).
  {
    action: 'detailSearch',
    keys: ['/'],
    hint: { label: 'find' },
    description: 'full-screen detail: search its text',
    scope: 'detail',
    run: (c) => state(c).openPrompt('detailSearch'),
  },
  { action: 'nextMatch', keys: ['n'], hint: { actions: ['nextMatch', 'prevMatch'], label: 'match' }, description: 'full-screen detail: next match', scope: 'detail', run: (c) => jumpToMatch(c.store, c, 1) },
  { action: 'prevMatch', keys: ['N'], description: 'full-screen detail: previous match', scope: 'detail', run: (c) => jumpToMatch(c.store, c, -1) },
  { action: 'detailTop', keys: ['g', 'home'], description: 'full-screen detail: top', scope: 'detail', run: (c) => detailEdge(c.store, c, 'top') },
  {
    action: 'detailBottom',
    keys: ['G', 'end'],
    description: 'full-screen detail: bottom',
    scope: 'detail',
    run: (c) => detailEdge(c.store, c, 'bottom'),
  },
  { action: 'nextTab', keys: ['tab'], atOnce: true, hint: { actions: ['nextTab', ['tab1', `tab${USER_TABS.length}`]], label: 'tabs' }, description: 'next tab', scope: 'user', run: (c) => state(c).cycleTab(1) },
  { action: 'prevTab', keys: ['shift+tab'], atOnce: true, description: 'previous tab', scope: 'user', run: (c) => state(c).cycleTab(-1) },
  ...USER_TABS.slice(0, 9).map((_, i) => tabKey((i + 1) as TabNumber)),
  // Here, where the footer lists them: after the tabs, before every list's `o` and `/`.
  ...listKeys,
  ...fromUserKeys,
  { action: 'openUser', keys: ['o'], hint: { label: 'user' }, description: 'open the user this row names', scope: 'list', disabled: needsRow, run: (c) => state(c).openNamedUser() },
  { action: 'filter', keys: ['/'], hint: { label: 'filter' }, description: 'filter the rows of this page', scope: 'list', run: (c) => state(c).openPrompt('filter') },
  { action: 'copy', keys: ['y'], description: 'copy the row as JSON, on one line, to the clipboard (OSC 52)', scope: 'list', disabled: needsRow, run: (c) => state(c).copyRow() },
  {
    action: 'copyID',
    keys: ['Y'],
    description: "copy the row's ID: a user ID, or a conversation's ID (OSC 52)",
    scope: 'list',
    disabled: needsRow,
    run: (c) => state(c).copyRowID(),
  },
  {
    action: 'copyCurl',
    atOnce: true,
    keys: ['C'],
    description: 'copy the curl command that fetches this page, the token as $OPENIM_TOKEN (OSC 52)',
    scope: 'list',
    run: (c) => state(c).copyCurl(),
  },
  {
    action: 'exportJson',
    atOnce: true,
    keys: ['e'],
    description: (key) => `export every page of this list to a JSON file: its name first, a question over 100,000 rows (${key('back')}, then ${key('answerYes')}, cancels)`,
    scope: 'list',
    run: (c) => state(c).exportView('json'),
  },
  {
    action: 'exportCsv',
    atOnce: true,
    keys: ['E'],
    description: (key) => `export every page of this list to a CSV file: its name first, a question over 100,000 rows (${key('back')}, then ${key('answerYes')}, cancels)`,
    scope: 'list',
    run: (c) => state(c).exportView('csv'),
  },
  ...TRACE_ROW_BINDINGS,
  { action: 'reload', keys: ['r'], atOnce: true, description: 'reload this page from the server', scope: 'list', run: (c) => state(c).reload() },
  {
    action: 'live',
    atOnce: true,
    keys: ['w'],
    hint: { label: 'live' },
    description: 'live view: refresh this page on an interval, mark what changed',
    scope: 'list',
    run: (c) => state(c).toggleLive(),
  },
  ...jumpKeys,
  { action: 'userPicker', keys: ['u'], atOnce: true, hint: { label: 'pick user' }, description: 'pick a user by ID', scope: 'global', run: (c) => state(c).openPrompt('user') },
  {
    action: 'command',
    atOnce: true,
    keys: [':'],
    hint: { label: 'cmd' },
    description: `command: ${TOP_LISTS.map((kind) => LIST_NAMES[kind].command).join(', ')}, user ID, page N, profile NAME, sort [-]FIELD (this page only)`,
    scope: 'global',
    run: (c) => state(c).openPrompt('command'),
  },
  {
    action: 'back',
    keys: ['escape', 'backspace', 'h'],
    hint: { label: 'back' },
    description: `closes what is in front, one per press: the prompt, ${BODY_SCREENS.map((s) => s.title.toLowerCase()).join(', ')}, a member search walking, a page still loading, the detail search, the full-screen detail, the pane, the filter; then the screen`,
    scope: 'global',
    run: (c) => state(c).escape(),
  },
  { action: 'help', keys: ['?'], atOnce: true, hint: { label: 'help' }, description: 'this help', scope: 'global', run: (c) => state(c).toggleHelp() },
  {
    action: 'messageLog',
    keys: ['L'],
    description: (key) => `the last 50 messages of the status line, newest first (also :log); ${key('logClose')} closes`,
    scope: 'global',
    run: (c) => state(c).openLog(),
  },
  {
    action: 'quit',
    keys: ['q', 'ctrl+c'],
    hint: { label: 'quit' },
    description: 'back one step in the history; closes a full-screen detail; quits from a top-level list (Ctrl-C quits anywhere); during an export, asks first',
    scope: 'global',
    run: (c) => {
      const s = state(c);
      // Quitting abandons a running export: `q` asks first, a second `q` quits.
      if (s.exporting) return s.exporting.quitAsked ? s.quit() : s.askQuitDuringExport();
      if (quitsFromHere(s)) return s.quit();
      // A full-screen detail is a view of its row, not a screen: q closes it (store/history.ts).
      if (s.detail.open && s.detail.full) s.toggleDetail();
      else s.back();
    },
  },
  { action: 'helpDown', keys: ['j', 'down'], hint: { actions: ['helpDown', 'helpUp'], label: 'line' }, description: 'scroll help down a line', scope: 'help', run: (c) => helpTo(c, (at) => at + 1) },
  { action: 'helpUp', keys: ['k', 'up'], description: 'scroll help up a line', scope: 'help', run: (c) => helpTo(c, (at) => at - 1) },
  {
    action: 'helpPageDown',
    keys: ['n', 'pagedown', ' ', 'J'],
    hint: { actions: ['helpPageDown', 'helpPageUp'], label: 'screen' },
    description: 'scroll help down a screen',
    scope: 'help',
    run: (c) => helpTo(c, (at, v) => at + v.page),
  },
  {
    action: 'helpPageUp',
    keys: ['p', 'pageup', 'b', 'K'],
    description: 'scroll help up a screen',
    scope: 'help',
    run: (c) => helpTo(c, (at, v) => at - v.page),
  },
  { action: 'helpTop', keys: ['g', 'home'], hint: { actions: ['helpTop', 'helpBottom'], label: 'top/end' }, description: 'top of help', scope: 'help', run: (c) => helpTo(c, () => 0) },
  { action: 'helpBottom', keys: ['G', 'end'], description: 'bottom of help', scope: 'help', run: (c) => helpTo(c, (_, v) => v.maxScroll) },
  { action: 'helpClose', keys: ['?', 'escape', 'q'], hint: { label: 'close' }, description: 'close help', scope: 'help', run: (c) => state(c).toggleHelp() },
  { action: 'logDown', keys: ['j', 'down'], description: 'scroll the message log down a message', scope: 'log', run: (c) => state(c).scrollLog(1) },
  { action: 'logUp', keys: ['k', 'up'], description: 'scroll the message log up a message', scope: 'log', run: (c) => state(c).scrollLog(-1) },
  { action: 'logPageDown', keys: [' ', 'pagedown'], description: 'scroll the message log down 10', scope: 'log', run: (c) => state(c).scrollLog(10) },
  { action: 'logPageUp', keys: ['b', 'pageup'], description: 'scroll the message log up 10', scope: 'log', run: (c) => state(c).scrollLog(-10) },
  { action: 'logTop', keys: ['g'], description: 'the newest message', scope: 'log', run: (c) => state(c).scrollLog('top') },
  { action: 'logBottom', keys: ['G'], description: 'the oldest message', scope: 'log', run: (c) => state(c).scrollLog('bottom') },
  { action: 'logClose', keys: ['escape', 'q', 'L'], description: 'close the message log', scope: 'log', run: (c) => state(c).closeLog() },
  ...TRACE_BINDINGS,
  ...CLUSTER_BINDINGS,
  ...PROMPT_BINDINGS,
] as const satisfies readonly BindingSpec[];

/** An action's name, as help lists it and the config file names it. */
export type Action = (typeof BINDINGS)[number]['action'];

export type Binding = BindingSpec<Action>;
