// The lists: paging, page size, the cursor, and what a row leads to. Requests go through the
// scheduler (see scheduler.ts); this slice only says which page each list wants.
import type { StateCreator } from 'zustand/vanilla';
import { hasNextPage, lastPageByTotal, nextPageSize, pageCount } from '../domain/paging.js';
import { listDef, pageCall } from '../lists/registry.js';
import { needsOf } from '../lists/names.js';
import { positionForSize } from '../domain/paging.js';
import { jsonText } from '../data/formats.js';
import { curlCommand } from '../api/curl.js';
import { newOperationID } from '../api/http.js';
import { hasControl } from '../api/inertText.js';
import type { AnyQuery } from '../lists/types.js';
import { fieldsOf, hasField, shownRows } from '../domain/pageSort.js';
import { requestOf } from './listEdits.js';
import type { SliceServices } from './services.js';
import { openedDetail } from './detailState.js';
import { keptPage } from './overlays.js';
import { positionStep } from './position.js';
import { passMarks } from './liveMarks.js';
import { currentScreen, pageFitFor, pageSizeFor, selectedRow } from './selectors.js';
import type { AppState, ListState } from './types.js';
import type { AppActions, ListActions } from './actions.js';


type ListsState = Pick<AppState, 'lists' | 'connection' | 'pageSize' | 'pageSizeFixed' | 'pageFit' | 'userPageFit'>;

