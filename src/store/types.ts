// The shape of the app's state. Screens read it with selectors; only store actions change it.
import type { ApiFailure } from '../api/errors.js';
import type { AnyRow, ListKind, ListQuery } from '../api/pages.js';
import type { PagePosition } from '../domain/paging.js';

export type UserTab = 'conversations' | 'blacklist' | 'applications';
export const USER_TABS: readonly UserTab[] = ['conversations', 'blacklist', 'applications'];

export type Screen = { name: 'users' } | { name: 'accounts' } | { name: 'user'; userID: string; tab: UserTab };

/** One list on screen; `page` is the page the user asked for, `loadedPage` the one whose rows show. */
export interface ListState extends PagePosition {
  key: string;
  kind: ListKind;
  /** The user whose list this is (per-user lists only). */
  userID?: string;
  query: ListQuery;
  /** Rows of `loadedPage`; kept on screen while a newer page loads or fails. */
  rows: AnyRow[];
  loadedPage: number | null;
  /** The page size of the rows on screen (`size` is the one asked for; they differ while it loads). */
  loadedSize?: number | undefined;
  extra?: Record<string, number>;
  notice?: string;
  loading: boolean;
  error: ApiFailure | null;
  /** Index into the visible (filtered) rows. */
  cursor: number;
  /** Filters the rows of the current page as typed with `/`. */
  filter: string;
  /** The page whose request failed while `loadedPage` stayed on screen (`r` retries it). */
  failedPage?: number | undefined;
  /** Where the cursor goes once the wanted page arrives (a size change keeps the cursor's row). */
  pendingCursor?: number | undefined;
}

export type PromptKind = 'command' | 'user' | 'search' | 'conversations' | 'filter';

export interface Prompt {
  kind: PromptKind;
  value: string;
}

export interface Flash {
  text: string;
  level: 'info' | 'error';
  /** The list on screen when it was made: a message belongs to its screen and shows nowhere else. */
  listKey?: string | undefined;
}

export type ConnectionState = 'connecting' | 'ok' | 'failing';

/** An export of a whole list to a file (`e`), while it runs. */
export interface ExportProgress {
  kind: ListKind;
  format: 'json' | 'csv';
  path: string;
  pages: number;
  rows: number;
}

export interface AppState {
  nav: Screen[];
  lists: Record<string, ListState>;
  prompt: Prompt | null;
  help: boolean;
  /** First line of help shown (help scrolls when it does not fit). */
  helpScroll: number;
  /** Rows per page for every list: the size that fits the terminal, or the one chosen. */
  pageSize: number;
  /** Chosen (`--page-size`, a profile, `+`/`-`): no longer follows the terminal's height. */
  pageSizeFixed: boolean;
  /** The rows the table shows at this terminal's height (a step of `+`/`-`). */
  pageFit: number;
  detail: { open: boolean; scroll: number };
  flash: Flash | null;
  recentUsers: string[];
  connection: ConnectionState;
  exporting: ExportProgress | null;
}
