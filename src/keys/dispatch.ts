// The single input path: prompt open -> help open -> the keymap for this screen. Plain function
// of (key, store), so every key's effect is testable without rendering.
import { currentScreen } from '../store/selectors.js';
import type { AppStore } from '../store/store.js';
import { detailScroll } from '../layout/detailScroll.js';
import { opensDetailFull, type FrameSize } from '../layout/frame.js';
import { helpKey } from './helpKeys.js';
import { detailEdge, jumpToMatch, settleDetailSearch } from './detailKeys.js';
import { actionFor, scopesFor, type Action } from './keymap.js';
import { splitTypedAhead, textKeys, type InputEvent } from './normalize.js';

export interface DispatchContext {
  /** The frame's size, for the keys that move within what is drawn (the detail pane's scroll). */
  frame: FrameSize;
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
    if (event.bracketed) return state.editPrompt({ text: event.text, bracketed: true });
    const typed = splitTypedAhead(event.text);
    for (const key of typed.before) dispatchKey(key, store, ctx);
    if (typed.text) store.getState().editPrompt({ text: typed.text, bracketed: false });
    for (const key of typed.after) dispatchKey(key, store, ctx);
    return;
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
  if (state.help) return helpKey(key, store, ctx.frame);
  const screen = currentScreen(state);
  const scopes = scopesFor(screen.name, screen.name === 'user' ? screen.tab : undefined, state.detail.open, state.detail.full);
  const action = actionFor(key, scopes);
  if (action) run(action, store, ctx);
}

function run(action: Action, store: AppStore, ctx: DispatchContext): void {
  const s = store.getState();
  switch (action) {
    case 'down':
      return s.moveCursor(1);
    case 'up':
      return s.moveCursor(-1);
    case 'first':
      return s.cursorTo('first');
    case 'last':
      return s.cursorTo('last');
    case 'nextPage':
      return s.nextPage();
    case 'prevPage':
      return s.prevPage();
    case 'firstPage':
      return s.firstPage();
    case 'lastPage':
      return s.lastPage();
    case 'biggerPage':
      return s.changePageSize(1);
    case 'smallerPage':
      return s.changePageSize(-1);
    case 'open': {
      const wasOpen = s.detail.open;
      s.openRow();
      // Enter opened the detail (not a user): below 30 rows it reads full screen.
      if (!wasOpen && store.getState().detail.open && opensDetailFull(ctx.frame)) store.getState().patchDetail({ full: true });
      return;
    }
    case 'detail':
      return s.toggleDetail(opensDetailFull(ctx.frame));
    case 'detailFull':
      return s.toggleDetailFull();
    case 'detailSearch':
      return s.openPrompt('detailSearch');
    case 'nextMatch':
      return jumpToMatch(store, ctx, 1);
    case 'prevMatch':
      return jumpToMatch(store, ctx, -1);
    case 'detailTop':
      return detailEdge(store, ctx, 'top');
    case 'detailBottom':
      return detailEdge(store, ctx, 'bottom');
    case 'back':
      return s.escape();
    case 'nextTab':
      return s.cycleTab(1);
    case 'prevTab':
      return s.cycleTab(-1);
    case 'tab1':
      return s.setTab('conversations');
    case 'tab2':
      return s.setTab('blacklist');
    case 'tab3':
      return s.setTab('applications');
    case 'userPicker':
      return s.openPrompt('user');
    case 'command':
      return s.openPrompt('command');
    case 'filter':
      return s.openPrompt('filter');
    case 'search':
      return s.openPrompt('search');
    case 'conversationFilter':
      return s.openPrompt('conversations');
    case 'openUser':
      return s.openNamedUser();
    case 'copy':
      return s.copyRow();
    case 'copyID':
      return s.copyRowID();
    case 'exportJson':
      return s.exportView('json');
    case 'exportCsv':
      return s.exportView('csv');
    case 'reload':
      return s.reload();
    case 'live':
      return s.toggleLive();
    case 'help':
      return s.toggleHelp();
    case 'accounts':
      return s.goTo('accounts');
    case 'quit':
      // Quitting abandons a running export: `q` asks first, a second `q` quits.
      if (s.exporting) return s.exporting.quitAsked ? s.quit() : s.askQuitDuringExport();
      return s.nav.length > 1 ? s.back() : s.quit();
    case 'scrollDown': {
      const pane = detailScroll(s, ctx.frame, ctx.color);
      return s.scrollDetail(Math.min(pane.pageSize, pane.maxScroll - s.detail.scroll));
    }
    case 'scrollUp':
      return s.scrollDetail(-Math.min(detailScroll(s, ctx.frame, ctx.color).pageSize, s.detail.scroll));
    default:
      return; // the help scope's actions, handled by helpKey
  }
}
