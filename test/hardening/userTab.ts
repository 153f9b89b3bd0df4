// One tab of a hostile user, walked row by row with the detail pane open: shared by the
// hostile-user-*.test.tsx files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TABS, type UserTab } from '../../src/lists/names.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { HOSTILE_VALUES } from '../fixtures/hostile.js';
import type { AuditResult } from './audit.js';
import { KEYS } from './harness.js';
import { CORPUS_SIZE, startHostileServer, type HostileServer } from './hostileServer.js';
import { expectWalkClean, loaded, mountHostileApp, rowRanges, step, walkList, type CopyKeys } from './walk.js';

/** A user's tab's key: its place among the tabs, from 1. */
const keyOf = (tab: UserTab): string => String(USER_TABS.indexOf(tab) + 1);

export interface WalkedTab {
  audit: AuditResult;
  /** Every write to the fake terminal. */
  chunks: readonly string[];
}

/**
 * Opens the user of a row whose ID is hostile (the breadcrumb shows it, requests carry it),
 * switches to `tab` and walks the rows from..to-1 with the pane open (opened with d),
 * scrolling it `panePages` pages and copying rows with y.
 */
export async function walkUserTab(server: HostileServer, tab: UserTab, panePages: number, from = 0, to = CORPUS_SIZE, copies: CopyKeys = 'y'): Promise<WalkedTab> {
  const m = mountHostileApp(server);
  try {
    await loaded(m, 1);
    await step(m, 'j');
    await step(m, KEYS.enter);
    const screen = currentScreen(m.store.getState());
    expect(screen.name === 'user' && screen.userID).toBe(HOSTILE_VALUES[1]);
    if (keyOf(tab) !== '1') {
      await loaded(m, 1);
      await step(m, keyOf(tab));
    }
    await loaded(m, 1);
    expect(currentList(m.store.getState())?.kind).toBe(tab);
    expect(await walkList(m, 'd', panePages, from, to, copies)).toBe(to - from);
  } finally {
    m.unmount();
  }
  return { audit: m.audit(), chunks: m.stdout.chunks };
}

/**
 * A hostile-user-*.test.tsx file: its own hostile server, and one test per range of rows of the
 * tab, each walked with the pane open and audited; `also` adds what that tab must show besides.
 */
export function describeUserTab(
  what: string,
  tab: UserTab,
  options: { panePages: number; parts?: number; copies?: CopyKeys; also?: (audit: AuditResult, from: number) => void },
): void {
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer();
  });
  afterAll(async () => {
    await server.close();
  });
  describe(`hostile strings in a user's ${what}`, () => {
    it.each(rowRanges(options.parts))('reach no terminal: rows %i to %i', async (from, to) => {
      const { audit, chunks } = await walkUserTab(server, tab, options.panePages, from, to, options.copies);
      expectWalkClean(audit, chunks);
      options.also?.(audit, from);
    });
  });
}
