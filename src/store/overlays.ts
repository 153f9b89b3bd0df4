// What is in front of the operator, innermost first: the one order of it. Esc closes the first
// one open, one per press, each by its own rule. An overlay's own keys (the question's answers,
// the log's scrolling) are rows of the keys' bindings in a scope of their own (`keys`), which
// dispatch and the footer take from here (keysInFront), in this order. A new overlay is a row
// here, in its place, rather than a branch in a cascade of ifs; a screen drawn over the body is a
// row of bodyScreens.ts, and those rows stand here in their place. An export is never cancelled by
// Esc alone: Esc reaching it asks, and only the answer yes (keys/promptKeys.ts) cancels.
import { requestKey } from './scheduler.js';
import { requestOf } from './listEdits.js';
import { currentList } from './selectors.js';
import { listDef } from '../lists/registry.js';
import { BODY_SCREENS, type BodyScreenName } from './bodyScreens.js';
import type { AppActions } from './actions.js';
import type { AppState, ListState } from './types.js';

type State = AppState & AppActions;

type OverlayName =
  | 'question'
  | 'prompt'
  | 'exportQuestion'
  | BodyScreenName
  | 'walk'
  | 'load'
  | 'detailSearch'
  | 'detailFull'
  | 'detail'
  | 'filter'
  | 'export'
  | 'narrowed';

/** The scope of the keys' bindings an overlay's own keys are (keys/binding.ts Scope). */
type KeyLayer = 'question' | 'prompt' | BodyScreenName;

interface Overlay {
  name: OverlayName;
  open(state: State): boolean;
  /** Its own keys, while it is open; `alone`: no key reaches what is behind it. */
  keys?: { scope: KeyLayer; alone: boolean };
  /** Esc: closes it (or, for the export, asks). */
  escape(state: State): void;
}

/**
 * The page a list showed before the load now running, when the load can be given up and that
 * page kept: a page step or a new page size (not a new query, whose old rows answer another question).
 */
export function keptPage(list: ListState): { page: number; size: number } | undefined {
  if (!list.loading || list.loadedPage === null || list.loadedKey === undefined) return undefined;
  const kept = { page: list.loadedPage, size: list.loadedSize ?? list.size };
  return requestKey(requestOf({ ...list, ...kept })) === list.loadedKey ? kept : undefined;
}

const narrowed = (list: ListState | undefined): boolean => list !== undefined && listDef(list.kind).query.narrowed(list.query);

/** Innermost first: the order docs/keys.md gives. */
const OVERLAYS: readonly Overlay[] = [
  // The question on the status line takes its answers first, whatever else is open; Esc answers no.
  {
    name: 'question',
    open: asking,
    keys: { scope: 'question', alone: false },
    escape: (s) => (s.prompt?.kind === 'exportConfirm' ? s.cancelPrompt() : s.keepExporting()),
  },
  // An open prompt takes every key: its own rows, else a character is typed.
  { name: 'prompt', open: (s) => s.prompt !== null, keys: { scope: 'prompt', alone: true }, escape: (s) => s.cancelPrompt() },
  {
    name: 'exportQuestion',
    open: (s) => Boolean(s.exporting?.quitAsked || s.exporting?.cancelAsked),
    // Its answers are rows of the keys' bindings (keys/promptKeys.ts, the `question` scope).
    escape: (s) => s.keepExporting(),
  },
  // The screens over the body (bodyScreens.ts), each with its keys' scope of its name.
  ...BODY_SCREENS.map(
    (screen): Overlay => ({ name: screen.name, open: screen.open, keys: { scope: screen.name, alone: true }, escape: screen.escape }),
  ),
  // A load that walks (a member search on the client): Esc stops it, and what it found shows.
  {
    name: 'walk',
    open: (s) => {
      const list = currentList(s);
      return list !== undefined && list.loading && list.progress !== undefined && list.progress !== 'stopping';
    },
    escape: (s) => s.stopWalk(),
  },
  // A page step still loading: Esc gives it up and keeps the page on screen (and the keys typed behind it).
  {
    name: 'load',
    open: (s) => {
      const list = currentList(s);
      return list !== undefined && list.loading && (keptPage(list) !== undefined || s.typedAhead > 0);
    },
    escape: (s) => s.cancelLoad(),
  },
  { name: 'detailSearch', open: (s) => s.detail.open && s.detail.search !== null, escape: (s) => s.patchDetail({ search: null }) },
  { name: 'detailFull', open: (s) => s.detail.open && s.detail.full, escape: (s) => s.toggleDetail() },
  { name: 'detail', open: (s) => s.detail.open, escape: (s) => s.toggleDetail() },
  { name: 'filter', open: (s) => Boolean(currentList(s)?.filter), escape: (s) => s.clearFilter() },
  // Behind everything drawn over the list: Esc asks whether to cancel, never cancels at once.
  { name: 'export', open: (s) => s.exporting !== null, escape: (s) => s.askCancelExport() },
  {
    name: 'narrowed',
    open: (s) => narrowed(currentList(s)),
    escape: (s) => s.clearQuery(),
  },
];

/** The innermost overlay open, if any. */
export function frontOverlay(state: State): Overlay | undefined {
  return OVERLAYS.find((o) => o.open(state));
}

/** The question on the status line: is one asked (the export's size question, or cancelling one)? */
export function asking(s: AppState): boolean {
  return s.prompt?.kind === 'exportConfirm' || (s.prompt === null && s.exporting?.cancelAsked === true);
}

/**
 * Whose keys a key reaches, innermost first: the open overlays' own scopes, down to the first that
 * takes every key; `screen`: the screen's keys come after them (none is alone).
 */
export function keysInFront(state: State): { scopes: KeyLayer[]; screen: boolean } {
  const scopes: KeyLayer[] = [];
  for (const overlay of OVERLAYS) {
    if (!overlay.keys || !overlay.open(state)) continue;
    scopes.push(overlay.keys.scope);
    if (overlay.keys.alone) return { scopes, screen: false };
  }
  return { scopes, screen: true };
}
