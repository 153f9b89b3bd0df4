// The shape of a key binding: what an action is called, where it works, what it does. The one
// table of them is bindings.ts; keymap.ts looks keys up in it.
import type { ListKind } from '../lists/names.js';
import type { TerminalSize } from '../layout/frame.js';
import type { AppStore } from '../store/store.js';

/** Where a binding works: a list's kind is where that list's own keys work (lists/<list>.ts `keys`). */
export type Scope = 'global' | 'list' | 'user' | 'detail' | 'help' | ListKind;

/** What an action's handler gets: the store and the terminal's size (for keys that move within what is drawn). */
export interface KeyContext {
  store: AppStore;
  terminal: TerminalSize;
  color: boolean;
  /** Help as laid out in this frame (help's own keys scroll by it). */
  helpView(): { maxScroll: number; visible: number };
}

export interface BindingSpec<A extends string = string> {
  /** The action's name: what help shows, and what the config file will rebind. */
  action: A;
  keys: readonly string[];
  scope: Scope;
  description: string;
  /** Short label for the footer; bindings without one only appear in help. */
  hint?: string;
  /** The hint in the full-screen detail, where the key does the opposite (`f split`, as the pane's rule says). */
  fullHint?: string;
  run(ctx: KeyContext): void;
}