export const listsSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], ListsState & ListActions> =>
  (set, get) => {
    const { current, patchList, flash } = services;
    const resetScroll = (): void => set((s) => ({ detail: { ...s.detail, scroll: 0, search: null } }));
    /** Every step that changes what a list shows starts with a clean status line. */
    const changeList: typeof services.changeList = (key, patch, force) => {
      services.clearFlash();
      services.changeList(key, patch, force);
    };
    // The cursor moves to the top when the new page arrives, not before: until then it stays on
    // the rows on screen (and stays put if the step finds the end of the list).
    const toPage = (list: ListState, page: number): void => {
      // A total past 2^53 (1e300) makes a last page no page number holds exactly: asked for, it
      // would be sent as `4.2e+298` (or not at all) while the status line said it was loading.
      if (!Number.isSafeInteger(page)) return flash('no such page: the total the server announced is past 2^53, where page numbers are not exact', 'error');
      changeList(list.key, { page, pendingCursor: 0, filter: '', failedPage: undefined });
    };
    /** Every copy goes through here: `text` is built inert (api/inertText.ts), `what` names it. */
    const copy = (text: string, what: string): void => {
      if (!services.deps.copy) return flash('copying is not available here', 'error');
      services.deps.copy(text);
      flash(`copied ${what} (${services.deps.copyNote?.() ?? 'OSC 52'})`, 'info');
    };

    return {
      lists: {},
      connection: 'connecting',
      pageSize: services.deps.pageSize,
      pageSizeFixed: services.deps.pageSizeFixed === true,
      pageFit: services.deps.pageSize,
      userPageFit: services.deps.userPageSize ?? services.deps.pageSize,

      load(key) {
        services.request(key, false);
      },
      reload() {
        const list = current();
        if (!list) return;
        // After a failed step, `r` retries the page that failed.
        changeList(list.key, { error: null, page: list.failedPage ?? list.page, failedPage: undefined }, true);
        // The summary's figures come with the tab's page (figures.ts); whether the user is online does not.
        get().refreshPresence();
      },
      nextPage() {
        const list = current();
        if (!list) return;
        if (!hasNextPage(list)) {
          services.clearFlash();
          flash('already on the last page', 'info');
          return;
        }
        toPage(list, list.page + 1);
      },
      prevPage() {
        const list = current();
        if (!list || list.page <= 1) return;
        toPage(list, list.page - 1);
      },
      goToPage(page) {
        const list = current();
        if (!list) return;
        const last = list.loadedPage !== null && (list.totalExact || list.knownLastPage !== undefined) ? pageCount(list) : Infinity;
        const target = Math.max(1, Math.min(page, last));
        toPage(list, target);
        if (target !== page) flash(`there are ${last} pages; showing page ${target}`, 'info');
      },
      goToPosition(n) {
        const list = current();
        if (!list) return;
        const step = positionStep(list, n);
        if (step.kind === 'refused') return flash(step.error, 'error');
        if (step.kind === 'here') return patchList(list.key, { cursor: step.cursor, pendingPosition: undefined });
        // Its page (or the total that says which) comes first; pageLoads.ts goes on to the row.
        patchList(list.key, { pendingPosition: n });
        if (step.kind === 'page') toPage(list, step.page);
      },
      firstPage() {
        const list = current();
        if (!list) return;
        if (list.page === 1) flash('already on the first page', 'info');
        else toPage(list, 1);
      },
      lastPage() {
        const list = current();
        if (!list || list.loadedPage === null) return;
        const known = list.totalExact || list.knownLastPage !== undefined;
        // An estimated total knows a lower bound: go there, and from there look one page further.
        const target = known ? pageCount(list) : Math.max(lastPageByTotal(list), list.page);
        if (target !== list.page) return toPage(list, target);
        if (known) {
          services.clearFlash();
          flash('already on the last page', 'info');
        } else get().nextPage();
      },
      changePageSize(direction) {
        const list = current();
        if (!list) return;
        const size = nextPageSize(list.size, direction, pageFitFor(get(), currentScreen(get())));
        if (size === list.size) return;
        set({ pageSize: size, pageSizeFixed: true });
        services.clearFlash();
        services.resizeList(list.key, size);
        flash(`${size} rows per page`, 'info');
      },
      fitPageSize(rows, userRows = rows) {
        const size = Math.max(1, Math.floor(rows));
        const userSize = Math.max(1, Math.floor(userRows));
        set({ pageFit: size, userPageFit: userSize });
        if (get().pageSizeFixed) return;
        set({ pageSize: size });
        const list = current();
        const fit = pageSizeFor(get(), currentScreen(get()));
        if (list && list.size !== fit) services.resizeList(list.key, fit);
      },
      moveCursor(delta) {
        const list = current();
        if (!list) return;
        const count = shownRows(list).length;
        const cursor = Math.max(0, Math.min(count - 1, list.cursor + delta));
        if (cursor !== list.cursor) {
          patchList(list.key, { cursor, changes: passMarks(list, list.cursor, cursor) });
          resetScroll();
        }
      },
      cursorTo(where) {
        const list = current();
        if (!list) return;
        const count = shownRows(list).length;
        const cursor = where === 'first' ? 0 : Math.max(0, count - 1);
        patchList(list.key, { cursor, changes: passMarks(list, list.cursor, cursor) });
        resetScroll();
      },
      setQuery(query) {
        const list = current();
        if (list) setListQuery(list, query);
      },
      narrow(text) {
        const list = current();
        const prompt = list && listDef(list.kind).query.prompt;
        if (list && prompt) setListQuery(list, prompt.answer(text, list.base ?? listDef(list.kind).query.initial));
      },
      clearQuery() {
        const list = current();
        if (list) setListQuery(list, list.base ?? listDef(list.kind).query.initial);
      },

      openRow() {
        const list = current();
        const row = selectedRow(get());
        // No row: the keys say why (keys/bindings.ts `disabled`) and never get here.
        if (!list || !row) return;
        const def = listDef(list.kind);
        if (def.opens) {
          // The drill-down list's owner is this list's user when it needs one (lists/names.ts `needs`).
          const { kind } = def.opens;
          const ownerID = list.userID ?? def.opens.owner?.(row);
          const owner = needsOf(kind).includes('user') && ownerID !== undefined ? { ownerID } : {};
          get().openDrill({ name: 'drill', kind, ...owner, query: def.opens.query(row, ownerID) });
          const at = def.opens.at?.(row);
          if (at !== undefined) get().goToPosition(at);
          return;
        }
        if (def.enterOpensUser) {
          const id = def.userNamed(row, list.userID);
          // A row that is the user's own record needs no lookup (the user screen's summary).
          if (id) get().openUser(id, def.enterOpensUser.lookup?.(row));
          return;
        }
        set({ detail: openedDetail(false) });
      },
      openNamedUser() {
        const list = current();
        const row = selectedRow(get());
        // No row: the keys say why (keys/bindings.ts `disabled`) and never get here.
        if (!list || !row) return;
        const id = listDef(list.kind).userNamed(row, list.userID);
        if (id) get().openUser(id);
        else flash('this row names no other user', 'info');
      },
      copyRow() {
        const row = selectedRow(get());
        if (!row) return;
        // One line (jsonText has no indentation, escapes every control): pasted into a shell it
        // waits at the prompt; an indented row's lines would each run, a nested `}` closing a group.
        // jsonText also keeps the digits of int64 strings a number cannot hold (api/wireFidelity.ts).
        copy(jsonText(row), 'the row as JSON');
      },
      copyRowID() {
        const list = current();
        const row = selectedRow(get());
        if (!list || !row) return;
        const id = listDef(list.kind).rowID(row);
        if (!id) return flash('this row has no ID', 'info');
        // An escaped form would not be the ID: refused, with the copy that does carry it.
        if (hasControl(id)) return flash('not copied: this ID holds control characters (y copies the row as JSON, escaped)', 'error');
        copy(id, id);
      },
      sortPage(field, desc) {
        const list = current();
        if (!list) return;
        if (field !== undefined && list.rows.length > 0 && !hasField(list.rows, field)) {
          return flash(`no field ${field} in these rows (fields: ${fieldsOf(list.rows).join(', ')})`, 'error');
        }
        // The selected row stays selected in the new order.
        const selected = shownRows(list)[list.cursor];
        const sorted = { ...list, sort: field === undefined ? undefined : { field, desc } };
        const cursor = selected === undefined ? 0 : Math.max(0, shownRows(sorted).indexOf(selected));
        patchList(list.key, { sort: sorted.sort, cursor });
        flash(field === undefined ? "the server's order" : `sorted this page by ${field}${desc ? ', largest first' : ''}`, 'info');
      },
      cancelLoad(typed = 0) {
        const list = current();
        if (!list?.loading) return;
        const dropped = typed > 0 ? ` (${typed === 1 ? '1 key' : `${typed} keys`} typed ahead dropped)` : '';
        const kept = keptPage(list);
        // A screen's first page has nothing to go back to: it keeps loading, only the keys go.
        if (!kept) return flash(`page ${list.page} is still loading${dropped}`, 'info');
        services.scheduler.cancel(list.key);
        patchList(list.key, { ...kept, loading: false, pendingCursor: undefined });
        const what = kept.size !== list.size ? `${list.size} rows per page` : `page ${list.page}`;
        flash(`stopped loading ${what}; showing page ${kept.page}${dropped}`, 'info');
      },
      stopWalk() {
        const list = current();
        if (list && services.stopWalk(list.key)) flash('stopping: the rows found so far will show', 'info');
      },
      copyCurl() {
        const list = current();
        if (!list) return;
        const call = pageCall(requestOf(list));
        // An operation that plans its request (history: a seq range from the max seq read first)
        // or fell back to another route copies the request it really sent for the rows on screen.
        const sent = list.loadedPage === list.page ? list.sent : undefined;
        if (call.operation.plans && sent === undefined) {
          return flash(`not copied: page ${list.page} has not loaded yet (its request is built from the reply before it)`, 'info');
        }
        const really = sent ? { operation: { ...call.operation, path: sent.path }, body: sent.body } : call;
        const curl = curlCommand(services.deps.client.baseUrl, really, newOperationID());
        if (!curl.ok) return flash(`not copied: ${curl.problem}`, 'error');
        copy(curl.command, `page ${list.page} as curl, needs OPENIM_TOKEN`);
      },
    };

    function setListQuery(list: ListState, query: AnyQuery): void {
      const spec = listDef(list.kind).query;
      const was = spec.narrowed(list.query);
      const fresh = { filter: '', knownLastPage: undefined, failedPage: undefined };
      if (spec.narrowed(query)) {
        // A new query from within one keeps where the whole list was.
        const resume = was ? list.resume : { page: list.page, size: list.size, cursor: list.cursor };
        return changeList(list.key, { ...fresh, query, page: 1, cursor: 0, resume });
      }
      if (!was) return;
      const at = list.resume;
      changeList(list.key, {
        ...fresh,
        query,
        // The page size may have changed meanwhile: the same first row, then.
        page: at ? positionForSize(at.page, at.size, 0, list.size).page : 1,
        cursor: at && at.size === list.size ? at.cursor : 0,
        resume: undefined,
      });
    }
  };
