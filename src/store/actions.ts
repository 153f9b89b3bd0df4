// What the store can do, slice by slice: the action interfaces apart from their implementations,
// so that each slice can name the whole store without importing the others.
import type { TraceTarget } from '../data/trace/requests.js';
import type { StoreApi } from 'zustand/vanilla';
import type { AnyQuery } from '../lists/types.js';
import type { UserLookup } from '../api/userLookup.js';
import type { TopList, UserTab } from '../lists/names.js';
import type { AppState, DetailState, PromptInput, PromptKind, Screen } from './types.js';

export interface NavActions {
  /** Loads the screen on top of the stack (the home screen at start). */
  start(): void;
  /** Opens the user screen at once; `known`: what the user is, when the caller already knows. */
  /** `drill` (a row's user: pushed) or `jump` (typed: replaces the top level, store/history.ts). */
  openUser(userID: string, known?: UserLookup, how?: 'drill' | 'jump'): void;
  /** A typed ID (picker, `:user`): checks that the user exists first, then opens it or says why not. */
  pickUser(userID: string, fromPrompt?: boolean): void;
  goTo(screen: TopList): void;
  /** Opens a drill-down list over the screen (pushed: back returns to the row it was opened from). */
  openDrill(screen: Extract<Screen, { name: 'drill' }>): void;
  /** Opens a top-level list over this screen (back returns here), its query what its prompt makes of `text`. */
  openSearch(list: TopList, text: string): void;
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
  /** `:seq N`: the page holding that position of the list (a history's seq), its row selected. */
  goToPosition(n: number): void;
  /** Sorts the rows of the page on screen by a field of theirs (none: the server's order). */
  sortPage(field: string | undefined, desc: boolean): void;
  firstPage(): void;
  /** The last page (for an estimated total, the last one known, then a step beyond it). */
  lastPage(): void;
  changePageSize(direction: 1 | -1): void;
  /** The terminal shows `rows` table rows: the page size follows while none was chosen. */
  /** The rows that fit a top-level list and a user's list (under its summary line). */
  fitPageSize(rows: number, userRows?: number): void;
  moveCursor(delta: number): void;
  cursorTo(where: 'first' | 'last'): void;
  /**
   * Narrows the list on the server by this query (the list's own shape: lists/<list>.ts `query`),
   * from page 1; the whole list again (its `query.initial`) goes back to the page and row it left.
   */
  setQuery(query: AnyQuery): void;
  /** The list's prompt answered: its query from the text (blank: the whole list). */
  narrow(text: string): void;
  /** Esc on a narrowed list: the whole list, where it was. */
  clearQuery(): void;
  openRow(): void;
  openNamedUser(): void;
  copyRow(): void;
  /** Copies the row's ID (what the server knows it by). */
  copyRowID(): void;
  /** Copies the curl command that fetches the page on screen (the token as $OPENIM_TOKEN). */
  copyCurl(): void;
  /** Esc during a page step: gives it up, the page on screen stays; says how many keys typed ahead it dropped. */
  cancelLoad(droppedKeys?: number): void;
  /** Esc during a walk (a member search on the client): stops it; the rows it found show. */
  stopWalk(): void;
}

export interface PromptActions {
  openPrompt(kind: PromptKind, value?: string): void;
  /** A key or a paste for the prompt's line editor. */
  editPrompt(input: PromptInput): void;
  submitPrompt(): void;
  cancelPrompt(): void;
  /** The server's answer to what the open prompt of `kind` asked: a note under it, or null to close it. */
  answerPrompt(kind: PromptKind, note: { text: string; level: 'info' | 'error' } | null): void;
  /** Clears the page's filter (`/`). */
  clearFilter(): void;
  /** A `:` line, through the command table the store was given (keys/commands.ts). */
  runCommand(line: string): void;
}

export interface HelpActions {
  toggleHelp(): void;
  /** `:help`: help, from its top. */
  openHelp(): void;
  /** Scrolls help to this line (the caller knows how many lines there are). */
  scrollHelp(line: number): void;
}

