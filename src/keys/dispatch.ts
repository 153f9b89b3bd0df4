// The single input path: a key reaches the first binding (bindings.ts, handlers with the rows) in
// the scopes of what is open, in the one order of what is in front (store/overlays.ts, read by
// keymap.scopesInFront): a question asked, then a prompt (whose unbound characters are typed),
// a screen over the body (help, the message log, ...: store/bodyScreens.ts), else the screen's
// scopes. A binding that can do nothing here says why on the status line instead of running
// (BindingSpec `disabled`). Esc gives up a load in front before anything else. A key typed while
// the page it is meant for loads waits for it (typeAhead.ts). Plain function of (key, store), so
// every key's effect is testable without rendering.
import { bodyScreenInFront } from '../store/bodyScreens.js';
import { frontOverlay } from '../store/overlays.js';
import { currentList } from '../store/selectors.js';
import type { AppActions, AppStore } from '../store/store.js';
import type { AppState } from '../store/types.js';
import { screenGeometry, type TerminalSize } from '../layout/frame.js';
import type { KeyContext } from './binding.js';
import { settleDetailSearch } from './detailKeys.js';
import { helpView } from './help.js';
import { quitsFromHere, type Action, type Binding } from './bindings.js';
import { keyLabel, scopesInFront, type KeysInForce } from './keymap.js';
import { ACT_AT_ONCE, TypeAhead } from './typeAhead.js';
import { splitTypedAhead, textKeys, type InputEvent } from './normalize.js';

export interface DispatchContext {
  /** The terminal's size, for the keys that move within what is drawn (the detail pane's scroll). */
  terminal: TerminalSize;
  color: boolean;
  /** The session's keys in force (keys/session.ts). */
  keys: KeysInForce;
}

/** One read from the terminal. */
export function dispatchInput(event: InputEvent, store: AppStore, ctx: DispatchContext): void {
  if (event.type === 'key') return dispatchKey(event.key, store, ctx);
  const state = store.getState();
  // Text in one piece is for the prompt's editor as a whole (a newline in it is Enter, the rest
  // is dropped there); elsewhere typed-ahead text is keys, and a bracketed paste is not.
  if (forThePrompt(state)) {
    if (event.bracketed) state.editPrompt({ text: event.text, bracketed: true });
    else {
      const typed = splitTypedAhead(event.text);
      for (const key of typed.before) dispatchKey(key, store, ctx);
      // An Enter before it may have sent the line: then the text is keys typed ahead.
      if (!forThePrompt(store.getState())) for (const key of textKeys(typed.text)) dispatchKey(key, store, ctx);
      else if (typed.text) store.getState().editPrompt({ text: typed.text, bracketed: false });
      for (const key of typed.after) dispatchKey(key, store, ctx);
    }
    // A newline inside the text applied the prompt: a detail search it started is resolved here,
    // as after Enter typed on its own (`word⏎` arrives in one read over a fast link).
    return settleDetailSearch(store, ctx);
  }
  if (event.bracketed) return state.flashInfo(`pasted text goes into a prompt (${ctx.keys.promptOpenerKeys().join(', ')}); nothing was done`);
  for (const key of textKeys(event.text)) dispatchKey(key, store, ctx);
}

/** A prompt is open to take text: not the picker whose ID is sent (what follows is for the user's screen). */
function forThePrompt(state: AppState): boolean {
  return state.prompt !== null && !(state.prompt.kind === 'user' && state.checkingUser);
}

