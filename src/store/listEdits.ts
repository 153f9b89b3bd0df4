// Editing one list of the state: its fields, and making it when a screen first shows it. No
// requests here (pageLoads.ts asks for pages).
import type { ListKind } from '../lists/names.js';
import type { PageRequest } from '../lists/types.js';
import type { StoreGet, StoreSet } from './deps.js';
import { extrasFor } from '../lists/pageExtras.js';
import { listDef } from '../lists/registry.js';
import { listKeyFor, pageSizeFor, screenList } from './selectors.js';
import type { ListState, Screen } from './types.js';

export interface ListEdits {
  patchList(key: string, patch: Partial<ListState>): void;
  /** Creates the list of `screen` if it does not exist yet; returns its key. */
  ensureList(screen: Screen): string;
}

export function createListEdits(set: StoreSet, get: StoreGet): ListEdits {
  return {
    patchList: (key, patch) =>
      set((s) => {
        const list = s.lists[key];
        return list ? { lists: { ...s.lists, [key]: { ...list, ...patch } } } : {};
      }),
    ensureList(screen) {
      const key = listKeyFor(screen);
      if (!get().lists[key]) {
        const kind = screenList(screen);
        const userID = screen.name === 'user' ? screen.userID : screen.name === 'drill' ? screen.ownerID : undefined;
        const list: ListState = {
          key,
          kind,
          ...(userID !== undefined ? { userID } : {}),
          ...(screen.name === 'drill' ? { base: screen.query } : {}),
          page: 1,
          size: pageSizeFor(get(), screen),
          query: screen.name === 'drill' ? screen.query : listDef(kind).query.initial,
          ...extrasOf(kind, get().columnKeys[kind]),
          rows: [],
          loadedPage: null,
          total: 0,
          totalExact: true,
          loading: false,
          error: null,
          cursor: 0,
          filter: '',
          // A list whose server order is not the one to read (the message search's storage order) starts sorted, marked so.
          ...(listDef(kind).defaultSort ? { sort: listDef(kind).defaultSort } : {}),
        };
        set((s) => ({ lists: { ...s.lists, [key]: list } }));
      }
      return key;
    },
  };
}

/** The request for the page the list wants. */
export function requestOf(list: ListState): PageRequest {
  const spec = { kind: list.kind, page: list.page, size: list.size, query: list.query, ...(list.extras?.length ? { extras: list.extras } : {}) };
  return list.userID !== undefined ? { ...spec, userID: list.userID } : spec;
}

/** A list's `extras`: what the columns of these keys need (none: no field). */
export function extrasOf(kind: ListKind, keys: readonly string[] | undefined): Pick<ListState, 'extras'> {
  const extras = extrasFor(listDef(kind), keys);
  return extras.length > 0 ? { extras } : {};
}