export interface DetailActions {
  /** Opens (full screen when `full`) or closes the detail. */
  toggleDetail(full?: boolean): void;
  /** `f`: the open detail between the split pane and full screen. */
  toggleDetailFull(): void;
  /** The detail's scroll, full screen or search, as the keys that know its lines decide. */
  patchDetail(patch: Partial<DetailState>): void;
  scrollDetail(delta: number): void;
}

export interface StatusActions {
  /** `:log`: the last messages, over the body. */
  openLog(): void;
  closeLog(): void;
  /** Scrolls the log by lines, or to an end. */
  scrollLog(by: number | 'top' | 'bottom'): void;
  /** The operator acted: the status line's message has been read (it stays until then). */
  dismissMessage(): void;
  /** How many keys wait for a page (keys/typeAhead.ts keeps them). */
  setTypedAhead(count: number): void;
  flashInfo(text: string): void;
}

export interface ColumnActions {
  /** `:columns FIELD`: the list's column of this field hidden, or shown again, for the session. */
  toggleColumn(field: string): void;
}

export interface SessionActions {
  /** Esc: closes the innermost overlay (overlays.ts), else goes back a screen; says which it closed. */
  escape(): void;
  /** `:profile NAME`: another profile's server; a reason in the status line when it cannot. */
  switchProfile(name: string): void;
  quit(): void;
}

export interface SummaryActions {
  /** Fetches the summary's figures in parallel, each shown as it arrives. */
  loadSummary(userID: string, known?: UserLookup): void;
  /**
   * Asks again whether the user of the tab on screen is online (`r`, and each live refresh): the
   * figure shown stays until the answer. Nothing on a top-level list.
   */
  refreshPresence(): void;
}

export interface ExportActions {
  /** Opens the prompt with the export file's name (`e`, `E`); Enter there starts it. */
  exportView(format: 'json' | 'csv'): void;
  /** Writes every page of the current list to `path`; progress in `exporting`. Returns why it cannot start. */
  startExport(path: string): string | undefined;
  /** The answer to a large export's question: go on, or drop it. */
  answerExport(goOn: boolean): void;
  cancelExport(): void;
  /** Esc reached a running export: ask whether to cancel it (`y` does). */
  askCancelExport(): void;
  /** The question (quit, or cancel) answered "keep exporting". */
  keepExporting(): void;
  /** `q` during an export: ask first (the status line), since quitting abandons the file. */
  askQuitDuringExport(): void;
}

export interface LiveActions {
  /** `w`: the live view on or off. */
  toggleLive(): void;
  /** Off, cancelling the refresh in flight (quitting, switching profile). */
  stopLive(): void;
  /** The terminal gained or lost focus (focus events). */
  setFocus(focused: boolean): void;
}

export interface ClusterActions {
  /** `:cluster [SECONDS]`: the cluster screen, sampled now and every interval while it is open. */
  openCluster(intervalMs?: number): void;
  /** Closes it and stops its sampling. */
  closeCluster(): void;
  /** Scrolls it by lines, within `lines` (what it draws). */
  scrollCluster(by: number, lines: number): void;
}

export interface TokenActions {
  /** Asks when the token expires (a given token: /auth/parse_token), and says at once if it is refused. */
  checkToken(): void;
}

export interface TraceActions {
  /** `t`: traces the selected message row (a group's asks, on the command line, whose delivery). */
  traceRow(): void;
  /** `:trace`: traces this message. */
  openTrace(target: TraceTarget): void;
  closeTrace(): void;
  /** Scrolls by lines, or to an end, within the trace's `lines`. */
  scrollTrace(by: number | 'top' | 'bottom', lines: number): void;
  /** `E` on the trace: the evidence folder. */
  exportEvidence(): void;
}

export type AppActions = NavActions &
  ListActions &
  PromptActions &
  HelpActions &
  DetailActions &
  StatusActions &
  ColumnActions &
  SessionActions &
  ExportActions &
  SummaryActions &
  LiveActions &
  ClusterActions &
  TokenActions &
  TraceActions;
export type AppStore = StoreApi<AppState & AppActions>;
