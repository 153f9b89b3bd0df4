// One tab of a hostile user, walked row by row with the detail pane open: shared by the
// hostile-user-*.test.tsx files.
import { expect } from 'vitest';
import { currentScreen } from '../../src/store/selectors.js';
import { HOSTILE_VALUES } from '../fixtures/hostile.js';
import type { AuditResult } from './audit.js';
import { KEYS } from './harness.js';
import { CORPUS_SIZE, type HostileServer } from './hostileServer.js';
import { loaded, mountHostileApp, step, walkList } from './walk.js';

export interface WalkedTab {
  audit: AuditResult;
  /** Every write to the fake terminal. */
  chunks: readonly string[];
}

/**
 * Opens the user of a row whose ID is hostile (the breadcrumb shows it, requests carry it),
 * switches to `tab` and walks the rows from..to-1 with the pane open (opened with Enter),
 * scrolling it `panePages` pages and copying rows with y.
 */
export async function walkUserTab(server: HostileServer, tab: '1' | '2' | '3', panePages: number, from = 0, to = CORPUS_SIZE): Promise<WalkedTab> {
  const m = mountHostileApp(server);
  try {
    await loaded(m, 1);
    await step(m, 'j');
    await step(m, KEYS.enter);
    const screen = currentScreen(m.store.getState());
    expect(screen.name === 'user' && screen.userID).toBe(HOSTILE_VALUES[1]);
    if (tab !== '1') {
      await loaded(m, 1);
      await step(m, tab);
    }
    await loaded(m, 1);
    expect(await walkList(m, KEYS.enter, panePages, from, to)).toBe(to - from);
  } finally {
    m.unmount();
  }
  return { audit: m.audit(), chunks: m.stdout.chunks };
}
