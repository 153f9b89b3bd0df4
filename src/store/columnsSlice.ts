// The columns each list shows: the config file's `columns` choice at start (lists/columnChoice.ts),
// then `:columns FIELD` hiding or showing one for the session.
import type { StateCreator } from 'zustand/vanilla';
import type { SliceServices } from './services.js';
import type { AppState } from './types.js';
import type { AppActions, ColumnActions } from './actions.js';
import { chosenKeys, toggleColumn } from '../lists/columnChoice.js';
import { extrasOf } from './listEdits.js';
import { LIST_KINDS, type ListKind } from '../lists/names.js';

type ColumnsState = Pick<AppState, 'columnKeys'>;

export const columnsSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], ColumnsState & ColumnActions> =>
  (set, get) => {
    const { current, flash } = services;
    return {
      columnKeys: Object.fromEntries(
        LIST_KINDS.flatMap((kind) => {
          const keys = chosenKeys(kind, services.deps.columns?.[kind]);
          return keys ? [[kind, keys]] : [];
        }),
      ) as Partial<Record<ListKind, readonly string[]>>,

      toggleColumn(field) {
        const list = current();
        if (!list) return;
        const result = toggleColumn(list.kind, get().columnKeys[list.kind], field);
        if ('error' in result) return flash(result.error, 'error');
        const shown = result.keys.length > (get().columnKeys[list.kind]?.length ?? Infinity);
        set((s) => ({ columnKeys: { ...s.columnKeys, [list.kind]: result.keys } }));
        flash(`${shown ? 'showing' : 'hiding'} ${field} (this session)`, 'info');
        // A column a page extra fills (who is online) asks for it beside each page from now on.
        const { extras } = extrasOf(list.kind, result.keys);
        const lists = Object.values(get().lists).filter((l) => l.kind === list.kind && (l.extras ?? []).join() !== (extras ?? []).join());
        for (const l of lists) services.patchList(l.key, { extras });
        if (lists.some((l) => l.key === list.key)) services.request(list.key, false);
      },
    };
  };