/** A key the operator typed: it dismisses the message on the status line, then runs, or waits for the page. */
export function dispatchKey(key: string, store: AppStore, ctx: DispatchContext): void {
  const state = store.getState();
  const typeAhead = typeAheadOf(store, ctx);
  // Ctrl-C quits at once, whatever waits.
  if (key === 'ctrl+c') {
    typeAhead.drop();
    return state.quit();
  }
  // An Alt-key a prompt binds is its own (Alt-B); any other is "Esc, then x" typed quickly.
  if (key.startsWith('alt+') && !(state.prompt && ctx.keys.bindingFor(key, ['prompt']))) {
    dispatchKey('escape', store, ctx);
    return dispatchKey(key.slice('alt+'.length), store, ctx);
  }
  // The operator acted: the message has been read (it stays on screen until then).
  state.dismissMessage();
  const action = ctx.keys.bindingFor(key, scopesInFront(state))?.action;
  if (key === 'escape' || action === 'back' || action === 'promptCancel') {
    // Esc is never kept: it gives up what is awaited (a page step, a user's check) and the keys typed behind it.
    const dropped = typeAhead.drop();
    if (!state.prompt && frontOverlay(state)?.name === 'load') return state.cancelLoad(dropped);
    runKey(key, store, ctx);
    if (dropped > 0) store.getState().flashInfo(`${keysText(dropped)} typed ahead dropped`);
    return;
  }
  if (action === 'quit' && quitsFromHere(state)) typeAhead.drop();
  else if (mustWait(state, action, typeAhead.size)) return typeAhead.hold(key);
  runKey(key, store, ctx);
}

/** Whether a key waits for what is awaited: behind another that waits, or reading rows not there yet. */
function mustWait(state: AppState & AppActions, action: Action | undefined, waiting: number): boolean {
  if (waiting > 0) return true;
  // The user picker, its ID sent: what is typed now is for the user's screen, not the ID.
  if (state.prompt) return state.prompt.kind === 'user' && state.checkingUser;
  // A screen over the body reads nothing of the page behind it: its keys act at once.
  if (!awaiting(state) || bodyScreenInFront(state) !== undefined) return false;
  return action !== undefined && !ACT_AT_ONCE.has(action);
}

/** A request the screen waits for: the list's page, or a typed user ID's check. */
function awaiting(state: AppState): boolean {
  return state.checkingUser || currentList(state)?.loading === true;
}

const keysText = (n: number): string => (n === 1 ? '1 key' : `${n} keys`);

/** One key, now: the binding it reaches in the scopes of what is open (a question, a prompt, a screen over the body) or of the screen. */
function runKey(key: string, store: AppStore, ctx: DispatchContext): void {
  const state = store.getState();
  const binding = ctx.keys.bindingFor(key, scopesInFront(state));
  if (state.prompt) {
    // A key no prompt row binds is typed when it is a character; a name (pageup) does nothing.
    if (binding) runBinding(binding, key, store, ctx);
    else state.editPrompt(key);
    return settleDetailSearch(store, ctx);
  }
  if (binding) runBinding(binding, key, store, ctx);
}

/** The binding's handler, unless it can do nothing here: then the status line says why. */
function runBinding(binding: Binding, key: string, store: AppStore, ctx: DispatchContext): void {
  const state = store.getState();
  const reason = binding.disabled?.(state);
  if (reason === undefined) return binding.run(keyContext(store, ctx));
  state.flashInfo(`${keyLabel(key)} (${binding.action}) does nothing here: ${reason}`);
}

const typeAheads = new WeakMap<AppStore, { queue: TypeAhead; ctx: DispatchContext }>();

/** The store's keys typed ahead, replayed as its state changes; `ctx` is the latest terminal's. */
function typeAheadOf(store: AppStore, ctx: DispatchContext): TypeAhead {
  const known = typeAheads.get(store);
  if (known) {
    known.ctx = ctx;
    return known.queue;
  }
  const entry = {
    ctx,
    queue: new TypeAhead({
      busy: () => awaiting(store.getState()),
      failure: () => {
        const state = store.getState();
        // The picker still open once its check ended: the server knew no such user.
        if (state.prompt?.kind === 'user') return 'no user opened';
        const list = currentList(state);
        return list?.error ? `page ${list.failedPage ?? list.page} failed` : undefined;
      },
      run: (key) => runKey(key, store, entry.ctx),
      count: (n) => store.getState().setTypedAhead(n),
      say: (text) => store.getState().flashInfo(text),
    }),
  };
  typeAheads.set(store, entry);
  store.subscribe(() => entry.queue.settle());
  return entry.queue;
}

function keyContext(store: AppStore, ctx: DispatchContext): KeyContext {
  return {
    store,
    ...ctx,
    helpView: () => {
      const body = screenGeometry(ctx.terminal, { help: true }).body;
      return helpView(ctx.keys, body.width, body.rows, ctx.keys.unavailableHere(store.getState()));
    },
    keyName: (action, scope) => ctx.keys.keyFor(action, scope) ?? action,
  };
}
