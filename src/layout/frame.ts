// The frame's geometry, in one place for the components that draw it and the keys that move
// within it: what the chrome takes, what is left for a list, where the detail pane goes, and how
// many rows a page of the default size has. Pure arithmetic.
import { MAX_PAGE_SIZE } from '../domain/paging.js';

/** Lines around the body: header, breadcrumb, status line, footer. */
export const CHROME_LINES = 4;
/** A frame as tall as the terminal makes Ink clear the screen on every render: keep one free. */
export const FREE_LINES = 1;
/** The prompt line and its hint. */
export const PROMPT_LINES = 2;
/** The error bar: the message, the detail, what to do. */
export const ERROR_BAR_LINES = 3;
/** The list's notice line (e.g. the server's 1004 for a user with no conversations). */
export const NOTICE_LINES = 1;
/** The summary at the top of a user screen. */
export const USER_SUMMARY_LINES = 1;
/** The table's column titles. */
export const TABLE_HEADER_LINES = 1;
/** Wide enough to show the detail pane beside the table. */
export const SIDE_BY_SIDE_MIN_WIDTH = 140;

export interface FrameSize {
  width: number;
  height: number;
}

export function frameSize(columns: number, rows: number): FrameSize {
  return { width: Math.max(20, columns), height: Math.max(8, rows - FREE_LINES) };
}

/** Lines for the screen's body (a list, or help) between the chrome and the prompt. */
export function bodyHeight(frameHeight: number, promptOpen: boolean): number {
  return frameHeight - CHROME_LINES - (promptOpen ? PROMPT_LINES : 0);
}

/** Lines left for the table (and pane) under the notice line and above the error bar. */
export function listBodyHeight(list: { error: unknown; notice?: string | undefined }, height: number): number {
  return height - (list.error ? ERROR_BAR_LINES : 0) - (list.notice ? NOTICE_LINES : 0);
}

export interface PaneLayout {
  side: boolean;
  tableWidth: number;
  tableHeight: number;
  paneWidth: number;
  paneHeight: number;
}

/** Below this many terminal rows the detail opens full screen: a split leaves too little of either. */
export const FULL_DETAIL_BELOW_ROWS = 30;

/** Whether a frame this size opens the detail full screen. */
export function opensDetailFull(frame: FrameSize): boolean {
  return frame.height + FREE_LINES < FULL_DETAIL_BELOW_ROWS;
}

/**
 * The table and the detail pane: side by side when wide, the pane below the table otherwise;
 * `full`: the pane alone.
 */
export function paneLayout(width: number, height: number, full = false): PaneLayout {
  if (full) return { side: false, tableWidth: width, tableHeight: 0, paneWidth: width, paneHeight: height };
  if (width >= SIDE_BY_SIDE_MIN_WIDTH) {
    const paneWidth = Math.floor(width * 0.45);
    return { side: true, tableWidth: width - paneWidth, tableHeight: height, paneWidth, paneHeight: height };
  }
  const tableHeight = Math.max(4, Math.floor(height * 0.35));
  return { side: false, tableWidth: width, tableHeight, paneWidth: width, paneHeight: height - tableHeight };
}

/** Table rows a terminal of this height shows with no prompt, error or notice. */
export function tableRowsForTerminal(rows: number): number {
  return Math.max(1, frameSize(80, rows).height - CHROME_LINES - TABLE_HEADER_LINES);
}

/** The default page size: exactly the rows the table shows (18 at 24 lines, 34 at 40). */
export function pageSizeForRows(rows: number): number {
  return Math.min(MAX_PAGE_SIZE, tableRowsForTerminal(rows));
}

/** The default page size of a user's lists: the rows left under the user's summary line. */
export function userPageSizeForRows(rows: number): number {
  return Math.max(1, pageSizeForRows(rows) - USER_SUMMARY_LINES);
}

export interface ListFrame {
  promptOpen: boolean;
  /** The detail pane is open on a row. */
  paneOpen: boolean;
  list: { error: unknown; notice?: string | undefined };
}

/** The table's height (its title line included) and width, for a list in a frame of this size. */
export function tableBox(frame: FrameSize, state: ListFrame): { width: number; height: number } {
  const body = listBodyHeight(state.list, bodyHeight(frame.height, state.promptOpen));
  if (!state.paneOpen) return { width: frame.width, height: body };
  const pane = paneLayout(frame.width, body);
  return { width: pane.tableWidth, height: pane.tableHeight };
}

/** Rows of the table on screen, under its title line: fewer than the page means it scrolls. */
export function tableRowsShown(frame: FrameSize, state: ListFrame): number {
  return Math.max(1, tableBox(frame, state).height - TABLE_HEADER_LINES);
}
