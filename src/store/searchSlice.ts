// The users search: a query of the users list, like the system accounts' keyword, so it pages,
// caches and cancels like any list. What it adds: the full list's page and row are kept, and Esc
// (endSearch) goes back to them; the full list's pages are still in the cache.
import type { StateCreator } from 'zustand/vanilla';
import { positionForSize } from '../domain/paging.js';
import { parseSearchInput } from '../domain/search.js';
import type { SliceServices } from './services.js';
import type { AppState } from './types.js';
import type { AppActions, SearchActions } from './actions.js';

export const searchSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], SearchActions> =>
  (_set, get) => ({
    searchUsers(input) {
      const list = services.current();
      if (list?.kind !== 'users') return;
      const { text, regex } = parseSearchInput(input);
      if (text === '') return get().endSearch();
      // A new search from within a search keeps where the full list was.
      const resume = list.query.search ? list.resume : { page: list.page, size: list.size, cursor: list.cursor };
      services.changeList(list.key, {
        query: { ...list.query, search: text, regex },
        page: 1,
        cursor: 0,
        filter: '',
        knownLastPage: undefined,
        resume,
      });
    },
    endSearch() {
      const list = services.current();
      if (list?.kind !== 'users' || !list.query.search) return;
      const at = list.resume;
      services.changeList(list.key, {
        query: { ...list.query, search: '', regex: false },
        // The page size may have changed during the search: the same first row, then.
        page: at ? positionForSize(at.page, at.size, 0, list.size).page : 1,
        cursor: at && at.size === list.size ? at.cursor : 0,
        filter: '',
        knownLastPage: undefined,
        resume: undefined,
      });
    },
  });
