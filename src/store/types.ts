// The shape of the app's state. Screens read it with selectors; only store actions change it.
import type { PageSort } from '../domain/pageSort.js';
import type { ApiFailure } from '../api/errors.js';
import type { AnyRow } from '../api/pages.js';
import type { SentRequest } from '../api/schemas.js';
import type { ListKind } from '../lists/names.js';
import type { AnyQuery } from '../lists/types.js';
import type { UserLookup } from '../api/userLookup.js';
import type { OnlineStatus } from '../api/schemas.js';
import type { PagePosition } from '../domain/paging.js';
import type { LineEdit, LineState } from './lineEditor.js';
import type { RowMark } from '../domain/rowDiff.js';
import type { RefreshStatus } from '../data/liveRefresh.js';
import type { DrillList, TopList, UserTab } from '../lists/names.js';
import type { SummaryFigures } from '../lists/registry.js';
import type { TraceView } from './traceState.js';
import type { ClusterSample, FigureSeries } from '../domain/clusterRates.js';


/**
 * A top-level list (the registry's, lists/names.ts `place`), one user's screen on one of its tabs,
 * or a drill-down list opened from a row: its kind, the user whose row it was (when the list
 * needs one) and its query for that row (lists/<list>.ts `opens`).
 */
export type Screen =
  | { name: TopList }
  | { name: 'user'; userID: string; tab: UserTab }
  | { name: 'drill'; kind: DrillList; ownerID?: string; query: AnyQuery };

/** One list on screen; `page` is the page the user asked for, `loadedPage` the one whose rows show. */
export interface ListState extends PagePosition {
  key: string;
  kind: ListKind;
  /** The user whose list this is (per-user lists only). */
  userID?: string;
  query: AnyQuery;
  /** A drill-down list's query as opened from its parent row: Esc and a blank answer go back to it. */
  base?: AnyQuery;
  /** The request really sent for the rows on screen, when not the list's own body (api/schemas.ts Page `sent`): what `C` copies. */
  sent?: SentRequest | undefined;
  /** The page extras its shown columns need (lists/pageExtras.ts), asked for beside each page. */
  extras?: readonly string[];
  /** Rows of `loadedPage`; kept on screen while a newer page loads or fails. */
  rows: readonly AnyRow[];
  loadedPage: number | null;
  /** The page size of the rows on screen (`size` is the one asked for; they differ while it loads). */
  loadedSize?: number | undefined;
  extra?: Record<string, number>;
  notice?: string;
  loading: boolean;
  /** How far a load of many requests got (a member search's walk), while it runs: Esc stops it. */
  progress?: string | undefined;
  error: ApiFailure | null;
  /** Index into the visible (filtered) rows. */
  cursor: number;
  /** Filters the rows of the current page as typed with `/`. */
  filter: string;
  /** `:sort`: the rows of the page on screen in this order; paging keeps it. */
  sort?: PageSort | undefined;
  /** Where the list was before a search narrowed it: Esc goes back there. */
  resume?: ListResume;
  /** requestKey (scheduler.ts) of the request whose rows show: a new answer to it is a refresh. */
  loadedKey?: string;
  /** What the live view saw change on this page; cleared when the page changes. */
  changes?: ListChanges;
  /** When the page on screen, taken from the cache, came from the server; undefined for a fresh one. */
  cachedAt?: number | undefined;
  /** The page whose request failed while `loadedPage` stayed on screen (`r` retries it). */
  failedPage?: number | undefined;
  /** Where the cursor goes once the wanted page arrives (a size change keeps the cursor's row). */
  pendingCursor?: number | undefined;
  /** The row the cursor goes to once the wanted page arrives, by identity (`:seq N`); before pendingCursor. */
  pendingIdentity?: string | undefined;
  /** A position (`:seq N`, a found message's seq) to go to once the list's first page says its total. */
  pendingPosition?: number | undefined;
}

export interface ListResume {
  page: number;
  size: number;
  cursor: number;
}

/** One figure of a user's summary, each fetched on its own. */
export type SummaryPart<T> =
  | { state: 'loading' }
  /** Not fetched when the user opened (its list's `userSummary.eager` is false): its tab's page says it. */
  | { state: 'unasked' }
  /** `at`: when a list's page set it (store/figures.ts); an older answer of the summary's own does not replace it. */
  | { state: 'ok'; value: T; at?: number }
  | { state: 'error'; error: ApiFailure };

/** The figures behind a user screen's tabs: each of a user's lists counts its own (lists/<list>.ts `userSummary`). */
export type TabFigures = { [K in UserTab]: SummaryPart<SummaryFigures[K]> };

/** The line at the top of a user screen: who the user is, whether they are online, and how much is behind each tab. */
export type UserSummary = { profile: SummaryPart<UserLookup>; presence: SummaryPart<OnlineStatus> } & TabFigures;

/** The live view's marks on a page: rows new or changed since the refresh before. */
export interface ListChanges {
  /** By row key (domain/rowDiff.ts rowKeys); a mark goes when the cursor passes its row. */
  marks: Readonly<Record<string, RowMark>>;
  /** "2 new, 1 changed, 1 gone": the last refresh that changed something. */
  summary: string;
}

