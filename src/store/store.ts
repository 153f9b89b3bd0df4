// The app's one store: navigation, every list's paging state, and the UI modes. Actions start
// requests; at most one request per list is in flight, rapid page steps coalesce into the newest
// page, and a response that no longer matches what the list wants is cached but never shown.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { OpenIMClient } from '../api/client.js';
import { AbortedError, ApiError, isApiFailure, NetworkError, type ApiFailure } from '../api/errors.js';
import type { Page } from '../api/schemas.js';
import { dataEncoder } from '../scripting/formats.js';
import { exportFileName, type ExportSink, type OpenExport } from '../scripting/exportFile.js';
import { listFetcher, walkPages } from '../scripting/walk.js';
import { PageCache } from './cache.js';
import { parseCommand } from './commands.js';
import { sourcesFor, type CompletionSources } from './completion.js';
import { fetchPage, queryKey, requestKey } from './fetchers.js';
import { hasNextPage, nextPageSize, pageCount, pageForNewSize } from './paging.js';
import { checkPromptLine, openedPrompt, promptAfterInput, withHistory } from './prompt.js';
import { userNamedByRow, visibleRows } from './rows.js';
import {
  USER_TABS,
  type AnyRow,
  type AppState,
  type ListKind,
  type ListQuery,
  type ListState,
  type PromptInput,
  type PromptKind,
  type Screen,
  type UserTab,
} from './types.js';

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
}

export interface AppActions {
  /** Loads the screen on top of the stack (the home screen at start). */
  start(): void;
  // navigation
  openUser(userID: string): void;
  goTo(screen: 'users' | 'accounts'): void;
  back(): void;
  setTab(tab: UserTab): void;
  cycleTab(direction: 1 | -1): void;
  // lists
  load(key: string): void;
  reload(): void;
  nextPage(): void;
  prevPage(): void;
  goToPage(page: number): void;
  changePageSize(direction: 1 | -1): void;
  moveCursor(delta: number): void;
  cursorTo(where: 'first' | 'last'): void;
  // rows
  openRow(): void;
  openNamedUser(): void;
  copyRow(): void;
  // modes
  openPrompt(kind: PromptKind, value?: string): void;
  /** A key or a paste for the prompt's line editor. */
  editPrompt(input: PromptInput): void;
  submitPrompt(): void;
  cancelPrompt(): void;
  toggleHelp(): void;
  toggleDetail(): void;
  scrollDetail(delta: number): void;
  escape(): void;
  flashInfo(text: string): void;
  /** Writes every page of the current list to a file; progress in `exporting`. */
  exportView(format: 'json' | 'csv'): void;
  cancelExport(): void;
  quit(): void;
  runCommand(line: string): void;
}

export type AppStore = StoreApi<AppState & AppActions>;

/** Request counters, for the benchmarks; not part of the rendered state. */
export interface RequestStats {
  started: number;
  discarded: number;
  maxInFlight: number;
}

const RECENT_LIMIT = 10;
/** Rows per request of an export: fewer round trips than the screen's page size. */
const EXPORT_PAGE_SIZE = 100;

export function listKeyFor(screen: Screen): string {
  return screen.name === 'user' ? `${screen.tab}:${screen.userID}` : screen.name;
}

export function currentScreen(state: AppState): Screen {
  return state.nav[state.nav.length - 1] ?? { name: 'users' };
}

export function currentList(state: AppState): ListState | undefined {
  return state.lists[listKeyFor(currentScreen(state))];
}

export function selectedRow(state: AppState): AnyRow | undefined {
  const list = currentList(state);
  return list ? visibleRows(list)[list.cursor] : undefined;
}

