// The lists: paging, page size, the cursor, and what a row leads to. Requests go through the
// scheduler (see scheduler.ts); this slice only says which page each list wants.
import type { StateCreator } from 'zustand/vanilla';
import type { ListQuery, RowByKind } from '../api/pages.js';
import { hasNextPage, nextPageSize, pageCount, pageForNewSize } from '../domain/paging.js';
import { userNamedByRow, visibleRows } from '../domain/rows.js';
import { jsonText } from '../data/formats.js';
import type { SliceTools } from './tools.js';
import { openedDetail } from './detailState.js';
import { passMarks } from './liveMarks.js';
import { selectedRow } from './selectors.js';
import type { AppState, ListState } from './types.js';
import type { AppActions, ListActions } from './actions.js';


type ListsState = Pick<AppState, 'lists' | 'connection'>;

export const listsSlice =
  (tools: SliceTools): StateCreator<AppState & AppActions, [], [], ListsState & ListActions> =>
  (set, get) => {
    const { current, changeList, patchList, flash } = tools;
    const resetScroll = (): void => set((s) => ({ detail: { ...s.detail, scroll: 0, search: null } }));

    return {
      lists: {},
      connection: 'connecting',

      load(key) {
        tools.request(key, false);
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
          patchList(list.key, { cursor, changes: passMarks(list, list.cursor, cursor) });
          resetScroll();
        }
      },
      cursorTo(where) {
        const list = current();
        if (!list) return;
        const count = visibleRows(list).length;
        const cursor = where === 'first' ? 0 : Math.max(0, count - 1);
        patchList(list.key, { cursor, changes: passMarks(list, list.cursor, cursor) });
        resetScroll();
      },
      setQuery(patch) {
        const list = current();
        if (list) setListQuery(list, patch);
      },

      openRow() {
        const list = current();
        const row = selectedRow(get());
        if (!list || !row) return;
        if (list.kind === 'users') {
          const id = userNamedByRow(list.kind, row, undefined);
          // The row is the user as get_users has it: no need to look it up again.
          if (id) get().openUser(id, { kind: 'user', user: row as RowByKind['users'] });
          return;
        }
        set({ detail: openedDetail(false) });
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
        if (!tools.deps.copy) {
          flash('copying is not available here', 'error');
          return;
        }
        // jsonText: keeps the digits of int64 strings a number cannot hold (api/wireFidelity.ts).
        tools.deps.copy(jsonText(row, 2));
        flash('copied the row as JSON (OSC 52)', 'info');
      },
    };

    function setListQuery(list: ListState, patch: Partial<ListQuery>): void {
      changeList(list.key, {
        query: { ...list.query, ...patch },
        page: 1,
        cursor: 0,
        filter: '',
        knownLastPage: undefined,
      });
    }
  };
