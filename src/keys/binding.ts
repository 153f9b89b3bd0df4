// The shape of a key binding: what an action is called, where it works, what it does. The one
// table of them is bindings.ts; keymap.ts looks keys up in it.
import type { ListKind } from '../lists/names.js';
import type { TerminalSize } from '../layout/frame.js';
import type { BodyScreenName } from '../store/bodyScreens.js';
import type { AppStore } from '../store/store.js';
import type { AppState } from '../store/types.js';

/**
 * Where a binding works: a list's kind is where that list's own keys work (lists/<list>.ts `keys`);
 * `prompt` while a prompt is open (keys/promptKeys.ts), where nothing else applies; `question`
 * while the status line asks yes or no (an export's size, cancelling one), before all the others;
 * a screen over the body's name (store/bodyScreens.ts: help, the message log, ...) while it is in
 * front of the screen (no other key reaches the page).
 */
export type Scope = 'global' | 'list' | 'user' | 'detail' | 'prompt' | 'question' | BodyScreenName | ListKind;

/** What an action's handler gets: the store and the terminal's size (for keys that move within what is drawn). */
export interface KeyContext {
  store: AppStore;
  terminal: TerminalSize;
  color: boolean;
  /** Help as laid out in this frame (help's own keys scroll by it). */
  helpView(): { maxScroll: number; visible: number };
  /** The key in force for an action, for a message that says which key to press (keymap keyName). */
  keyName(action: string, scope?: Scope): string;
}

/**
 * A footer hint as data: the keys of these actions, as they are bound where the footer shows
 * (keymap.hintsFor), then the label: `{ actions: ['nextPage', 'prevPage'], label: 'page' }` reads
 * `n/p page`, and `x/p page` once nextPage is rebound to x. Without `actions`, the binding's own.
 * A pair `[first, last]` is a run of actions written as one token (`1-3`).
 */
export interface Hint {
  actions?: readonly (string | readonly [string, string])[];
  label: string;
}

/** The key in force for an action, as help writes it (keymap keyFor). */
export type KeyNamer = (action: string) => string;

export interface BindingSpec<A extends string = string> {
  /** The action's name: what help shows, and what the config file will rebind. */
  action: A;
  keys: readonly string[];
  scope: Scope;
  /** What help says of it; a text that names another action's key is given that key (help.ts bindingText). */
  description: string | ((key: KeyNamer) => string);
  /** The footer's hint; bindings without one only appear in help. */
  hint?: Hint;
  /** The hint in the full-screen detail, where the key does the opposite (`f split`, as the pane's rule says). */
  fullHint?: Hint;
  /**
   * Acts on what is asked for (the list, its query, its page), not on the rows on screen: runs at
   * once while a page loads instead of waiting behind it (keys/typeAhead.ts), so a held `n` still
   * asks for each page as it is pressed.
   */
  atOnce?: true;
  /**
   * Why the action cannot do anything here, in words (`this page has no rows`), else undefined.
   * Dispatch then says the reason instead of running the handler, the footer leaves its hint out
   * and help writes the reason beside it; the handler itself never re-checks.
   */
  disabled?(state: AppState): string | undefined;
  run(ctx: KeyContext): void;
}
