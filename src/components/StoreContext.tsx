// Hands the app's vanilla store to components. They read with selectors that return primitives
// or stable references (a selector that builds a new object each time re-renders forever in zustand 5).
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppActions, AppStore } from '../store/store.js';
import type { AppState } from '../store/types.js';

export const StoreContext = createContext<AppStore | null>(null);

export function useAppStore<T>(selector: (state: AppState & AppActions) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error('StoreContext is missing');
  return useStore(store, selector);
}
