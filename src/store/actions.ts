// What the store can do, slice by slice: the action interfaces apart from their implementations,
// so that each slice can name the whole store without importing the others.
import type { StoreApi } from 'zustand/vanilla';
import type { ListQuery } from '../api/pages.js';
import type { AppState, PromptKind, UserTab } from './types.js';

export interface NavActions {
  /** Loads the screen on top of the stack (the home screen at start). */
  start(): void;
  openUser(userID: string): void;
  goTo(screen: 'users' | 'accounts'): void;
  back(): void;
  setTab(tab: UserTab): void;
  cycleTab(direction: 1 | -1): void;
}

export interface ListActions {
  load(key: string): void;
  reload(): void;
  nextPage(): void;
  prevPage(): void;
  goToPage(page: number): void;
  firstPage(): void;
  /** The last page (for an estimated total, the last one known, then a step beyond it). */
  lastPage(): void;
  changePageSize(direction: 1 | -1): void;
  /** The terminal shows `rows` table rows: the page size follows while none was chosen. */
  fitPageSize(rows: number): void;
  moveCursor(delta: number): void;
  cursorTo(where: 'first' | 'last'): void;
  /** Narrows the list on the server (search keyword, conversation IDs); back to page 1. */
  setQuery(patch: Partial<ListQuery>): void;
  openRow(): void;
  openNamedUser(): void;
  copyRow(): void;
  /** Copies the row's ID (what the server knows it by). */
  copyRowID(): void;
}

export interface UiActions {
  openPrompt(kind: PromptKind, value?: string): void;
  setPromptValue(value: string): void;
  submitPrompt(): void;
  cancelPrompt(): void;
  toggleHelp(): void;
  /** Scrolls help to this line (the caller knows how many lines there are). */
  scrollHelp(line: number): void;
  toggleDetail(): void;
  scrollDetail(delta: number): void;
  /** Back one step: the prompt, an export, help, the filter, the pane, a search, then the screen. */
  escape(): void;
  flashInfo(text: string): void;
  runCommand(line: string): void;
  quit(): void;
}

export interface ExportActions {
  /** Writes every page of the current list to a file; progress in `exporting`. */
  exportView(format: 'json' | 'csv'): void;
  cancelExport(): void;
}

export type AppActions = NavActions & ListActions & UiActions & ExportActions;
export type AppStore = StoreApi<AppState & AppActions>;
