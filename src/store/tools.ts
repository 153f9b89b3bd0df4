// What the slices share: the dependencies the store was made with, the request scheduler, the live
// view's refresher, the flash, and the few list operations every slice needs. Built once per
// store, handed to each slice.
import type { StoreApi } from 'zustand/vanilla';
import type { OpenIMClient } from '../api/client.js';
import { ApiError, isApiFailure, NetworkError, type ApiFailure } from '../api/errors.js';
import { fetchPage, type AnyRow, type ListKind, type PageRequest } from '../api/pages.js';
import type { Page } from '../api/schemas.js';
import { learnedLastPage } from '../domain/paging.js';
import type { OpenExport } from '../data/exportFile.js';
import { DEFAULT_INTERVAL_MS, LiveRefresher, realTimers, type ClassifyRefreshError, type RefreshTimers } from '../data/liveRefresh.js';
import { classifyRefreshError } from '../data/refreshErrors.js';
import { createFlasher, type Flasher } from './flash.js';
import { refreshedRows } from './liveMarks.js';
import { RequestScheduler, requestKey } from './scheduler.js';
import { currentList, listKeyFor } from './selectors.js';
import type { AppState, ListState, Screen } from './types.js';

export interface StoreDeps {
  client: OpenIMClient;
  pageSize: number;
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
}

export interface SliceTools {
  deps: StoreDeps;
  scheduler: RequestScheduler;
  /** The live view's rules, refreshing the list on screen through the scheduler. */
  live: LiveRefresher;
  flash: Flasher['show'];
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
}

/** How many user IDs the picker remembers. */
export const RECENT_LIMIT = 10;

type Set = StoreApi<AppState>['setState'];
type Get = StoreApi<AppState>['getState'];

export function createSliceTools(set: Set, get: Get, deps: StoreDeps): SliceTools {
  const flasher = createFlasher((flash) => set({ flash }));

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

  const applyPage = (key: string, page: Page<AnyRow>, cached: boolean): void => {
    const list = get().lists[key];
    if (!list) return;
    // Only a user the server answered for goes to the picker's history, not every ID typed.
    if (list.userID !== undefined && list.loadedPage === null) rememberUser(list.userID);
    const loadedKey = requestKey(requestOf(list));
    // A new answer to the request already on screen, while live: a refresh, to diff and mark.
    const refreshed = loadedKey === list.loadedKey && !cached && get().live.on;
    const rows = refreshed
      ? refreshedRows(list, page.rows)
      : { rows: page.rows, cursor: Math.min(list.cursor, Math.max(0, page.rows.length - 1)), changes: loadedKey === list.loadedKey ? list.changes : undefined };
    patchList(key, {
      ...rows,
      loadedPage: list.page,
      loadedKey,
      total: page.total,
      totalExact: page.totalExact,
      extra: page.extra,
      notice: page.notice,
      knownLastPage: learnedLastPage(page, list.page, list.size, list.knownLastPage),
      loading: false,
      error: null,
    });
    if (!cached && get().connection !== 'ok') set({ connection: 'ok' });
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
        patchList(key, { loading: false, error: toFailure(error, list.kind) });
        const connection = error instanceof NetworkError ? 'failing' : 'ok';
        if (get().connection !== connection) set({ connection });
      },
    },
    deps.cacheSize ?? 64,
  );

  const request = (key: string, force: boolean): void => {
    const list = get().lists[key];
    if (!list) return;
    if (scheduler.want(key, requestOf(list), force) === 'waiting') patchList(key, { loading: true });
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
    flash: flasher.show,
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
          size: deps.pageSize,
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
    changeList(key, patch, force = false) {
      patchList(key, patch);
      request(key, force);
    },
  };
}

/** The request for the page the list wants. */
function requestOf(list: ListState): PageRequest {
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
