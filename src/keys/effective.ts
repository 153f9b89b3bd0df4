// The keys in force: the bindings table (bindings.ts) with the config file's `keys` applied. Built
// once at start by the entry point into the session (keys/session.ts), which hands it down: keymap
// lookups, the footer and help read it from there. The
// footer's hints name actions, not keys (binding.ts Hint), so they follow a rebinding as drawn.
// The Keys table (docs/keys.md) keeps showing the defaults (keysTable.ts passes DEFAULT_KEYS itself).
import type { ActionVocabulary } from '../config/configSchema.js';
import { UsageError } from '../config/usageError.js';
import { quoted } from '../config/safeText.js';
import { LIST_KINDS, isUserTab } from '../lists/names.js';
import { BODY_SCREEN_NAMES } from '../store/bodyScreens.js';
import type { Scope } from './binding.js';
import { BINDINGS, type Binding } from './bindings.js';
import { DEFAULT_KEYS, keysInForce, type KeysInForce } from './keymap.js';
import { isAltKey, isBindableKey } from './normalize.js';

/** The config file's `keys`: an action's name to the keys that replace its own. */
export type KeyOverrides = Readonly<Record<string, readonly string[]>>;

/** Ctrl-C quits wherever it is pressed (dispatch), so the quit action always lists it. */
const QUIT_KEY = 'ctrl+c';

/** Scopes that apply together on some screen (keymap.scopesFor): a key may mean one action in each group. */
const TOGETHER: readonly (readonly Scope[])[] = [
  ...LIST_KINDS.map((kind): Scope[] => [...(isUserTab(kind) ? ['user' as const] : []), kind, 'list', 'detail', 'global']),
  // A screen over the body takes every key: its own scope alone.
  ...BODY_SCREEN_NAMES.map((name): Scope[] => [name]),
  ['prompt'],
  // The question's answers come before every other scope (dispatch): they only need to differ.
  ['question'],
];

export interface EffectiveBindings {
  bindings: Binding[];
  /** What is wrong with the overrides, one phrase each; empty when they apply. */
  problems: string[];
}

const actionNames = (table: readonly Binding[]): string[] => [...new Set(table.map((b) => b.action))];

/**
 * `defaults` with each overridden action's keys replaced (in every scope the action has). Refuses
 * an unknown action, an unknown key, and a key that would reach two actions in scopes that apply
 * together (unless both had it by default: the full-screen detail's `n` over the list's is by design).
 */
export function effectiveBindings(overrides: KeyOverrides, defaults: readonly Binding[] = BINDINGS): EffectiveBindings {
  const problems: string[] = [];
  const known = actionNames(defaults);
  const usable: Record<string, readonly string[]> = {};
  for (const [action, keys] of Object.entries(overrides)) {
    if (!known.includes(action)) {
      problems.push(`unknown action ${quoted(action)}${nearest(action, known)} (help, ?, names each action in brackets)`);
      continue;
    }
    if (keys.length === 0) problems.push(`${action}: give at least one key`);
    // A prompt's keys may be Alt-keys (only there is Alt-x not Esc then x), and never a character it types.
    const inPrompt = defaults.some((b) => b.action === action && b.scope === 'prompt');
    const bindable = (k: string): boolean => isBindableKey(k) || (inPrompt && isAltKey(k));
    const unknown = keys.filter((k) => !bindable(k));
    if (unknown.length > 0) {
      problems.push(
        `${action}: unknown key${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => quoted(k)).join(', ')} (a character, a name such as enter, escape, pagedown or shift+tab, or ctrl+a..ctrl+z but ctrl+c, l, z${inPrompt ? ', or alt+ a character or backspace' : ''})`,
      );
    }
    const typed = inPrompt ? keys.filter((k) => bindable(k) && [...k].length === 1) : [];
    if (typed.length > 0) {
      problems.push(
        `${action}: ${typed.map((k) => quoted(k)).join(', ')} would no longer type in a prompt; give a ctrl+ or alt+ key or a named key such as enter`,
      );
    }
    usable[action] = keys.filter((k) => bindable(k) && !typed.includes(k));
  }
  const bindings = defaults.map((b): Binding => {
    const keys = Object.hasOwn(usable, b.action) ? usable[b.action] : undefined;
    if (!keys) return b;
    const unique = [...new Set(keys)];
    return { ...b, keys: b.action === 'quit' && !unique.includes(QUIT_KEY) ? [...unique, QUIT_KEY] : unique };
  });
  problems.push(...clashes(bindings, defaults));
  return { bindings: problems.length > 0 ? [...defaults] : bindings, problems };
}

/** ` (did you mean nextPage?)` when one action's name differs only in case or by its ending. */
function nearest(name: string, known: readonly string[]): string {
  const lower = name.toLowerCase();
  const close = known.find((k) => k.toLowerCase() === lower) ?? known.find((k) => lower.length >= 3 && k.toLowerCase().startsWith(lower.slice(0, -1)));
  return close ? ` (did you mean ${close}?)` : '';
}

function clashes(bindings: readonly Binding[], defaults: readonly Binding[]): string[] {
  const hadByDefault = (action: string, scope: Scope, key: string): boolean =>
    defaults.some((d) => d.action === action && d.scope === scope && d.keys.includes(key));
  const found = new Set<string>();
  for (const group of TOGETHER) {
    const here = bindings.filter((b) => group.includes(b.scope));
    for (let i = 0; i < here.length; i++) {
      for (let j = i + 1; j < here.length; j++) {
        const a = here[i]!;
        const b = here[j]!;
        if (a.action === b.action) continue;
        for (const key of a.keys) {
          if (!b.keys.includes(key)) continue;
          if (hadByDefault(a.action, a.scope, key) && hadByDefault(b.action, b.scope, key)) continue;
          const pair = [a.action, b.action].sort();
          found.add(`key ${quoted(key)} is bound to both ${pair[0]} and ${pair[1]}`);
        }
      }
    }
  }
  return [...found];
}

/**
 * What the config file's check (config/validate.ts, a layer below) learns of the keymap, handed
 * to it by the entry points: the action names `keys` may use, and this module's words for a bad `keys`.
 */
export const KEYMAP_VOCABULARY: ActionVocabulary = {
  names: actionNames(BINDINGS),
  problems: (keys) => effectiveBindings(keys).problems,
};

/**
 * The keys in force for the config file's `keys` (the defaults without them), made once at start
 * by the entry points into the session (keys/session.ts); a problem is a UsageError (exit 2), in one line.
 */
export function keysFromConfig(overrides: KeyOverrides | undefined, where: string): KeysInForce {
  if (!overrides) return DEFAULT_KEYS;
  const { bindings, problems } = effectiveBindings(overrides);
  if (problems.length > 0) throw new UsageError(`${where}: keys: ${problems.join('; ')}`);
  return keysInForce(bindings);
}
