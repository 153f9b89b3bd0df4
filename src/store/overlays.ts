// What is in front of the operator, innermost first. Esc closes the first one open, one per
// press, each by its own rule; an overlay may also take keys of its own before the screen's
// bindings (the export's question takes y and n, the message log its scrolling). A new overlay
// is a row here, in its place, rather than a branch in a cascade of ifs.
// An export is never cancelled by Esc alone: Esc reaching it asks, and only `y` cancels.
import { requestKey } from './scheduler.js';
import { requestOf } from './listEdits.js';
import { currentList } from './selectors.js';
import { listDef } from '../lists/registry.js';
import type { AppActions } from './actions.js';
import type { AppState, ListState } from './types.js';

type State = AppState & AppActions;

type OverlayName =
  | 'prompt'
  | 'exportQuestion'
  | 'help'
  | 'log'
  | 'load'
  | 'detailSearch'
  | 'detailFull'
  | 'detail'
  | 'filter'
  | 'export'
  | 'narrowed';

interface Overlay {
  name: OverlayName;
  open(state: State): boolean;
  /** Esc: closes it (or, for the export, asks). */
  escape(state: State): void;
  /** A key of its own: true when it took the key. */
  key?(key: string, state: State): boolean;
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

const LOG_KEYS: Record<string, number | 'top' | 'bottom'> = { j: 1, down: 1, k: -1, up: -1, ' ': 10, pagedown: 10, b: -10, pageup: -10, g: 'top', G: 'bottom' };

/** Innermost first: the order docs/keys.md gives. */
const OVERLAYS: readonly Overlay[] = [
  { name: 'prompt', open: (s) => s.prompt !== null, escape: (s) => s.cancelPrompt() },
  {
    name: 'exportQuestion',
    open: (s) => Boolean(s.exporting?.quitAsked || s.exporting?.cancelAsked),
    escape: (s) => s.keepExporting(),
    key(key, s) {
      if (!s.exporting?.cancelAsked) return false;
      if (key === 'y') s.cancelExport();
      else if (key === 'n') s.keepExporting();
      else return false;
      return true;
    },
  },
  { name: 'help', open: (s) => s.help, escape: (s) => s.toggleHelp() },
  {
    name: 'log',
    open: (s) => s.log !== null,
    escape: (s) => s.closeLog(),
    key(key, s) {
      if (key === 'q' || key === 'L' || key === 'escape') s.closeLog();
      else if (key in LOG_KEYS) s.scrollLog(LOG_KEYS[key]!);
      // The log is read-only and in front of the page: no other key reaches the page behind it.
      return true;
    },
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
