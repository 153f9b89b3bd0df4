// What the slices share: the dependencies the store was made with, the request scheduler, the live
// view's refresher, the flash, and the few list operations every slice needs. Built once per
// store, handed to each slice.
import type { StoreApi } from 'zustand/vanilla';
import type { OpenIMClient } from '../api/client.js';
import { ApiError, isApiFailure, NetworkError, type ApiFailure } from '../api/errors.js';
import type { AnyRow, ListKind, PageRequest } from '../api/pages.js';
import { fetchPage } from '../lists/registry.js';
import type { Page } from '../api/schemas.js';
import { learnedLastPage, pastTheEnd, positionForSize } from '../domain/paging.js';
import type { OpenExport } from '../data/exportFile.js';
import { DEFAULT_INTERVAL_MS, LiveRefresher, realTimers, type ClassifyRefreshError, type RefreshTimers } from '../data/liveRefresh.js';
import { classifyRefreshError } from '../data/refreshErrors.js';
import { createFlasher, type Flasher } from './flash.js';
import { refreshedRows } from './liveMarks.js';
import { RequestScheduler, requestKey } from './scheduler.js';
import { summaryFromPage } from './figures.js';
import { shownRows } from '../domain/pageSort.js';
import { currentList, currentScreen as currentScreenOf, listKeyFor, pageSizeFor } from './selectors.js';
import type { AppState, ListState, Screen } from './types.js';
import type { ColumnChoice } from '../lists/columnChoice.js';

export interface StoreDeps {
  client: OpenIMClient;
  pageSize: number;
  /** The page that fits under a user screen's summary (default: pageSize). */
  userPageSize?: number;
  /** The page size was chosen (flag, profile) rather than fitted to the terminal. */
  pageSizeFixed?: boolean;
  /** Puts text on the clipboard (OSC 52 in the app). */
  copy?: (text: string) => void;
  /** Remembers the user picker's history between runs. */
  recent?: { load(): string[]; save(ids: string[]): void };
  quit?: () => void;
  /** Switches server (`:profile`); returns an error text when it cannot. */
  switchProfile?: (name: string) => string | undefined;
  /** The config file's profile names, for completing `:profile`. */
  profileNames?: () => string[];
  cacheSize?: number;
  /** Creates the file an export (`e`) writes; without it, export is unavailable. */
  openExport?: OpenExport;
  /** The live view's interval (`--watch`, the profile's `watch`); default 5 s. */
  liveIntervalMs?: number;
  /** The live view's clock and timers; tests give fake ones. */
  liveTimers?: RefreshTimers;
  /** Which refresh failures are waited out (429, 5xx, network) and which stop the live view. */
  classifyRefreshError?: ClassifyRefreshError;
  /** The config file's columns per list (checked at start); `:columns` changes them for the session. */
  columns?: ColumnChoice;
}

export interface SliceTools {
  deps: StoreDeps;
  scheduler: RequestScheduler;
  /** The live view's rules, refreshing the list on screen through the scheduler. */
  live: LiveRefresher;
  /** A message in the status line, for the screen on top now. */
  flash: Flasher['show'];
  /** Clears the status line's message: navigation and each new step start with none. */
  clearFlash(): void;
  /** The list on screen. */
  current(): ListState | undefined;
  patchList(key: string, patch: Partial<ListState>): void;
  /** Creates the list of `screen` if it does not exist yet; returns its key. */
  ensureList(screen: Screen): string;
  /** Shows the page the list wants, from the cache or the server (`force`: the server). */
  request(key: string, force: boolean): void;
  /** Changes what the list wants, then requests it. */
  changeList(key: string, patch: Partial<ListState>, force?: boolean): void;
  /** Puts a user the server answered for at the head of the picker's history. */
  rememberUser(userID: string): void;
  /** Gives the list `size` rows per page, keeping the cursor's row selected. */
  resizeList(key: string, size: number): void;
}

/** How many user IDs the picker remembers. */
export const RECENT_LIMIT = 10;

