// Walking the real App through every row of a list with the detail pane open, frame by frame.
import { expect } from 'vitest';
import { currentList } from '../../src/store/selectors.js';
import type { AppState } from '../../src/store/types.js';
import { HOSTILE_VALUES } from '../fixtures/hostile.js';
import type { AuditResult } from './audit.js';
import { mountApp, type Mounted, type MountOptions } from './harness.js';
import { CORPUS_SIZE } from './hostileServer.js';

export const PAGE = 20;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until the current list has its page loaded (or failed), and for its frame. */
export async function loaded(m: Mounted, page: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = currentList(m.store.getState());
    if (list && !list.loading && (list.loadedPage === page || list.error)) break;
    if (Date.now() > deadline) throw new Error(`page ${page} did not load:\n${m.screen()}`);
    await sleep(1);
  }
  await m.settle(5);
}

/**
 * Presses a key and waits for the frame it causes. Ink writes only when the output changes, so
 * a key that changes nothing on screen draws nothing: then `drew` says not to wait.
 */
export async function step(m: Mounted, key: string, drew: (before: AppState, after: AppState) => boolean = () => true): Promise<void> {
  const state = m.store.getState();
  const before = m.stdout.chunks.length;
  await m.press(key);
  if (!drew(state, m.store.getState())) return;
  // Ink writes a frame in one go: once a write arrived, the frame of this key is complete. A key
  // that changed what shows must draw: no write within the deadline is a failure, not a pass
  // (else on a busy machine the walk would go on before this row was ever drawn).
  const deadline = Date.now() + 10_000;
  while (m.stdout.chunks.length === before) {
    if (Date.now() > deadline) throw new Error(`no frame after the key ${JSON.stringify(key)}:\n${m.screen()}`);
    await sleep(1);
  }
}

const PANE_RANGE = /detail (\d+)-(\d+) of (\d+)/;

/** Scrolls the open detail pane page by page to its end (at most `max` pages). */
export async function scrollPane(m: Mounted, max: number): Promise<void> {
  for (let i = 0; i < max; i++) {
    // At the end of the pane (as drawn) J changes nothing on screen, so it would draw nothing.
    const range = PANE_RANGE.exec(m.screen());
    if (range && range[2] === range[3]) break;
    const before = m.store.getState().detail.scroll;
    await step(m, 'J', (a, b) => a.detail.scroll !== b.detail.scroll);
    if (m.store.getState().detail.scroll === before) break;
  }
}

/** The copy keys a walk presses: y on some rows, or y on every row with Y (the row's ID) and C (the page as curl) on some. */
export type CopyKeys = 'y' | 'yYC';

/**
 * Visits the rows from..to-1 (all of them unless given) of the current list with the detail pane
 * open, scrolling the pane of each row, and copies rows with y (the first one visited, and every
 * seventh from the fourth of a page; with 'yYC' every row, Y every seventh from the sixth, C from
 * the seventh). Rows
 * before `from` are passed with the pane closed (nothing is laid out for them). Returns the rows
 * visited.
 */
export async function walkList(m: Mounted, openPane: string, panePages: number, from = 0, to = CORPUS_SIZE, copies: CopyKeys = 'y'): Promise<number> {
  let visited = 0;
  const lastPage = Math.ceil(to / PAGE);
  for (let page = 1; page <= lastPage; page++) {
    if (page > 1) await step(m, 'n');
    await loaded(m, page);
    const list = currentList(m.store.getState())!;
    expect(list.loadedPage).toBe(page);
    for (let row = 0; row < list.rows.length && (page - 1) * PAGE + row < to; row++) {
      if (row > 0) await step(m, 'j', (a, b) => currentList(a)?.cursor !== currentList(b)?.cursor);
      expect(currentList(m.store.getState())!.cursor).toBe(row);
      if ((page - 1) * PAGE + row < from) continue;
      if (!m.store.getState().detail.open) await step(m, openPane);
      expect(m.store.getState().detail.open, `pane on page ${page}:\n${m.screen()}`).toBe(true);
      await scrollPane(m, panePages);
      if (copies === 'yYC') {
        // Each says something new on the status line (copied, or refused in words): each draws.
        await step(m, 'y');
        if (row % 7 === 5) await step(m, 'Y');
        if (row % 7 === 6) await step(m, 'C');
      } else if (visited === 0 || row % 7 === 3) await step(m, 'y');
      visited++;
    }
  }
  return visited;
}

/** The first row of the corpus's tail of 50k- and 100k-character values. */
const HEAVY_FROM = HOSTILE_VALUES.findIndex((_, i) => HOSTILE_VALUES.slice(i).every((v) => v.length >= 50_000));

/**
 * Row ranges of the corpus that cost about the same to walk, a test each, so that none runs long
 * on a loaded machine: the ordinary rows in `parts` equal parts (more for a list whose rows cost
 * more), then the rows with a 50k- or 100k-character value (one of them costs as much as a dozen
 * others). Together they are every row, each once.
 */
export function rowRanges(parts = 2): (readonly [number, number])[] {
  const bounds = Array.from({ length: parts + 1 }, (_, i) => Math.round((i * HEAVY_FROM) / parts));
  return [...bounds.slice(1).map((to, i) => [bounds[i]!, to] as const), [HEAVY_FROM, CORPUS_SIZE] as const];
}

/** The App on the hostile server, at the size and page every corpus walk uses. */
export function mountHostileApp(server: { url: string }, options: Pick<MountOptions, 'tokenTimers' | 'openExport'> = {}): Mounted {
  return mountApp({ client: { baseUrl: server.url, token: 'hostile-test-token', maxBodyBytes: 64 * 1024 * 1024 }, columns: 100, rows: 40, pageSize: PAGE, ...options });
}

/**
 * What every walked range must show: no byte outside the allowlist, the hostile text visibly
 * replaced, and the copy (`y`) sent as the app's own OSC 52. How many frames it took is not
 * asserted: renders coalesce when replies come fast (walkList checks every row was visited).
 */
export function expectWalkClean(audit: AuditResult, chunks: readonly string[]): void {
  expect(audit.violations.slice(0, 20)).toEqual([]);
  expect(audit.copies.length).toBeGreaterThan(0);
  expect(audit.frames.some((f) => f.includes('\ufffd'))).toBe(true);
  expect(chunks.some((c) => c.startsWith('\u001b]52;c;'))).toBe(true);
}

/** Runs a command of the command line (`:messages`) and waits for its list's first page. */
export async function command(m: Mounted, text: string): Promise<void> {
  await step(m, ':');
  await m.type(text);
  await m.settle(5);
  await step(m, '\r');
  await loaded(m, 1);
}