/** The live view (`w`): the page on screen fetched again on an interval. */
export interface LiveState {
  on: boolean;
  intervalMs: number;
  /** When the page on screen last came from the server while live (ms); null: not yet. */
  refreshedAt: number | null;
  /** What the refresher does now: waiting, paused, backing off, rate limited. */
  status: RefreshStatus;
  /** Whether the terminal has focus (focus events); null: unknown, read as looked at. */
  focused: boolean | null;
}

/** `export` edits the export file's name; `exportConfirm` asks before a large export goes on (y/n). */
export type PromptKind = 'command' | 'user' | 'search' | 'ids' | 'filter' | 'detailSearch' | 'export' | 'exportConfirm';

export interface Prompt {
  kind: PromptKind;
  /** The text, the cursor and the editor's memory (see lineEditor.ts). */
  line: LineState;
  /** Completions of the line as it is, shown under it; Tab cycles through them. */
  candidates: readonly string[];
  /** One line under the prompt: why Enter was refused, what a paste dropped. */
  note: { text: string; level: 'info' | 'error' } | null;
}

/** For the prompt: a key (named as in keys/normalize.ts), or text that arrived in one piece. */
/** What reaches a prompt: a typed character, a named edit (the keys layer maps keys to it), or text in one piece. */
export type PromptInput = string | { edit: LineEdit } | { text: string; bracketed: boolean };

export interface Flash {
  text: string;
  level: 'info' | 'error';
  /** The list on screen when it was made: a message belongs to its screen and shows nowhere else. */
  listKey?: string | undefined;
}

/** A message the status line showed, as the message log (`:log`) keeps it. */
export interface LoggedMessage {
  text: string;
  level: Flash['level'];
  /** When it was shown (ms). */
  at: number;
}

/**
 * What the header says of the server: `ok` only once a page came back from it; `failing` while it
 * cannot be reached; `refused` when it answered but not with what was asked (a login it refused,
 * a page that is not OpenIM's) and nothing has succeeded since.
 */
export type ConnectionState = 'connecting' | 'ok' | 'failing' | 'refused';

/** An export of a whole list to a file (`e`), while it runs. */
export interface ExportProgress {
  kind: ListKind;
  format: 'json' | 'csv';
  path: string;
  pages: number;
  rows: number;
  /** The list's exact total, once the first page said it: progress shows a share. */
  total?: number | undefined;
  /** A large export waits for an answer: its rows and the file's estimated size. */
  ask?: { rows: number; bytes: number } | undefined;
  /** `q` was pressed during the export: a second `q` abandons it and quits, Esc keeps it going. */
  quitAsked?: boolean;
  /** Esc reached the export (nothing else in front): `y` cancels it, `n` or Esc keeps it going. */
  cancelAsked?: boolean;
}

/** A search inside the detail: what was asked, and the match the view is on (0-based; -1 before the first jump). */
export interface DetailSearch {
  query: string;
  match: number;
  count: number;
  /** Only the first lines were searched (see layout/detailSearch.ts). */
  capped: boolean;
}

export interface DetailState {
  open: boolean;
  scroll: number;
  /** The detail takes the whole body, the table hidden (`f`). */
  full: boolean;
  search: DetailSearch | null;
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
  /** The same under a user screen's summary line: a user's lists fit one row fewer. */
  userPageFit: number;
  detail: DetailState;
  flash: Flash | null;
  /** The last messages the status line showed, newest first (store/flash.ts). */
  messageLog: LoggedMessage[];
  /** The message log is open over the body (`:log`), and its first line shown. */
  log: { scroll: number } | null;
  /** Keys typed while the page they are meant for loads, waiting for it (keys/typeAhead.ts). */
  typedAhead: number;
  /** The keys of the columns each list shows, in order (the config file's, then `:columns`); absent: all. */
  columnKeys: Partial<Record<ListKind, readonly string[]>>;
  recentUsers: string[];
  /** A typed user ID (`u`, `:user`) is being checked on the server before its screen opens (pickUser.ts). */
  checkingUser: boolean;
  /** Lines entered in each prompt this session, newest first (the user picker uses recentUsers). */
  promptHistory: Partial<Record<PromptKind, string[]>>;
  /** What Ctrl-U, Ctrl-K or Ctrl-W last removed, for Ctrl-Y in any prompt. */
  killRing: string;
  connection: ConnectionState;
  exporting: ExportProgress | null;
  /** By user ID, for the user screens opened. */
  summaries: Record<string, UserSummary>;
  live: LiveState;
  /** When the token expires, as the server said at start (tokenSlice.ts). */
  token: TokenState;
  /** The delivery trace over the body (`t`, `:trace`; traceSlice.ts). */
  trace: TraceView | null;
  /** The cluster screen, while open (clusterSlice.ts). */
  cluster: ClusterView | null;
}

/** The cluster screen: its interval, the last sample and every figure's series since it opened. */
export interface ClusterView {
  intervalMs: number;
  sample?: ClusterSample;
  series: FigureSeries[];
  /** Samples taken since it opened. */
  samples: number;
  scroll: number;
}

/**
 * The token's expiry: unknown (not asked yet, or the server could not say), known (with where it
 * is in its life now: `lastHour` and `expired` only for a token this client cannot renew), or
 * refused at start (`code`: the server's 1501-1507).
 */
export type TokenState =
  | { state: 'unknown' }
  | { state: 'known'; expiresAt: number; renews: boolean; phase: TokenPhase }
  | { state: 'refused'; code: number };
export type TokenPhase = 'valid' | 'lastHour' | 'expired';
