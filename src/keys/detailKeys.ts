// The keys that move within the detail by its lines: a search's matches (n/N), its top and bottom
// (g/G). They need the detail's layout, which the store does not know: the store holds the
// search and the scroll, these decide them.
import type { AppStore } from '../store/store.js';
import { paneViewport } from '../layout/detailLines.js';
import { detailMatches } from '../layout/detailSearch.js';
import type { DetailPaneBox } from '../layout/detailScroll.js';
import { screenGeometry, type TerminalSize } from '../layout/frame.js';
import { currentList, openRegions, ownerName, selectedRow } from '../store/selectors.js';
import type { AppState } from '../store/types.js';
import type { KeyContext } from './binding.js';

/** What dispatch.ts passes: the terminal the detail is drawn in. */
interface DispatchContext {
  terminal: TerminalSize;
  color: boolean;
}

/** The open detail's row and box, where the screen draws it (null when no detail is open). */
export function detailPaneOf(state: AppState, terminal: TerminalSize): DetailPaneBox | null {
  const list = currentList(state);
  const row = selectedRow(state);
  const box = screenGeometry(terminal, openRegions(state)).detail;
  if (!list || !row || !box) return null;
  return { kind: list.kind, row, width: box.width, rows: box.rows, owner: { id: list.userID, name: ownerName(state, list.userID) } };
}

/** Rounds of laying out ahead that G takes at most to find the bottom (each lays out a few hundred lines). */
const BOTTOM_ROUNDS = 40;

/** Scrolls so that `line` is the first on screen, or as far as the detail goes. */
function scrollToLine(store: AppStore, ctx: DispatchContext, line: number): void {
  const state = store.getState();
  const pane = detailPaneOf(state, ctx.terminal);
  if (!pane) return;
  const view = paneViewport(pane.kind, pane.row, pane.width, pane.rows, ctx.color, line, pane.owner);
  state.patchDetail({ scroll: view.start });
}

/** Resolves a search just submitted (match -1): the first match at or below the top of the view. */
export function settleDetailSearch(store: AppStore, ctx: DispatchContext): void {
  const state = store.getState();
  const search = state.detail.search;
  if (!search || search.match !== -1 || state.prompt) return;
  const pane = detailPaneOf(state, ctx.terminal);
  if (!pane) return state.patchDetail({ search: null });
  const found = detailMatches(pane.kind, pane.row, pane.width, ctx.color, search.query, pane.owner);
  if (found.lines.length === 0) {
    state.patchDetail({ search: null });
    return state.flashInfo(`no match for "${search.query}" in the detail${found.capped ? ' (first lines searched)' : ''}`);
  }
  const below = found.lines.findIndex((line) => line >= state.detail.scroll);
  const match = below === -1 ? 0 : below;
  state.patchDetail({ search: { ...search, match, count: found.lines.length, capped: found.capped } });
  scrollToLine(store, ctx, found.lines[match]!);
}

/** n / N: the next or previous match, wrapping around. */
export function jumpToMatch(store: AppStore, ctx: DispatchContext & Pick<KeyContext, 'keyName'>, step: 1 | -1): void {
  const state = store.getState();
  const search = state.detail.search;
  const pane = detailPaneOf(state, ctx.terminal);
  if (!search || !pane) return state.flashInfo(`no search in the detail: ${ctx.keyName('detailSearch', 'detail')} to search`);
  const found = detailMatches(pane.kind, pane.row, pane.width, ctx.color, search.query, pane.owner);
  if (found.lines.length === 0) return state.flashInfo(`no match for "${search.query}" in the detail`);
  const count = found.lines.length;
  const match = (((search.match + step) % count) + count) % count;
  state.patchDetail({ search: { ...search, match, count, capped: found.capped } });
  scrollToLine(store, ctx, found.lines[match]!);
}

/** g / G: the top or the bottom of the detail. */
export function detailEdge(store: AppStore, ctx: DispatchContext, edge: 'top' | 'bottom'): void {
  const state = store.getState();
  if (edge === 'top') return state.patchDetail({ scroll: 0 });
  const pane = detailPaneOf(state, ctx.terminal);
  if (!pane) return;
  let view = paneViewport(pane.kind, pane.row, pane.width, pane.rows, ctx.color, state.detail.scroll, pane.owner);
  for (let round = 0; round < BOTTOM_ROUNDS && (!view.exact || view.start < view.maxScroll); round++) {
    view = paneViewport(pane.kind, pane.row, pane.width, pane.rows, ctx.color, view.maxScroll, pane.owner);
  }
  state.patchDetail({ scroll: view.start });
}
