// The screen's geometry, in one place: given the terminal's size and what is open, every region's
// lines and width. The keys that move within what is drawn (page rows, the detail's scroll), the
// screens and the components that draw it all read `screenGeometry`, and none computes its own.
// Pure arithmetic: plain values in, plain values out.
import { MAX_PAGE_SIZE } from '../domain/paging.js';
import { TOP_LISTS, type ScreenKind } from '../lists/names.js';

/** Lines around the body: header, breadcrumb, status line, footer (or the open prompt). */
export const CHROME_LINES = 4;
/**
 * Lines left free at the bottom of the terminal. None: the frame is as tall as the terminal. Ink
 * 6.8 cleared and redrew the screen on every render of such a frame; the build's patch
 * (scripts/patches/terminal-events.mjs, "a frame as tall as the terminal") draws it like any other.
 */
export const FREE_LINES = 0;
/** The open prompt: one line, in the footer's place (keys go to the prompt, so its hints are moot). */
export const PROMPT_LINES = 1;
/** The error bar: the message, the detail, what to do. */
export const ERROR_BAR_LINES = 3;
/** The list's notice line (e.g. the server's 1004 for a user with no conversations). */
export const NOTICE_LINES = 1;
/** A notice of several lines shows this many at most. */
export const MAX_NOTICE_LINES = 2;
/** The summary at the top of a user screen. */
export const USER_SUMMARY_LINES = 1;
/** The table's column titles. */
export const TABLE_HEADER_LINES = 1;
/** Wide enough to show the detail pane beside the table. */
export const SIDE_BY_SIDE_MIN_WIDTH = 140;
/** Below this many terminal rows the detail opens full screen: a split leaves too little of either. */
export const FULL_DETAIL_BELOW_ROWS = 30;
/** The smallest frame drawn: below it the terminal cuts the frame, it is not squeezed further. */
const MIN_WIDTH = 20;
const MIN_HEIGHT = 8;

/** The terminal's size, as the terminal reports it. */
export interface TerminalSize {
  columns: number;
  rows: number;
}

/** A top-level list: a list under the breadcrumb; user: a list under the user's summary line. */
export type { ScreenKind } from '../lists/names.js';

/** What is open on the screen: everything besides the terminal's size that moves a region. */
export interface ScreenState {
  screen: ScreenKind;
  /** The detail of the selected row: closed, beside or below the table, or alone. */
  detail: 'closed' | 'split' | 'full';
  prompt: boolean;
  help: boolean;
  /** The list's error bar is up. */
  error: boolean;
  /** The list has a notice line. */
  notice: boolean;
  /** Its lines, when more than one (a single chat's history: both sides' read seqs on a line of their own). */
  noticeLines?: number;
  /** Lines the list draws above its table (the pulse's sparklines: lists/types.ts `chart`). */
  chart?: number;
}

export interface Region {
  width: number;
  rows: number;
}

export interface DetailRegion extends Region {
  /** Beside the table (wide terminals) rather than below it or alone. */
  side: boolean;
}

export interface ScreenGeometry {
  /** The root: as wide and as tall as the terminal (never below 20x8). */
  frame: Region;
  header: Region;
  breadcrumb: Region;
  /** Between the breadcrumb and the status line: a screen, or help. */
  body: Region;
  /** The user's summary line (0 rows elsewhere). */
  summary: Region;
  notice: Region;
  /** The list's chart above its table (0 rows for a list without one). */
  chart: Region;
  /** The table, its title line included; 0 rows when help or the full-screen detail hides it. */
  table: Region;
  /** Rows of the table under its title line: a page taller than this scrolls within the table. */
  tableRows: number;
  detail: DetailRegion | null;
  errorBar: Region;
  /** The status line, or the prompt's note or candidates while they stand (components/PromptBar.tsx). */
  status: Region;
  /** The key hints, or nothing while the prompt takes their line. */
  footer: Region;
  prompt: Region;
  /** The default page size on this screen: the table rows with nothing open (no prompt, pane, error or notice). */
  pageRows: number;
}