type Set = StoreApi<AppState>['setState'];
type Get = StoreApi<AppState>['getState'];

export function createSliceTools(set: Set, get: Get, deps: StoreDeps): SliceTools {
  const flasher = createFlasher((flash) => set({ flash }));
  const showFlash: Flasher['show'] = (text, level) => flasher.show(text, level, listKeyFor(currentScreenOf(get())));

  const patchList = (key: string, patch: Partial<ListState>): void =>
    set((s) => {
      const list = s.lists[key];
      return list ? { lists: { ...s.lists, [key]: { ...list, ...patch } } } : {};
    });

  const rememberUser = (userID: string): void => {
    const recentUsers = [userID, ...get().recentUsers.filter((id) => id !== userID)].slice(0, RECENT_LIMIT);
    set({ recentUsers });
    deps.recent?.save(recentUsers);
  };

  const applyPage = (key: string, page: Page<AnyRow>, cached: boolean, receivedAt?: number): void => {
    const list = get().lists[key];
    if (!list) return;
    if (!cached && get().connection !== 'ok') set({ connection: 'ok' });
    const end = pastTheEnd(page, list.page, list.size);
    if (end) {
      // Never an empty page as if it were the list: back to the last page with rows.
      const text =
        end.lastPage !== undefined
          ? `end of list: page ${end.page} is the last`
          : `end of list: page ${list.page} is past it; showing page ${end.page}`;
      patchList(key, {
        page: end.page,
        knownLastPage: page.totalExact ? undefined : end.lastPage,
        // Back to the rows on screen: the cursor stays where it was.
        pendingCursor: end.page === list.loadedPage ? undefined : 0,
      });
      request(key, false);
      if (get().lists[key] && currentList(get())?.key === key) showFlash(text, 'info');
      return;
    }
    // Only a user the server answered for goes to the picker's history, not every ID typed.
    if (list.userID !== undefined && list.loadedPage === null) rememberUser(list.userID);
    const loadedKey = requestKey(requestOf(list));
    // A new answer to the request already on screen, while live: a refresh, to diff and mark.
    const refreshed = loadedKey === list.loadedKey && !cached && get().live.on;
    const cursor = list.pendingCursor ?? list.cursor;
    const rows = refreshed
      ? refreshedRows(list, page.rows)
      : { rows: page.rows, cursor: Math.min(cursor, Math.max(0, page.rows.length - 1)), changes: loadedKey === list.loadedKey ? list.changes : undefined };
    patchList(key, {
      ...rows,
      loadedPage: list.page,
      loadedKey,
      loadedSize: list.size,
      total: page.total,
      totalExact: page.totalExact,
      extra: page.extra,
      notice: page.notice,
      // A page from the cache may be older than the figures around it: the status line says so.
      cachedAt: cached ? receivedAt : undefined,
      knownLastPage: learnedLastPage(page, list.page, list.size, list.knownLastPage),
      loading: false,
      error: null,
      failedPage: undefined,
      pendingCursor: undefined,
    });
    // The summary says what this reply says (figures.ts): one source for each figure on screen.
    const figures = !cached && list.userID !== undefined ? summaryFromPage(list.kind, list.query, page, Date.now()) : undefined;
    if (figures && list.userID !== undefined) {
      const userID = list.userID;
      set((s) => {
        const summary = s.summaries[userID];
        return summary ? { summaries: { ...s.summaries, [userID]: { ...summary, ...figures } } } : {};
      });
    }
    if (!cached && key === currentList(get())?.key && get().live.on) {
      set((s) => ({ live: { ...s.live, refreshedAt: Date.now() } }));
      live.touch();
    }
  };

  const scheduler = new RequestScheduler(
    (request, signal) => fetchPage(deps.client, request, signal),
    {
      page: applyPage,
      failure(key, error) {
        const list = get().lists[key];
        if (!list) return;
        // A failed step leaves the list on the page whose rows are on screen, and says which failed.
        const stepped = list.loadedPage !== null && list.loadedPage !== list.page;
        patchList(key, {
          loading: false,
          error: toFailure(error, list.kind),
          pendingCursor: undefined,
          ...(stepped ? { failedPage: list.page, page: list.loadedPage ?? list.page } : { failedPage: undefined }),
        });
        const connection = error instanceof NetworkError ? 'failing' : 'ok';
        if (get().connection !== connection) set({ connection });
      },
    },
    deps.cacheSize ?? 64,
  );

  function request(key: string, force: boolean): void {
    const list = get().lists[key];
    if (!list) return;
    if (scheduler.want(key, requestOf(list), force) === 'waiting') patchList(key, { loading: true });
  }

  const changeList = (key: string, patch: Partial<ListState>, force = false): void => {
    patchList(key, patch);
    request(key, force);
  };

  const live = new LiveRefresher({
    intervalMs: deps.liveIntervalMs ?? DEFAULT_INTERVAL_MS,
    timers: deps.liveTimers ?? realTimers(true),
    classify: deps.classifyRefreshError ?? classifyRefreshError,
    refresh(signal) {
      const list = currentList(get());
      // What the list wants: the page on screen, or the one whose request failed (a retry).
      return list ? scheduler.refresh(list.key, requestOf(list), signal) : Promise.resolve();
    },
    onStatus(status) {
      set((s) => ({ live: { ...s.live, status, ...(status.state === 'stopped' ? { on: false } : {}) } }));
      // A refresh that got no answer says so in the header too; the next page that arrives says otherwise.
      if (status.state === 'backing-off' && status.error instanceof NetworkError && get().connection !== 'failing') {
        set({ connection: 'failing' });
      }
      if (status.state !== 'stopped') return;
      // An error that waiting will not cure: it shows like any failure, and the view stops.
      const list = currentList(get());
      if (list) patchList(list.key, { error: toFailure(status.error, list.kind), changes: undefined });
      flasher.show('live view stopped: w starts it again', 'error');
    },
  });

  return {
    deps,
    scheduler,
    live,
    flash: showFlash,
    clearFlash: () => {
      if (get().flash) flasher.clear();
    },
    current: () => currentList(get()),
    patchList,
    ensureList(screen) {
      const key = listKeyFor(screen);
      if (!get().lists[key]) {
        const kind: ListKind = screen.name === 'user' ? screen.tab : screen.name;
        const list: ListState = {
          key,
          kind,
          ...(screen.name === 'user' ? { userID: screen.userID } : {}),
          page: 1,
          size: pageSizeFor(get(), screen),
          query: { keyword: '', conversationIDs: [] },
          rows: [],
          loadedPage: null,
          total: 0,
          totalExact: true,
          loading: false,
          error: null,
          cursor: 0,
          filter: '',
        };
        set((s) => ({ lists: { ...s.lists, [key]: list } }));
      }
      return key;
    },
    request,
    rememberUser,
    changeList,
    resizeList(key, size) {
      const list = get().lists[key];
      if (!list || list.size === size) return;
      // The cursor indexes the filtered rows; its place in the page is what must survive.
      const row = shownRows(list)[list.cursor];
      const index = row === undefined ? 0 : Math.max(0, list.rows.indexOf(row));
      const at = positionForSize(list.loadedPage ?? list.page, list.size, index, size);
      changeList(key, {
        size,
        page: at.page,
        pendingCursor: at.cursor,
        filter: '',
        knownLastPage: undefined,
        failedPage: undefined,
      });
    },
  };
}

/** The request for the page the list wants. */
export function requestOf(list: ListState): PageRequest {
  const spec = { kind: list.kind, page: list.page, size: list.size, query: list.query };
  return list.userID !== undefined ? { ...spec, userID: list.userID } : spec;
}

function toFailure(error: unknown, kind: ListKind): ApiFailure {
  if (isApiFailure(error)) return error;
  // A bug of ours must still show as a message, not crash the app.
  return new ApiError(0, error instanceof Error ? error.message : String(error), '', {
    operation: kind,
    operationID: '',
  });
}
