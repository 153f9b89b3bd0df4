// The one keymap: every action, its keys and what it does. The input handler, the footer and the
// help overlay all read this table, so what they say can never drift from what the keys do.
import { glyphs } from '../terminal/glyphs.js';

export type Action =
  | 'down'
  | 'up'
  | 'first'
  | 'last'
  | 'nextPage'
  | 'prevPage'
  | 'biggerPage'
  | 'smallerPage'
  | 'open'
  | 'detail'
  | 'back'
  | 'nextTab'
  | 'prevTab'
  | 'tab1'
  | 'tab2'
  | 'tab3'
  | 'userPicker'
  | 'command'
  | 'filter'
  | 'search'
  | 'conversationFilter'
  | 'openUser'
  | 'copy'
  | 'exportJson'
  | 'exportCsv'
  | 'reload'
  | 'live'
  | 'help'
  | 'quit'
  | 'accounts'
  | 'scrollDown'
  | 'scrollUp'
  | 'firstPage'
  | 'lastPage'
  | 'copyID'
  | 'helpDown'
  | 'helpUp'
  | 'helpPageDown'
  | 'helpPageUp'
  | 'helpTop'
  | 'helpBottom'
  | 'helpClose'
  | 'detailFull'
  | 'detailSearch'
  | 'nextMatch'
  | 'prevMatch'
  | 'detailTop'
  | 'detailBottom';

/** Where a binding works. */
export type Scope = 'global' | 'list' | 'users' | 'accounts' | 'user' | 'conversations' | 'detail' | 'help';

export interface Binding {
  action: Action;
  keys: readonly string[];
  /** Short label for the footer; bindings without one only appear in help. */
  hint?: string;
  description: string;
  scope: Scope;
}

export const KEYMAP: readonly Binding[] = [
  { action: 'down', keys: ['j', 'down'], hint: 'j/k move', description: 'move down', scope: 'list' },
  { action: 'up', keys: ['k', 'up'], description: 'move up', scope: 'list' },
  { action: 'first', keys: ['g', 'home'], description: 'first row', scope: 'list' },
  { action: 'last', keys: ['G', 'end'], description: 'last row', scope: 'list' },
  { action: 'nextPage', keys: ['n', 'pagedown', ']', 'right'], hint: 'n/p page', description: 'next page', scope: 'list' },
  { action: 'prevPage', keys: ['p', 'pageup', '[', 'left'], description: 'previous page', scope: 'list' },
  { action: 'firstPage', keys: ['<'], description: 'first page', scope: 'list' },
  {
    action: 'lastPage',
    keys: ['>'],
    description: 'last page (conversations, whose total is an estimate: the last page it counts, then one further)',
    scope: 'list',
  },
  {
    action: 'biggerPage',
    keys: ['+', '='],
    description: 'more rows per page (10, 20, 50, 100, and the rows that fit); the selected row stays selected',
    scope: 'list',
  },
  { action: 'smallerPage', keys: ['-', '_'], description: 'fewer rows per page; the selected row stays selected', scope: 'list' },
  { action: 'open', keys: ['enter'], hint: '⏎ open', description: 'open the user, or the detail of the row', scope: 'list' },
  { action: 'detail', keys: ['d'], hint: 'd detail', description: 'show or hide the detail pane', scope: 'list' },
  { action: 'scrollDown', keys: ['J', ' '], hint: 'J/K scroll', description: 'scroll the detail pane down', scope: 'detail' },
  { action: 'scrollUp', keys: ['K', 'b'], description: 'scroll the detail pane up', scope: 'detail' },
  { action: 'detailFull', keys: ['f'], hint: 'f full', description: 'detail: split pane or full screen (full below 30 rows)', scope: 'detail' },
  // Full screen only: in the split pane these keys stay the list's (scopesFor).
  { action: 'detailSearch', keys: ['/'], hint: '/ find', description: 'full-screen detail: search its text', scope: 'detail' },
  { action: 'nextMatch', keys: ['n'], hint: 'n/N match', description: 'full-screen detail: next match', scope: 'detail' },
  { action: 'prevMatch', keys: ['N'], description: 'full-screen detail: previous match', scope: 'detail' },
  { action: 'detailTop', keys: ['g', 'home'], description: 'full-screen detail: top', scope: 'detail' },
  { action: 'detailBottom', keys: ['G', 'end'], description: 'full-screen detail: bottom', scope: 'detail' },
  { action: 'search', keys: ['s'], hint: 's search', description: 'users: ID or nickname contains the text (re: for a regex)', scope: 'users' },
  { action: 'search', keys: ['s'], hint: 's search', description: 'system accounts: exact userID or nickname', scope: 'accounts' },
  { action: 'nextTab', keys: ['tab'], hint: 'tab/1-3 tabs', description: 'next tab', scope: 'user' },
  { action: 'prevTab', keys: ['shift+tab'], description: 'previous tab', scope: 'user' },
  { action: 'tab1', keys: ['1'], description: 'conversations tab', scope: 'user' },
  { action: 'tab2', keys: ['2'], description: 'blacklist tab', scope: 'user' },
  { action: 'tab3', keys: ['3'], description: 'sent friend applications tab', scope: 'user' },
  { action: 'conversationFilter', keys: ['c'], hint: 'c IDs', description: 'conversations tab: only these conversation IDs', scope: 'conversations' },
  { action: 'openUser', keys: ['o'], hint: 'o user', description: 'open the user this row names', scope: 'list' },
  { action: 'filter', keys: ['/'], hint: '/ filter', description: 'filter the rows of this page', scope: 'list' },
  { action: 'copy', keys: ['y'], description: 'copy the row as JSON to the clipboard (OSC 52)', scope: 'list' },
  {
    action: 'copyID',
    keys: ['Y'],
    description: "copy the row's ID: a user ID, or a conversation's ID (OSC 52)",
    scope: 'list',
  },
  { action: 'exportJson', keys: ['e'], description: 'export every page of this list to a JSON file (Esc cancels)', scope: 'list' },
  { action: 'exportCsv', keys: ['E'], description: 'export every page of this list to a CSV file (Esc cancels)', scope: 'list' },
  { action: 'reload', keys: ['r'], description: 'reload this page from the server', scope: 'list' },
  { action: 'live', keys: ['w'], hint: 'w live', description: 'live view: refresh this page on an interval, mark what changed', scope: 'list' },
  { action: 'accounts', keys: ['a'], hint: 'a accounts', description: 'system accounts', scope: 'global' },
  { action: 'userPicker', keys: ['u'], hint: 'u pick user', description: 'pick a user by ID', scope: 'global' },
  { action: 'command', keys: [':'], hint: ': cmd', description: 'command: users, accounts, user ID, page N, profile NAME', scope: 'global' },
  { action: 'back', keys: ['escape', 'backspace', 'h'], hint: 'esc back', description: 'back: closes prompt, detail search, full screen, filter, pane, then screen', scope: 'global' },
  { action: 'help', keys: ['?'], hint: '? help', description: 'this help', scope: 'global' },
  { action: 'quit', keys: ['q', 'ctrl+c'], hint: 'q quit', description: 'back, or quit from the first screen (Ctrl-C quits anywhere); during an export, asks first', scope: 'global' },
  { action: 'helpDown', keys: ['j', 'down'], description: 'scroll help down a line', scope: 'help' },
  { action: 'helpUp', keys: ['k', 'up'], description: 'scroll help up a line', scope: 'help' },
  { action: 'helpPageDown', keys: ['pagedown', ' ', 'J', 'n'], description: 'scroll help down a screen', scope: 'help' },
  { action: 'helpPageUp', keys: ['pageup', 'b', 'K', 'p'], description: 'scroll help up a screen', scope: 'help' },
  { action: 'helpTop', keys: ['g', 'home'], description: 'top of help', scope: 'help' },
  { action: 'helpBottom', keys: ['G', 'end'], description: 'bottom of help', scope: 'help' },
  { action: 'helpClose', keys: ['?', 'escape', 'q'], description: 'close help', scope: 'help' },
];

