// The screens' history, as a browser's and not a pile: a jump (`:users`, `:accounts`, `a`, `u`,
// `:user ID`) replaces what the stack holds above its root, a drill-down (Enter on a user, `o`,
// Enter on a row that opens a list: a conversation's history) pushes, back pops. So `:users` then
// `:accounts` then `:users` is one screen deep, not three, and one `q` quits from a top-level list
// however the operator got there. Pure: the slice applies it.
import { listKeyFor } from './selectors.js';
import type { Screen } from './types.js';

export type NavMove =
  /** Where the operator asked to go by name: the top level is replaced. */
  | { kind: 'jump'; screen: Screen }
  /** From a row to what it names: pushed, so back returns to the row. */
  | { kind: 'drill'; screen: Screen }
  | { kind: 'back' };

/** The same screen: one user's (whatever the tab), one drill-down list of one parent row, one top-level list. */
const same = (a: Screen | undefined, b: Screen): boolean => {
  if (a === undefined || a.name !== b.name) return false;
  if (a.name === 'user') return b.name === 'user' && a.userID === b.userID;
  return a.name !== 'drill' || listKeyFor(a) === listKeyFor(b);
};

/** The stack after `move`; the stack itself when nothing changes (so a no-op renders nothing). */
export function nextStack(stack: readonly Screen[], move: NavMove): readonly Screen[] {
  switch (move.kind) {
    case 'back':
      return stack.length > 1 ? stack.slice(0, -1) : stack;
    case 'drill':
      return same(stack[stack.length - 1], move.screen) ? stack : [...stack, move.screen];
    case 'jump': {
      const { screen } = move;
      // A list replaces the root; a user opens over the root list (its back leads to that list).
      if (screen.name !== 'user') return stack.length === 1 && same(stack[0], screen) ? stack : [screen];
      const root = stack[0];
      const base = root && root.name !== 'user' ? [root] : [];
      const top = stack[stack.length - 1];
      if (stack.length === base.length + 1 && same(top, screen)) return stack;
      return [...base, screen];
    }
  }
}
