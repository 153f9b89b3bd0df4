// The single input path: prompt open -> help open -> the bindings of this screen's scopes, whose
// handlers live with them (bindings.ts). Plain function of (key, store), so every key's effect is
// testable without rendering.
import { currentScreen } from '../store/selectors.js';
import type { AppStore } from '../store/store.js';
import { screenGeometry, type TerminalSize } from '../layout/frame.js';
import type { KeyContext, Scope } from './binding.js';
import { settleDetailSearch } from './detailKeys.js';
import { helpView } from './helpLayout.js';
import { bindingFor, scopesFor } from './keymap.js';
import { splitTypedAhead, textKeys, type InputEvent } from './normalize.js';

export interface DispatchContext {
  /** The terminal's size, for the keys that move within what is drawn (the detail pane's scroll). */
  terminal: TerminalSize;
  color: boolean;
}

/** Alt-keys the line editor uses; any other Alt-x is "Esc, then x" typed quickly. */
const EDITOR_ALT_KEYS = new Set(['alt+b', 'alt+f', 'alt+d', 'alt+backspace']);

/** One read from the terminal. */
export function dispatchInput(event: InputEvent, store: AppStore, ctx: DispatchContext): void {
  if (event.type === 'key') return dispatchKey(event.key, store, ctx);
  const state = store.getState();
  // Text in one piece is for the prompt's editor as a whole (a newline in it is Enter, the rest
  // is dropped there); elsewhere typed-ahead text is keys, and a bracketed paste is not.
  if (state.prompt) {
    if (event.bracketed) state.editPrompt({ text: event.text, bracketed: true });
    else {
      const typed = splitTypedAhead(event.text);
      for (const key of typed.before) dispatchKey(key, store, ctx);
      if (typed.text) store.getState().editPrompt({ text: typed.text, bracketed: false });
      for (const key of typed.after) dispatchKey(key, store, ctx);
    }
    // A newline inside the text applied the prompt: a detail search it started is resolved here,
    // as after Enter typed on its own (`word⏎` arrives in one read over a fast link).
    return settleDetailSearch(store, ctx);
  }
  if (event.bracketed) return state.flashInfo('pasted text goes into a prompt (u, :, /, s, c); nothing was done');
  for (const key of textKeys(event.text)) dispatchKey(key, store, ctx);
}

export function dispatchKey(key: string, store: AppStore, ctx: DispatchContext): void {
  const state = store.getState();
  if (key === 'ctrl+c') return state.quit();
  if (key.startsWith('alt+') && !(state.prompt && EDITOR_ALT_KEYS.has(key))) {
    dispatchKey('escape', store, ctx);
    return dispatchKey(key.slice('alt+'.length), store, ctx);
  }

  if (state.prompt) {
    if (key === 'escape') state.cancelPrompt();
    else if (key === 'enter') state.submitPrompt();
    else state.editPrompt(key);
    return settleDetailSearch(store, ctx);
  }
  const screen = currentScreen(state);
  const scopes: Scope[] = state.help
    ? ['help']
    : scopesFor(screen.name, screen.name === 'user' ? screen.tab : undefined, state.detail.open, state.detail.full);
  bindingFor(key, scopes)?.run(keyContext(store, ctx));
}

function keyContext(store: AppStore, ctx: DispatchContext): KeyContext {
  return { store, ...ctx, helpView: () => {
      const body = screenGeometry(ctx.terminal, { help: true }).body;
      return helpView(body.width, body.rows);
    }, };
}
