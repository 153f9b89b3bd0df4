// Looking keys up in the one table of bindings (bindings.ts): which scopes apply on a screen, what
// a key means there, the footer's hints, and how a key is written.
import type { TopList, UserTab } from '../lists/names.js';
import { glyphs } from '../terminal/glyphs.js';
import type { Scope } from './binding.js';
import type { Binding } from './bindings.js';
import { activeBindings, hintKey, keyOfHint } from './effective.js';

/**
 * Scopes that apply on a screen, most specific first. The full-screen detail comes before the
 * list (its `/`, `n`, `g` are the detail's); the split pane after it (they stay the list's, and
 * the pane keeps the keys the list does not use: J/K, f).
 */
export function scopesFor(screen: TopList | 'user', tab?: UserTab, detailOpen = false, detailFull = false): Scope[] {
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

/** Footer hints for these scopes, in the table's order, each naming keys that do what it says here. */
export function hintsFor(scopes: readonly Scope[]): string[] {
  // A hint only for a binding its keys reach (the split pane's `/` is the list's filter).
  // The full-screen detail is the one place its scope comes first (scopesFor).
  const full = scopes[0] === 'detail';
  return activeBindings()
    .filter((b) => b.hint && scopes.includes(b.scope) && b.keys.some((key) => bindingFor(key, scopes) === b))
    .flatMap((b) => {
      const hint = hintHere(b, full && b.fullHint ? b.fullHint : b.hint!, scopes);
      return hint === undefined ? [] : [hint.replace('⏎', glyphs().enter)];
    });
}

/**
 * A hint's keys and its words: "n/p page" names `n` (this binding's) and `p` (its partner's, the
 * binding of the same scope that has it), then says ` page`. Tokens that name no key (`1-3`) own nothing.
 */
function hintKeys(b: Binding, hint: string): { tokens: string[]; owners: (Binding | undefined)[]; words: string } {
  const space = hint.indexOf(' ');
  const part = space < 0 ? '' : hint.slice(0, space);
  // `/` alone is a key (the filter's), not two tokens.
  const tokens = part === '' ? [] : part === '/' ? ['/'] : part.split('/');
  const owners = tokens.map((token) => {
    const key = keyOfHint(token);
    return b.keys.includes(key) ? b : activeBindings().find((o) => o.scope === b.scope && o.keys.includes(key));
  });
  return { tokens, owners, words: space < 0 ? hint : hint.slice(space) };
}

/**
 * The hint as this screen's keys make it true: where a key it names means something else here
 * (the full-screen detail's `n` is its search, not the next page), it names keys of the same
 * rank that do reach its bindings (`]/[ page`), one-character ones first; none, no hint.
 */
function hintHere(b: Binding, hint: string, scopes: readonly Scope[]): string | undefined {
  const { tokens, owners, words } = hintKeys(b, hint);
  const reaches = (owner: Binding, key: string | undefined): boolean => key !== undefined && bindingFor(key, scopes) === owner;
  if (tokens.every((token, i) => owners[i] === undefined || reaches(owners[i], keyOfHint(token)))) return hint;
  const ranks = Array.from({ length: Math.max(...owners.map((o) => o?.keys.length ?? 0)) }, (_, i) => i);
  const fits = (i: number): boolean => owners.every((o) => o === undefined || reaches(o, o.keys[i]));
  const short = (i: number): boolean => owners.every((o) => o === undefined || [...o.keys[i]!].length === 1);
  const rank = ranks.find((i) => fits(i) && short(i)) ?? ranks.find(fits);
  if (rank === undefined) return undefined;
  return tokens.map((token, i) => (owners[i] === undefined ? token : hintKey(owners[i].keys[rank]!))).join('/') + words;
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