/**
 * Scopes that apply on a screen, most specific first. The full-screen detail comes before the
 * list (its `/`, `n`, `g` are the detail's); the split pane after it (they stay the list's, and
 * the pane keeps the keys the list does not use: J/K, f).
 */
export function scopesFor(screen: 'users' | 'accounts' | 'user', tab?: string, detailOpen = false, detailFull = false): Scope[] {
  const scopes: Scope[] = [];
  if (detailOpen && detailFull) scopes.push('detail');
  if (screen === 'user') {
    scopes.push('user');
    if (tab === 'conversations') scopes.push('conversations');
  } else scopes.push(screen);
  scopes.push('list');
  if (detailOpen && !detailFull) scopes.push('detail');
  scopes.push('global');
  return scopes;
}

const byKey = new Map<string, Binding[]>();
for (const binding of KEYMAP) {
  for (const key of binding.keys) byKey.set(key, [...(byKey.get(key) ?? []), binding]);
}

/** The action a key means in these scopes, if any. */
export function actionFor(key: string, scopes: readonly Scope[]): Action | undefined {
  const candidates = byKey.get(key);
  if (!candidates) return undefined;
  for (const scope of scopes) {
    const hit = candidates.find((b) => b.scope === scope);
    if (hit) return hit.action;
  }
  return undefined;
}

/** Footer hints for these scopes, in keymap order. */
export function hintsFor(scopes: readonly Scope[]): string[] {
  // A hint only for a binding its keys reach (the split pane's `/` is the list's filter).
  return KEYMAP.filter((b) => b.hint && scopes.includes(b.scope) && b.keys.some((key) => actionFor(key, scopes) === b.action)).map((b) =>
    b.hint!.replace('⏎', glyphs().enter),
  );
}

/** How a key is written in help. */
export function keyLabel(key: string): string {
  const names: Record<string, string> = {
    down: glyphs().keys.down,
    up: glyphs().keys.up,
    left: glyphs().keys.left,
    right: glyphs().keys.right,
    enter: 'Enter',
    escape: 'Esc',
    tab: 'Tab',
    'shift+tab': 'Shift-Tab',
    pagedown: 'PgDn',
    pageup: 'PgUp',
    home: 'Home',
    end: 'End',
    backspace: 'Backspace',
    'ctrl+c': 'Ctrl-C',
    delete: 'Del',
    ' ': 'Space',
  };
  // The prompts' editing keys: ctrl+w is Ctrl-W, alt+backspace Alt-Backspace.
  const chord = /^(ctrl|alt)\+(.+)$/.exec(key);
  if (chord) return `${chord[1] === 'ctrl' ? 'Ctrl' : 'Alt'}-${chord[2]!.length === 1 ? chord[2]!.toUpperCase() : keyLabel(chord[2]!)}`;
  return names[key] ?? key;
}
