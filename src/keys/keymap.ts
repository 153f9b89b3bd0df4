// Looking keys up in the one table of bindings (bindings.ts): which scopes apply on a screen, what
// a key means there, the footer's hints, and how a key is written.
import type { UserTab } from '../lists/names.js';
import { glyphs } from '../terminal/glyphs.js';
import type { Scope } from './binding.js';
import type { Binding } from './bindings.js';
import { activeBindings } from './effective.js';

/**
 * Scopes that apply on a screen, most specific first. The full-screen detail comes before the
 * list (its `/`, `n`, `g` are the detail's); the split pane after it (they stay the list's, and
 * the pane keeps the keys the list does not use: J/K, f).
 */
export function scopesFor(screen: 'users' | 'accounts' | 'user', tab?: UserTab, detailOpen = false, detailFull = false): Scope[] {
  const scopes: Scope[] = [];
  if (detailOpen && detailFull) scopes.push('detail');
  // Then the list's own keys (lists/<list>.ts `keys`): the tab's on a user screen.
  if (screen === 'user') {
    scopes.push('user');
    if (tab !== undefined) scopes.push(tab);
  } else scopes.push(screen);
  scopes.push('list');
  if (detailOpen && !detailFull) scopes.push('detail');
  scopes.push('global');
  return scopes;
}

let indexed: { table: readonly Binding[]; byKey: Map<string, Binding[]> } | undefined;

/** The bindings in force by key, built once per table (effective.ts installs it at start). */
function keyIndex(): Map<string, Binding[]> {
  const table = activeBindings();
  if (indexed?.table !== table) {
    const byKey = new Map<string, Binding[]>();
    for (const binding of table) {
      for (const key of binding.keys) byKey.set(key, [...(byKey.get(key) ?? []), binding]);
    }
    indexed = { table, byKey };
  }
  return indexed.byKey;
}

/** The binding a key reaches in these scopes, if any: the first scope that binds it wins. */
export function bindingFor(key: string, scopes: readonly Scope[]): Binding | undefined {
  const candidates = keyIndex().get(key);
  if (!candidates) return undefined;
  for (const scope of scopes) {
    const hit = candidates.find((b) => b.scope === scope);
    if (hit) return hit;
  }
  return undefined;
}

/** Footer hints for these scopes, in the table's order. */
export function hintsFor(scopes: readonly Scope[]): string[] {
  // A hint only for a binding its keys reach (the split pane's `/` is the list's filter).
  // The full-screen detail is the one place its scope comes first (scopesFor).
  const full = scopes[0] === 'detail';
  return activeBindings()
    .filter((b) => b.hint && scopes.includes(b.scope) && b.keys.some((key) => bindingFor(key, scopes) === b))
    .map((b) => (full && b.fullHint ? b.fullHint : b.hint!).replace('⏎', glyphs().enter));
}

/**
 * The first key of an action (in a scope, or its first row), as help writes it: texts that name a
 * key follow a rebinding. `table`: the keys in force unless README's defaults are asked for.
 */
export function keyFor(action: string, scope?: Scope, table: readonly Binding[] = activeBindings()): string | undefined {
  const key = table.find((b) => b.action === action && (scope === undefined || b.scope === scope))?.keys[0];
  return key === undefined ? undefined : keyLabel(key);
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