const CLOSED: ScreenState = { screen: TOP_LISTS[0]!, detail: 'closed', prompt: false, help: false, error: false, notice: false };

/** Every region of the screen for a terminal this size with this open. */
export function screenGeometry(size: TerminalSize, open: Partial<ScreenState> = {}): ScreenGeometry {
  const s = { ...CLOSED, ...open };
  const width = Math.max(MIN_WIDTH, size.columns);
  const height = Math.max(MIN_HEIGHT, size.rows - FREE_LINES);
  const line = (on: boolean): Region => ({ width, rows: on ? 1 : 0 });
  // The prompt takes the footer's line, never the body's: a prompt hides no table row.
  const body = { width, rows: height - CHROME_LINES };
  const summaryRows = s.screen === 'user' && !s.help ? USER_SUMMARY_LINES : 0;
  const noticeRows = s.notice && !s.help ? Math.max(NOTICE_LINES, Math.min(MAX_NOTICE_LINES, s.noticeLines ?? NOTICE_LINES)) : 0;
  const errorRows = s.error && !s.help ? ERROR_BAR_LINES : 0;
  const chartRows = s.help ? 0 : Math.min(s.chart ?? 0, Math.max(0, body.rows - summaryRows - noticeRows - errorRows - 4));
  const listRows = Math.max(0, body.rows - summaryRows - noticeRows - errorRows - chartRows);
  const pane = s.help || s.detail === 'closed' ? null : paneLayout(width, listRows, s.detail === 'full');
  const table: Region = s.help ? { width, rows: 0 } : pane ? { width: pane.tableWidth, rows: pane.tableHeight } : { width, rows: listRows };
  const fit = Math.max(1, body.rows - (s.screen === 'user' ? USER_SUMMARY_LINES : 0) - TABLE_HEADER_LINES);
  return {
    frame: { width, rows: height },
    header: line(true),
    breadcrumb: line(true),
    body,
    summary: line(summaryRows > 0),
    notice: { width, rows: noticeRows },
    chart: { width, rows: chartRows },
    table,
    tableRows: Math.max(1, table.rows - TABLE_HEADER_LINES),
    detail: pane ? { side: pane.side, width: pane.paneWidth, rows: pane.paneHeight } : null,
    errorBar: { width, rows: errorRows },
    status: line(true),
    footer: line(!s.prompt),
    prompt: { width, rows: s.prompt ? PROMPT_LINES : 0 },
    pageRows: Math.min(MAX_PAGE_SIZE, fit),
  };
}

interface PaneLayout {
  side: boolean;
  tableWidth: number;
  tableHeight: number;
  paneWidth: number;
  paneHeight: number;
}

/**
 * The table and the detail pane in `height` lines: side by side when wide, the pane below the
 * table otherwise; `full`: the pane alone.
 */
function paneLayout(width: number, height: number, full: boolean): PaneLayout {
  if (full) return { side: false, tableWidth: width, tableHeight: 0, paneWidth: width, paneHeight: height };
  if (width >= SIDE_BY_SIDE_MIN_WIDTH) {
    const paneWidth = Math.floor(width * 0.45);
    return { side: true, tableWidth: width - paneWidth, tableHeight: height, paneWidth, paneHeight: height };
  }
  const tableHeight = Math.max(4, Math.floor(height * 0.35));
  return { side: false, tableWidth: width, tableHeight, paneWidth: width, paneHeight: Math.max(0, height - tableHeight) };
}

/** Whether a terminal this size opens the detail full screen. */
export function opensDetailFull(size: TerminalSize): boolean {
  return size.rows < FULL_DETAIL_BELOW_ROWS;
}

/** The default page sizes, of the users and accounts lists and of a user's lists (under the summary line). */
export function fittedPageSizes(size: TerminalSize): { list: number; user: number } {
  return { list: screenGeometry(size, { screen: TOP_LISTS[0]! }).pageRows, user: screenGeometry(size, { screen: 'user' }).pageRows };
}
