// Pages into lists: the request scheduler (scheduler.ts) asks the server or its cache for the page
// a list wants, and an answer lands here: past the end, the list steps back to its last page; a
// new answer to the page on screen while live is a refresh whose changes are marked; a user's
// page also updates their summary's figures; a failure keeps the rows on screen and says which
// page failed.
import { ApiError, isApiFailure, NetworkError, type ApiFailure } from '../api/errors.js';
import { authProblem } from '../api/authProblem.js';
import type { AnyRow } from '../api/pages.js';
import { isUserTab, type ListKind } from '../lists/names.js';
import type { Page } from '../api/schemas.js';
import { shownRows } from '../domain/pageSort.js';
import { learnedLastPage, pastTheEnd, positionForSize } from '../domain/paging.js';
import { fetchPage, rowFilterText } from '../lists/registry.js';
import { setFilterText } from '../domain/rows.js';
import type { StoreDeps, StoreGet, StoreSet } from './deps.js';
import { summaryFromPage } from './figures.js';
import type { Flasher } from './flash.js';
import { requestOf, type ListEdits } from './listEdits.js';
import { refreshedRows } from './liveMarks.js';
import { PAGE_CACHE_PAGES, RequestScheduler, requestKey } from './scheduler.js';
import { currentList, ownerName } from './selectors.js';
import { positionStep } from './position.js';
import type { ConnectionState, ListState } from './types.js';
import type { PageRequest } from '../lists/types.js';

/**
 * The header's state after a failed page: a server that cannot be reached is failing; one that
 * refused the credentials is refused whatever came before (the token no longer works); any other
 * answer leaves a working connection as it was, and is no proof of one before it worked.
 */
function connectionAfter(state: ConnectionState, error: unknown): ConnectionState {
  if (error instanceof NetworkError) return 'failing';
  if (error instanceof ApiError && authProblem(error) !== undefined) return 'refused';
  return state === 'ok' ? 'ok' : 'refused';
}

export interface PageLoads {
  scheduler: RequestScheduler;
  /** Shows the page the list wants, from the cache or the server (`force`: the server). */
  request(key: string, force: boolean): void;
  /** Changes what the list wants, then requests it. */
  changeList(key: string, patch: Partial<ListState>, force?: boolean): void;
  /** Gives the list `size` rows per page, keeping the cursor's row selected. */
  resizeList(key: string, size: number): void;
  /** Stops the walk the list's load runs (PageProgress), which then answers with what it found; false when none runs. */
  stopWalk(key: string): boolean;
}

interface PageLoadNeeds {
  patchList: ListEdits['patchList'];
  flash: Flasher['show'];
  rememberUser(userID: string): void;
  /** A fresh page of the list on screen arrived while the live view is on. */
  refreshedLive(): void;
}

export function createPageLoads(set: StoreSet, get: StoreGet, deps: StoreDeps, needs: PageLoadNeeds): PageLoads {
  const { patchList } = needs;

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
      if (get().lists[key] && currentList(get())?.key === key) needs.flash(text, 'info');
      return;
    }
    // Only a user the server answered for goes to the picker's history, not every ID typed.
    if (list.userID !== undefined && list.loadedPage === null) needs.rememberUser(list.userID);
    // What `/` matches on each row: its cells as drawn and its IDs (domain/rows.ts), when a filter reads them.
    // The closures keep the list's kind and user, never the list: an old page's state would stay alive through them.
    const { kind, userID } = list;
    const cells = () => ({ ownerID: userID, ownerName: ownerName(get(), userID), now: new Date() });
    for (const row of page.rows) setFilterText(row, () => rowFilterText(kind, row, cells()));
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
      sent: page.sent,
      // A page from the cache may be older than the figures around it: the status line says so.
      cachedAt: cached ? receivedAt : undefined,
      knownLastPage: learnedLastPage(page, list.page, list.size, list.knownLastPage),
      loading: false,
      progress: undefined,
      error: null,
      failedPage: undefined,
      pendingCursor: undefined,
    });
    // A position asked for before its page was known (`:seq N`, a found message's history): go on to it.
    if (list.pendingPosition !== undefined) goOnToPosition(key, list.pendingPosition);
    // The summary says what this reply says (figures.ts): one source for each figure on screen.
    const shown = list.userID !== undefined && isUserTab(list.kind) ? get().summaries[list.userID]?.[list.kind] : undefined;
    const figures = !cached && list.userID !== undefined ? summaryFromPage(list.kind, list.query, page, Date.now(), { before: shown, page: list.page, size: list.size }) : undefined;
    if (figures && list.userID !== undefined) {
      const userID = list.userID;
      set((s) => {
        const summary = s.summaries[userID];
        return summary ? { summaries: { ...s.summaries, [userID]: { ...summary, ...figures } } } : {};
      });
    }
    if (!cached && key === currentList(get())?.key && get().live.on) {
      set((s) => ({ live: { ...s.live, refreshedAt: Date.now() } }));
      needs.refreshedLive();
    }
  };

  const goOnToPosition = (key: string, n: number): void => {
    const list = get().lists[key];
    if (!list) return;
    const step = positionStep(list, n);
    if (step.kind === 'wait') return;
    if (step.kind === 'page') return changeList(key, { page: step.page, pendingCursor: 0, filter: '', failedPage: undefined });
    patchList(key, { pendingPosition: undefined, ...(step.kind === 'here' ? { cursor: step.cursor } : {}) });
    if (step.kind === 'refused') needs.flash(step.error, 'error');
  };

  // The stop of each list's load now running, for a load that walks (PageProgress).
  const stops = new Map<string, AbortController>();
  const fetchWithProgress = (pageRequest: PageRequest, signal: AbortSignal, key: string): Promise<Page<AnyRow>> => {
    const stop = new AbortController();
    stops.set(key, stop);
    const report = (words: string): void => {
      if (!signal.aborted && !stop.signal.aborted && get().lists[key]?.loading) patchList(key, { progress: words });
    };
    return fetchPage(deps.client, pageRequest, signal, { report, stop: stop.signal }).finally(() => {
      if (stops.get(key) === stop) stops.delete(key);
    });
  };

  const scheduler = new RequestScheduler(
    fetchWithProgress,
    {
      page: applyPage,
      failure(key, error) {
        const list = get().lists[key];
        if (!list) return;
        // A failed step leaves the list on the page whose rows are on screen, and says which failed.
        const stepped = list.loadedPage !== null && list.loadedPage !== list.page;
        patchList(key, {
          loading: false,
          progress: undefined,
          error: toFailure(error, list.kind),
          pendingCursor: undefined,
          ...(stepped ? { failedPage: list.page, page: list.loadedPage ?? list.page } : { failedPage: undefined }),
        });
        const connection = connectionAfter(get().connection, error);
        if (get().connection !== connection) set({ connection });
      },
    },
    deps.cacheSize ?? PAGE_CACHE_PAGES,
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

  return {
    scheduler,
    request,
    changeList,
    stopWalk(key) {
      const stop = stops.get(key);
      if (!stop || stop.signal.aborted || get().lists[key]?.progress === undefined) return false;
      stop.abort();
      patchList(key, { progress: 'stopping' });
      return true;
    },
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

/** Any failure as the error a list shows: a bug of ours must still show as a message, not crash the app. */
export function toFailure(error: unknown, kind: ListKind): ApiFailure {
  if (isApiFailure(error)) return error;
  return new ApiError(0, error instanceof Error ? error.message : String(error), '', {
    operation: kind,
    operationID: '',
  });
}