export function createAppStore(deps: StoreDeps): AppStore & { stats: RequestStats } {
  const cache = new PageCache<Page<AnyRow>>(deps.cacheSize ?? 64);
  const inFlight = new Map<string, { reqKey: string; query: string; controller: AbortController }>();
  const stats: RequestStats = { started: 0, discarded: 0, maxInFlight: 0 };
  let flashTimer: ReturnType<typeof setTimeout> | undefined;
  let exportController: AbortController | undefined;

  const store = createStore<AppState & AppActions>()((set, get) => {
    const patchList = (key: string, patch: Partial<ListState>): void =>
      set((s) => {
        const list = s.lists[key];
        return list ? { lists: { ...s.lists, [key]: { ...list, ...patch } } } : {};
      });

    const ensureList = (screen: Screen): string => {
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
    };

    const applyPage = (key: string, page: Page<AnyRow>): void => {
      const list = get().lists[key];
      if (!list) return;
      // Only a user the server answered for goes to the picker's history, not every ID typed.
      if (list.userID !== undefined && list.loadedPage === null) rememberUser(list.userID);
      const short = page.rows.length < list.size;
      // An estimated total only learns where the list ends from a short page.
      const knownLastPage = page.totalExact ? undefined : short ? list.page : list.knownLastPage;
      patchList(key, {
        rows: page.rows,
        loadedPage: list.page,
        total: page.total,
        totalExact: page.totalExact,
        extra: page.extra,
        notice: page.notice,
        knownLastPage,
        loading: false,
        error: null,
        cursor: Math.min(list.cursor, Math.max(0, page.rows.length - 1)),
      });
    };

    const startRequest = (key: string): void => {
      const list = get().lists[key];
      if (!list) return;
      const reqKey = requestKey(list);
      const controller = new AbortController();
      inFlight.set(key, { reqKey, query: queryKey(list), controller });
      stats.started++;
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight.size);
      fetchPage(deps.client, list, controller.signal).then(
        (page) => {
          cache.set(reqKey, page);
          const now = get().lists[key];
          if (now && requestKey(now) === reqKey) {
            applyPage(key, page);
            set({ connection: 'ok' });
          } else stats.discarded++;
        },
        (error: unknown) => {
          if (error instanceof AbortedError && controller.signal.aborted) return;
          const now = get().lists[key];
          if (now && requestKey(now) === reqKey) {
            patchList(key, { loading: false, error: toFailure(error, list.kind) });
            set({ connection: error instanceof NetworkError ? 'failing' : 'ok' });
          } else stats.discarded++;
        },
      ).finally(() => {
        if (inFlight.get(key)?.controller === controller) inFlight.delete(key);
        // The list moved on while this was in flight: fetch what it wants now.
        const now = get().lists[key];
        if (now && now.loading && requestKey(now) !== reqKey && !inFlight.has(key)) request(key, false);
      });
    };

    /** Shows the list's wanted page from the cache, or fetches it. */
    const request = (key: string, force: boolean): void => {
      const list = get().lists[key];
      if (!list) return;
      const reqKey = requestKey(list);
      const cached = force ? undefined : cache.get(reqKey);
      if (cached) {
        applyPage(key, cached);
        return;
      }
      patchList(key, { loading: true });
      const running = inFlight.get(key);
      if (running) {
        if (running.reqKey === reqKey && !force) return;
        // Page steps wait for the running request (one in flight, results in order);
        // a reload or a new query makes the running one useless, so it is cancelled.
        if (!force && running.query === queryKey(list)) return;
        running.controller.abort();
        inFlight.delete(key);
      }
      startRequest(key);
    };

    const changeList = (key: string, patch: Partial<ListState>, force = false): void => {
      patchList(key, patch);
      request(key, force);
    };

    const current = (): ListState | undefined => currentList(get());

    /** Puts `screen` on top (pushed, or replacing the top) and loads its list the first time. */
    const showScreen = (screen: Screen, mode: 'push' | 'replace'): void => {
      const key = ensureList(screen);
      set((s) =>
        mode === 'push'
          ? { nav: [...s.nav, screen], detail: { open: false, scroll: 0 } }
          : { nav: [...s.nav.slice(0, -1), screen], detail: { ...s.detail, scroll: 0 } },
      );
      const list = get().lists[key];
      if (list && list.loadedPage === null && !list.loading) request(key, false);
    };

    const rememberUser = (userID: string): void => {
      const recentUsers = [userID, ...get().recentUsers.filter((id) => id !== userID)].slice(0, RECENT_LIMIT);
      set({ recentUsers });
      deps.recent?.save(recentUsers);
    };

    const completionSources = (): CompletionSources =>
      sourcesFor(get().recentUsers, current(), () => deps.profileNames?.() ?? []);

    const flash = (text: string, level: 'info' | 'error'): void => {
      set({ flash: { text, level } });
      if (flashTimer) clearTimeout(flashTimer);
      flashTimer = setTimeout(() => set({ flash: null }), level === 'info' ? 3000 : 6000);
      flashTimer.unref?.();
    };

    return {
      nav: [{ name: 'users' }],
      lists: {},
      prompt: null,
      help: false,
      detail: { open: false, scroll: 0 },
      flash: null,
      recentUsers: safeLoad(deps.recent),
      promptHistory: {},
      killRing: '',
      connection: 'connecting',
      exporting: null,

      start() {
        const key = ensureList(currentScreen(get()));
        request(key, false);
      },
      openUser(userID) {
        const id = userID.trim();
        if (!id) return;
        showScreen({ name: 'user', userID: id, tab: 'conversations' }, 'push');
      },
      goTo(name) {
        const top = currentScreen(get());
        if (top.name === name) return;
        showScreen({ name }, 'push');
      },
      back() {
        if (get().nav.length > 1) set((s) => ({ nav: s.nav.slice(0, -1), detail: { open: false, scroll: 0 } }));
      },
      setTab(tab) {
        const top = currentScreen(get());
        if (top.name !== 'user' || top.tab === tab) return;
        showScreen({ ...top, tab }, 'replace');
      },
      cycleTab(direction) {
        const top = currentScreen(get());
        if (top.name !== 'user') return;
        const at = USER_TABS.indexOf(top.tab);
        get().setTab(USER_TABS[(at + direction + USER_TABS.length) % USER_TABS.length]!);
      },

      load(key) {
        request(key, false);
      },
      reload() {
        const list = current();
        if (list) changeList(list.key, { error: null }, true);
      },
      nextPage() {
        const list = current();
        if (!list) return;
        if (!hasNextPage(list)) {
          flash(list.totalExact || list.knownLastPage ? 'already on the last page' : 'no more pages', 'info');
          return;
        }
        changeList(list.key, { page: list.page + 1, cursor: 0, filter: '' });
      },
      prevPage() {
        const list = current();
        if (!list || list.page <= 1) return;
        changeList(list.key, { page: list.page - 1, cursor: 0, filter: '' });
      },
      goToPage(page) {
        const list = current();
        if (!list) return;
        const last = list.totalExact || list.knownLastPage !== undefined ? pageCount(list) : Infinity;
        const target = Math.max(1, Math.min(page, last));
        if (target !== page) flash(`there are ${last} pages; showing page ${target}`, 'info');
        changeList(list.key, { page: target, cursor: 0, filter: '' });
      },
      changePageSize(direction) {
        const list = current();
        if (!list) return;
        const size = nextPageSize(list.size, direction);
        if (size === list.size) return;
        changeList(list.key, {
          size,
          page: pageForNewSize(list.page, list.size, size),
          cursor: 0,
          knownLastPage: undefined,
        });
        flash(`${size} rows per page`, 'info');
      },
      moveCursor(delta) {
        const list = current();
        if (!list) return;
        const count = visibleRows(list).length;
        const cursor = Math.max(0, Math.min(count - 1, list.cursor + delta));
        if (cursor !== list.cursor) {
          patchList(list.key, { cursor });
          set((s) => ({ detail: { ...s.detail, scroll: 0 } }));
        }
      },
      cursorTo(where) {
        const list = current();
        if (!list) return;
        const count = visibleRows(list).length;
        patchList(list.key, { cursor: where === 'first' ? 0 : Math.max(0, count - 1) });
        set((s) => ({ detail: { ...s.detail, scroll: 0 } }));
      },

      openRow() {
        const state = get();
        const list = current();
        const row = selectedRow(state);
        if (!list || !row) return;
        if (list.kind === 'users') {
          const id = userNamedByRow(list.kind, row, undefined);
          if (id) get().openUser(id);
          return;
        }
        set({ detail: { open: true, scroll: 0 } });
      },
      openNamedUser() {
        const list = current();
        const row = selectedRow(get());
        if (!list || !row) return;
        const id = userNamedByRow(list.kind, row, list.userID);
        if (id) get().openUser(id);
        else flash('this row names no other user', 'info');
      },
      copyRow() {
        const row = selectedRow(get());
        if (!row) return;
        if (!deps.copy) {
          flash('copying is not available here', 'error');
          return;
        }
        deps.copy(JSON.stringify(row, null, 2));
        flash('copied the row as JSON (OSC 52)', 'info');
      },

      openPrompt(kind, value) {
        const list = current();
        const initial =
          value ??
          (kind === 'search'
            ? (list?.query.keyword ?? '')
            : kind === 'conversations'
              ? (list?.query.conversationIDs.join(',') ?? '')
              : kind === 'filter'
                ? (list?.filter ?? '')
                : '');
        set({ prompt: openedPrompt(kind, initial, get().killRing, completionSources()), help: false });
      },
      editPrompt(input) {
        const state = get();
        const prompt = state.prompt;
        if (!prompt) return;
        const history = prompt.kind === 'user' ? state.recentUsers : (state.promptHistory[prompt.kind] ?? []);
        const step = promptAfterInput(prompt, input, history, completionSources());
        set({ prompt: step.prompt, killRing: step.prompt.line.killRing });
        const list = current();
        const value = step.prompt.line.text;
        // The page filter narrows as you type; the others apply on Enter.
        if (prompt.kind === 'filter' && list && value !== prompt.line.text) patchList(list.key, { filter: value, cursor: 0 });
        if (step.submit) {
          if (step.prompt.note) flash(step.prompt.note.text, 'info');
          get().submitPrompt();
        }
      },
      submitPrompt() {
        const state = get();
        const prompt = state.prompt;
        if (!prompt) return;
        const checked = checkPromptLine(prompt.kind, prompt.line.text);
        if (!checked.ok) return set({ prompt: { ...prompt, note: { text: checked.error, level: 'error' } } });
        const value = checked.value;
        set({ prompt: null, promptHistory: withHistory(state.promptHistory, prompt.kind, value) });
        const list = current();
        switch (prompt.kind) {
          case 'command':
            if (value) get().runCommand(value);
            return;
          case 'user':
            if (value) get().openUser(value);
            return;
          case 'search':
            if (list?.kind === 'accounts') setQuery(list, { keyword: value });
            return;
          case 'conversations':
            if (list?.kind === 'conversations') {
              const ids = value.split(/[\s,]+/).filter(Boolean);
              setQuery(list, { conversationIDs: ids });
            }
            return;
          case 'filter':
            if (list) patchList(list.key, { filter: value });
            return;
        }
      },
      cancelPrompt() {
        const prompt = get().prompt;
        set({ prompt: null });
        const list = current();
        if (prompt?.kind === 'filter' && list) patchList(list.key, { filter: '', cursor: 0 });
      },
      toggleHelp() {
        set((s) => ({ help: !s.help }));
      },
      toggleDetail() {
        const open = !get().detail.open;
        if (open && !selectedRow(get())) return;
        set({ detail: { open, scroll: 0 } });
      },
      scrollDetail(delta) {
        set((s) => ({ detail: { ...s.detail, scroll: Math.max(0, s.detail.scroll + delta) } }));
      },
      escape() {
        const state = get();
        const list = current();
        if (state.prompt) return get().cancelPrompt();
        if (state.exporting) return get().cancelExport();
        if (state.help) return set({ help: false });
        if (list && list.filter) return patchList(list.key, { filter: '', cursor: 0 });
        if (state.detail.open) return set({ detail: { open: false, scroll: 0 } });
        if (list && list.kind === 'accounts' && list.query.keyword) return setQuery(list, { keyword: '' });
        if (list && list.kind === 'conversations' && list.query.conversationIDs.length > 0) {
          return setQuery(list, { conversationIDs: [] });
        }
        get().back();
      },
      flashInfo(text) {
        flash(text, 'info');
      },
      exportView(format) {
        const list = current();
        if (!list) return;
        if (get().exporting) return flash('an export is already running (Esc cancels it)', 'info');
        if (!deps.openExport) return flash('exporting is not available here', 'error');
        let sink: ExportSink;
        try {
          sink = deps.openExport(exportFileName(list.kind, list.userID, format, new Date()));
        } catch (error) {
          return flash(`cannot create the export file: ${error instanceof Error ? error.message : String(error)}`, 'error');
        }
        const controller = new AbortController();
        exportController = controller;
        set({ exporting: { kind: list.kind, format, path: sink.path, pages: 0, rows: 0 } });
        const encoder = dataEncoder(list.kind, format);
        const fetch = listFetcher(deps.client, {
          kind: list.kind,
          ...(list.userID !== undefined ? { userID: list.userID } : {}),
          query: list.query,
        });
        void (async () => {
          let rows = 0;
          try {
            sink.write(encoder.begin());
            const walk = walkPages(fetch, { startPage: 1, size: EXPORT_PAGE_SIZE, all: true, signal: controller.signal });
            for await (const { page, result } of walk) {
              if (controller.signal.aborted) throw new AbortedError();
              sink.write(encoder.rows(result.rows));
              rows += result.rows.length;
              const progress = get().exporting;
              if (progress) set({ exporting: { ...progress, pages: page, rows } });
            }
            sink.write(encoder.end());
            sink.close();
            flash(`wrote ${sink.path} (${rows} rows)`, 'info');
          } catch (error) {
            sink.discard();
            if (controller.signal.aborted) flash('export cancelled; nothing written', 'info');
            else flash(`export failed: ${error instanceof Error ? error.message : String(error)}`, 'error');
          } finally {
            if (exportController === controller) exportController = undefined;
            set({ exporting: null });
          }
        })();
      },
      cancelExport() {
        exportController?.abort();
      },
      quit() {
        exportController?.abort();
        for (const { controller } of inFlight.values()) controller.abort();
        deps.quit?.();
      },
      runCommand(line) {
        const parsed = parseCommand(line);
        if (!parsed.ok) return flash(parsed.error, 'error');
        const command = parsed.command;
        switch (command.name) {
          case 'users':
          case 'accounts':
            return get().goTo(command.name);
          case 'user':
            return get().openUser(command.userID);
          case 'page':
            return get().goToPage(command.page);
          case 'help':
            return set({ help: true });
          case 'quit':
            return get().quit();
          case 'profile': {
            const error = deps.switchProfile ? deps.switchProfile(command.profile) : 'no profiles are configured';
            if (error) flash(error, 'error');
            return;
          }
        }
      },
    };

    function setQuery(list: ListState, patch: Partial<ListQuery>): void {
      changeList(list.key, {
        query: { ...list.query, ...patch },
        page: 1,
        cursor: 0,
        filter: '',
        knownLastPage: undefined,
      });
    }
  });

  return Object.assign(store, { stats });
}

function toFailure(error: unknown, kind: ListKind): ApiFailure {
  if (isApiFailure(error)) return error;
  // A bug of ours must still show as a message, not crash the app.
  return new ApiError(0, error instanceof Error ? error.message : String(error), '', {
    operation: kind,
    operationID: '',
  });
}

function safeLoad(recent: StoreDeps['recent']): string[] {
  try {
    return recent?.load().slice(0, RECENT_LIMIT) ?? [];
  } catch {
    return [];
  }
}
