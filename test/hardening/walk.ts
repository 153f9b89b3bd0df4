// Walking the real App through every row of a list with the detail pane open, frame by frame.
import { expect } from 'vitest';
import { currentList } from '../../src/store/selectors.js';
import type { AppState } from '../../src/store/types.js';
import type { Mounted } from './harness.js';
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
  // Ink writes a frame in one go: once a write arrived, the frame of this key is complete.
  const deadline = Date.now() + 1000;
  while (m.stdout.chunks.length === before && Date.now() < deadline) await sleep(1);
}

/** Scrolls the open detail pane page by page to its end (at most `max` pages). */
export async function scrollPane(m: Mounted, max: number): Promise<void> {
  for (let i = 0; i < max; i++) {
    const before = m.store.getState().detail.scroll;
    await step(m, 'J', (a, b) => a.detail.scroll !== b.detail.scroll);
    if (m.store.getState().detail.scroll === before) break;
  }
}

/**
 * Visits every row of every page of the current list with the detail pane open, scrolling the
 * pane of each row, and copies a few rows with y. Returns the rows visited.
 */
export async function walkList(m: Mounted, openPane: string, panePages: number): Promise<number> {
  let visited = 0;
  const pages = Math.ceil(CORPUS_SIZE / PAGE);
  for (let page = 1; page <= pages; page++) {
    if (page > 1) await step(m, 'n');
    await loaded(m, page);
    const list = currentList(m.store.getState())!;
    expect(list.loadedPage).toBe(page);
    if (!m.store.getState().detail.open) await step(m, openPane);
    expect(m.store.getState().detail.open, `pane on page ${page}:\n${m.screen()}`).toBe(true);
    for (let row = 0; row < list.rows.length; row++) {
      if (row > 0) await step(m, 'j', (a, b) => currentList(a)?.cursor !== currentList(b)?.cursor);
      expect(currentList(m.store.getState())!.cursor).toBe(row);
      await scrollPane(m, panePages);
      if (row % 7 === 3) await step(m, 'y');
      visited++;
    }
  }
  return visited;
}

