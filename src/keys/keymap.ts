// Looking keys up in the one table of bindings (bindings.ts): which scopes apply on a screen, what
// a key means there, the footer's hints, and how a key is written. What depends on the keys in
// force is a method of the `KeysInForce` made of a table (keysInForce below): the session hands it
// down (keys/session.ts), so nothing here is process-wide.
import type { UserTab } from '../lists/names.js';
import type { ScreenKind } from '../lists/names.js';
import type { AppActions } from '../store/actions.js';
import { keysInFront } from '../store/overlays.js';
import { currentScreen, screenScope } from '../store/selectors.js';
import type { AppState } from '../store/types.js';
import { glyphs } from '../terminal/glyphs.js';
import type { Hint, Scope } from './binding.js';
import type { Action, Binding } from './bindings.js';
import { BINDINGS } from './bindings.js';

/**
 * Scopes that apply on a screen, most specific first. The full-screen detail comes before the
 * list (its `/`, `n`, `g` are the detail's); the split pane after it (they stay the list's, and
 * the pane keeps the keys the list does not use: J/K, f).
 */
export function scopesFor(screen: ScreenKind, tab?: UserTab, detailOpen = false, detailFull = false): Scope[] {
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

/** The scopes of the screen on view, behind whatever is open over it. */
export function screenScopes(state: AppState): Scope[] {
  const screen = currentScreen(state);
  return scopesFor(screenScope(screen), screen.name === 'user' ? screen.tab : undefined, state.detail.open, state.detail.full);
}

/**
 * The scopes a key reaches now, first first: those of what is open in front (store/overlays.ts,
 * the one order of it), then the screen's unless one of them takes every key.
 */
export function scopesInFront(state: AppState & AppActions): Scope[] {
  const front = keysInFront(state);
  return front.screen ? [...front.scopes, ...screenScopes(state)] : front.scopes;
}

/** Where a binding is named in `unavailableHere`'s answer. */
export const bindingKey = (b: Pick<Binding, 'scope' | 'action'>): string => `${b.scope} ${b.action}`;

/** KeysInForce.unavailableHere. */
function unavailableHere(table: readonly Binding[], state: AppState): Record<string, string> {
  const scopes = screenScopes(state);
  const unavailable: Record<string, string> = {};
  for (const binding of table) {
    const reason = scopes.includes(binding.scope) ? binding.disabled?.(state) : undefined;
    if (reason !== undefined) unavailable[bindingKey(binding)] = reason;
  }
  return unavailable;
}

/** A table's bindings by key, built once per KeysInForce. */
function keyIndex(table: readonly Binding[]): Map<string, Binding[]> {
  const byKey = new Map<string, Binding[]>();
  for (const binding of table) {
    for (const key of binding.keys) byKey.set(key, [...(byKey.get(key) ?? []), binding]);
  }
  return byKey;
}

/** KeysInForce.bindingFor. */
function bindingIn(byKey: ReadonlyMap<string, Binding[]>, key: string, scopes: readonly Scope[]): Binding | undefined {
  const candidates = byKey.get(key);
  if (!candidates) return undefined;
  for (const scope of scopes) {
    const hit = candidates.find((b) => b.scope === scope);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Footer hints for these scopes, in the table's order, each naming keys that do what it says here;
 * none for a binding that can do nothing now (`unavailable`, from unavailableHere).
 */
function hintsFor(keys: KeysInForce, scopes: readonly Scope[], unavailable: Readonly<Record<string, string>>): string[] {
  // A hint only for a binding its keys reach (the split pane's `/` is the list's filter).
  // The full-screen detail is the one place its scope comes first (scopesFor).
  const full = scopes[0] === 'detail';
  return keys.bindings
    .filter((b) => b.hint && scopes.includes(b.scope) && !(bindingKey(b) in unavailable) && b.keys.some((key) => keys.bindingFor(key, scopes) === b))
    .flatMap((b) => {
      const hint = hintHere(keys, b, full && b.fullHint ? b.fullHint : b.hint!, scopes);
      return hint === undefined ? [] : [hint];
    });
}

/** The binding of `action` a hint of `b` names: `b` itself, else the row of that action in b's scope. */
function rowOf(table: readonly Binding[], b: Binding, action: string): Binding | undefined {
  return b.action === action ? b : table.find((o) => o.action === action && o.scope === b.scope);
}

/**
 * The hint with the keys that reach its actions on this screen: the first keys when they do, else
 * keys of one rank that all do, one-cell ones first (the full-screen detail's `n` is its search,
 * so paging reads `]/[ page`), else each action's first key that does; none, no hint.
 */
function hintHere(keys: KeysInForce, b: Binding, hint: Hint, scopes: readonly Scope[]): string | undefined {
  const refs = hint.actions ?? [b.action];
  const rowHere = (action: string): Binding | undefined => rowOf(keys.bindings, b, action);
  const singles = refs.flatMap((ref) => (typeof ref === 'string' ? [rowHere(ref)] : []));
  if (singles.some((row) => row === undefined)) return undefined;
  const rows = singles as Binding[];
  const reaches = (row: Binding, key: string | undefined): key is string => key !== undefined && keys.bindingFor(key, scopes) === row;
  const ranks = Array.from({ length: Math.max(0, ...rows.map((row) => row.keys.length)) }, (_, i) => i);
  const fits = (i: number): boolean => rows.every((row) => reaches(row, row.keys[i]));
  const short = (i: number): boolean => rows.every((row) => [...hintLabel(row.keys[i]!)].length === 1);
  const rank = fits(0) ? 0 : (ranks.find((i) => fits(i) && short(i)) ?? ranks.find(fits));
  const keyOf = (row: Binding): string | undefined =>
    rank === undefined ? row.keys.find((key) => reaches(row, key)) : row.keys[rank];
  const tokens: string[] = [];
  for (const ref of refs) {
    if (typeof ref === 'string') {
      const key = keyOf(rowHere(ref)!);
      if (key === undefined) return undefined;
      tokens.push(hintLabel(key));
      continue;
    }
    // A run (`1-3`): its ends' first keys that reach them; a run not bound here is left out.
    const ends = ref.map((action) => {
      const row = rowHere(action);
      return row?.keys.find((key) => reaches(row, key));
    });
    if (ends[0] !== undefined && ends[1] !== undefined) tokens.push(`${hintLabel(ends[0])}-${hintLabel(ends[1])}`);
  }
  return `${tokens.join('/')} ${hint.label}`;
}

/** The footer's way of writing a key: short (`esc`, `⏎`, `space`), where help writes `Esc`, `Enter`. */
export function hintLabel(key: string): string {
  const short: Record<string, string> = { enter: glyphs().enter, escape: 'esc', ' ': 'space', tab: 'tab' };
  return short[key] ?? ([...key].length === 1 ? key : keyLabel(key));
}

/** The first key of an action in `table` (in a scope, or its first row), as help writes it. */
function keyIn(table: readonly Binding[], action: string, scope?: Scope): string | undefined {
  const key = table.find((b) => b.action === action && (scope === undefined || b.scope === scope))?.keys[0];
  return key === undefined ? undefined : keyLabel(key);
}

/** The actions that open a prompt (the picker, `:`, the filter, the lists' own queries). */
const PROMPT_OPENERS = ['userPicker', 'command', 'filter', 'search', 'conversationFilter'];

/**
 * A table of bindings made the keys in force: what a key reaches, the footer's hints, the words
 * that name a key. Made once per session (keys/session.ts) and handed down: the explorer's
 * components read it from their context (components/SessionContext.tsx), dispatch from its
 * context, the help and the docs pass it on.
 */
export interface KeysInForce {
  readonly bindings: readonly Binding[];
  /** The binding a key reaches in these scopes, if any: the first scope that binds it wins. */
  bindingFor(key: string, scopes: readonly Scope[]): Binding | undefined;
  /**
   * Footer hints for these scopes, in the table's order, each naming keys that do what it says
   * here; none for a binding that can do nothing now (`unavailable`, from unavailableHere).
   */
  hintsFor(scopes: readonly Scope[], unavailable?: Readonly<Record<string, string>>): string[];
  /**
   * The bindings of the screen on view that can do nothing now, each with why (BindingSpec
   * `disabled`), keyed by bindingKey: the footer leaves their hints out, help writes the reasons.
   * A plain record of strings, so that a component's selector compares it by its contents.
   */
  unavailableHere(state: AppState): Record<string, string>;
  /** The first key of an action (in a scope, or its first row), as help writes it. */
  keyFor(action: string, scope?: Scope): string | undefined;
  /**
   * The key for an action, as a text that tells the operator which key to press names it
   * (`${keys.keyName('reload')} to retry`): never a key written into the words, so the words
   * follow a rebinding. Every action has a key (effective.ts refuses none).
   */
  keyName(action: Action, scope?: Scope): string;
  /** The keys that open a prompt, once each, for texts that say how to open one. */
  promptOpenerKeys(): string[];
}

/** `table` as the keys in force (its index by key built once, here). */
export function keysInForce(table: readonly Binding[]): KeysInForce {
  const byKey = keyIndex(table);
  const keys: KeysInForce = {
    bindings: table,
    bindingFor: (key, scopes) => bindingIn(byKey, key, scopes),
    hintsFor: (scopes, unavailable = {}) => hintsFor(keys, scopes, unavailable),
    unavailableHere: (state) => unavailableHere(table, state),
    keyFor: (action, scope) => keyIn(table, action, scope),
    keyName: (action, scope) => keyIn(table, action, scope) ?? action,
    promptOpenerKeys: () => [...new Set(PROMPT_OPENERS.flatMap((action) => keyIn(table, action) ?? []))],
  };
  return keys;
}

/** The defaults (bindings.ts), as the Keys table (docs/keys.md) and a session without a config file have them. */
export const DEFAULT_KEYS: KeysInForce = keysInForce(BINDINGS);

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
