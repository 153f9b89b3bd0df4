// Navigation: the stack of screens, the tabs of a user screen, and the users opened recently.
import type { StateCreator } from 'zustand/vanilla';
import { pickUser } from './pickUser.js';
import { RECENT_LIMIT } from './recentUsers.js';
import type { SliceServices } from './services.js';
import { CLOSED_DETAIL } from './detailState.js';
import { nextStack } from './history.js';
import { HOME, currentScreen, listKey, listKeyFor, pageSizeFor } from './selectors.js';
import { listDef } from '../lists/registry.js';
import { USER_TABS } from '../lists/names.js';
import type { AppState, Screen } from './types.js';
import type { AppActions, NavActions } from './actions.js';
import { trimTyped } from './ids.js';



type NavState = Pick<AppState, 'nav' | 'recentUsers' | 'checkingUser'>;

export const navSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], NavState & NavActions> =>
  (set, get) => {
    /**
     * Puts `screen` on top (by the history's rules, history.ts, or replacing the top: a tab) and
     * loads its list the first time.
     */
    const showScreen = (screen: Screen, mode: 'drill' | 'jump' | 'replace'): void => {
      services.clearFlash();
      const key = services.ensureList(screen);
      set((s) =>
        mode === 'replace'
          ? { nav: [...s.nav.slice(0, -1), screen], detail: { ...s.detail, scroll: 0, search: null } }
          : { nav: [...nextStack(s.nav, { kind: mode, screen })], detail: CLOSED_DETAIL },
      );
      reveal(key);
    };

    /**
     * A user opened again, not gone back to, starts with their whole lists: a tab narrowed on the
     * last visit (`c`, `!`) would show a part of the list with nothing on screen saying why.
     */
    const forgetQueries = (userID: string): void => {
      const stale = USER_TABS.map((tab) => listKey(tab, userID)).filter((key) => {
        const list = get().lists[key];
        return list !== undefined && listDef(list.kind).query.narrowed(list.query);
      });
      if (stale.length === 0) return;
      for (const key of stale) services.scheduler.cancel(key);
      set((s) => ({ lists: Object.fromEntries(Object.entries(s.lists).filter(([key]) => !stale.includes(key))) }));
    };

    /** A list coming on screen takes the page size in force, and loads if it never did. */
    const reveal = (key: string): void => {
      const list = get().lists[key];
      if (!list) return;
      const size = pageSizeFor(get(), currentScreen(get()));
      if (list.size !== size) services.resizeList(key, size);
      else if (list.loadedPage === null && !list.loading) services.request(key, false);
    };

    return {
      nav: [HOME],
      recentUsers: safeLoad(services.deps.recent),
      checkingUser: false,

      start() {
        services.request(services.ensureList(currentScreen(get())), false);
      },
      openUser(userID, known, how = 'drill') {
        // The ID as the row or the lookup has it: trim() takes NBSP and U+3000 too, and
        // `user_a` + NBSP would open user_a, another user (typed IDs are trimmed by pickUser).
        const id = userID;
        if (id.trim() === '') return;
        const top = currentScreen(get());
        if (top.name !== 'user' || top.userID !== id) forgetQueries(id);
        showScreen({ name: 'user', userID: id, tab: USER_TABS[0]! }, how);
        get().loadSummary(id, known);
      },
      pickUser(userID, fromPrompt) {
        pickUser(services, get, set, trimTyped(userID), fromPrompt);
      },
      goTo(name) {
        if (get().nav.length === 1 && currentScreen(get()).name === name) return;
        showScreen({ name }, 'jump');
      },
      openDrill(screen) {
        // The same row opened again may say more now (the unread count its row shows): its list
        // keeps its page and row, and asks again with what the row says.
        const key = listKeyFor(screen);
        const kept = get().lists[key];
        const stale = kept !== undefined && JSON.stringify(kept.base) !== JSON.stringify(screen.query);
        if (stale) services.patchList(key, { base: screen.query, query: screen.query });
        showScreen(screen, 'drill');
        if (stale) services.request(key, false);
      },
      openSearch(list, text) {
        showScreen({ name: list }, 'drill');
        // The query replaces the one the list had, cancelling the page the screen asked for first.
        get().narrow(text);
      },
      back() {
        if (get().nav.length <= 1) return;
        services.clearFlash();
        set((s) => ({ nav: s.nav.slice(0, -1), detail: CLOSED_DETAIL }));
        reveal(listKeyFor(currentScreen(get())));
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
    };
  };

function safeLoad(recent: SliceServices['deps']['recent']): string[] {
  try {
    return recent?.load().slice(0, RECENT_LIMIT) ?? [];
  } catch {
    return [];
  }
}
