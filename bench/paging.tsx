// Figures 4 and 5, in-process: paging at a million users, and request discipline against a slow
// server while next-page is held down.
import { performance } from 'node:perf_hooks';
import { startDemoServer } from '../src/demo/server.js';
import { mountApp, sleep, waitForState, type Mounted } from './harness.js';
import { summarize, type Result } from './stats.js';

const USERS = 1_000_000;
const PAGE_SIZE = 100;

/**
 * `r` on the current page: a forced request, timed from the key to the rows being applied in
 * the store (the frame follows within one render, figure 1; a reload of the same rows may draw
 * nothing new at all, so the frame itself cannot be waited for).
 */
async function timedReload(app: Mounted, page: number): Promise<number> {
  await app.settle(30);
  const t0 = performance.now();
  app.stdin.press('r');
  await waitForState(app.store, (s) => s.lists.users?.loading === true);
  await waitForState(app.store, (s) => s.lists.users?.loading === false && s.lists.users.loadedPage === page);
  return performance.now() - t0;
}

export async function pagingFigures(quick: boolean): Promise<Result[]> {
  const demo = await startDemoServer({ users: USERS });
  const last = Math.ceil(USERS / PAGE_SIZE);
  const runs = quick ? 2 : 7;
  const first: number[] = [];
  const lastPage: number[] = [];
  const app = mountApp({ baseUrl: demo.url, pageSize: PAGE_SIZE });
  try {
    await waitForState(app.store, (s) => s.lists.users?.loadedPage === 1);
    await timedReload(app, 1); // warm-up
    for (let i = 0; i < runs; i++) {
      first.push(await timedReload(app, 1));
      app.store.getState().goToPage(last);
      await waitForState(app.store, (s) => s.lists.users?.loadedPage === last && !s.lists.users.loading);
      lastPage.push(await timedReload(app, last));
      app.store.getState().goToPage(1);
      await waitForState(app.store, (s) => s.lists.users?.loadedPage === 1 && !s.lists.users.loading);
    }
  } finally {
    await app.unmount();
    await demo.close();
  }
  const ratios = first.map((f, i) => lastPage[i]! / f);
  return [
    summarize(4, 'page 1 at 1,000,000 users (key r to rows shown)', first, 'ms', '', undefined, '100 rows per page'),
    summarize(4, `last page (${last.toLocaleString('en')}) at 1,000,000 users`, lastPage, 'ms', '', undefined),
    summarize(4, 'last page / page 1', ratios, 'x', '<= 1.5x', (v) => v <= 1.5),
  ];
}

interface HoldResult {
  sent: number;
  started: number;
  discarded: number;
  maxInFlight: number;
  outOfOrder: number;
  pagesWanted: number;
  finalShown: number;
}

/** Holds `n` for holdMs at rate keys/s against a server that answers in latencyMs. */
async function holdNext(baseUrl: string, requestCount: () => number, holdMs: number, rate: number): Promise<HoldResult> {
  const app = mountApp({ baseUrl, pageSize: 20 });
  try {
    await waitForState(app.store, (s) => s.lists.users?.loadedPage === 1 && !s.lists.users.loading);
    await app.settle(30);
    const before = { sent: requestCount(), started: app.store.stats.started, discarded: app.store.stats.discarded };
    let shown = 1;
    let outOfOrder = 0;
    const unsubscribe = app.store.subscribe((s) => {
      const page = s.lists.users?.loadedPage ?? 0;
      if (page < shown) outOfOrder++;
      shown = Math.max(shown, page);
    });
    const presses = Math.round((holdMs / 1000) * rate);
    for (let i = 0; i < presses; i++) {
      app.stdin.press('n');
      await sleep(1000 / rate);
    }
    const wanted = app.store.getState().lists.users!.page;
    await waitForState(app.store, (s) => s.lists.users?.loading === false, 10_000);
    unsubscribe();
    return {
      sent: requestCount() - before.sent,
      started: app.store.stats.started - before.started,
      discarded: app.store.stats.discarded - before.discarded,
      maxInFlight: app.store.stats.maxInFlight,
      outOfOrder,
      pagesWanted: wanted,
      finalShown: app.store.getState().lists.users!.loadedPage ?? 0,
    };
  } finally {
    await app.unmount();
  }
}

export async function disciplineFigures(quick: boolean): Promise<Result[]> {
  const demo = await startDemoServer({ users: 5000, latencyMs: 200 });
  const runs = quick ? 1 : 3;
  const results: HoldResult[] = [];
  try {
    for (let i = 0; i < runs; i++) results.push(await holdNext(demo.url, () => demo.requestCount('/user/get_users'), 2000, 30));
  } finally {
    await demo.close();
  }
  const ok = results.every((r) => r.outOfOrder === 0 && r.finalShown === r.pagesWanted);
  return [
    summarize(5, 'hold n 2 s at 30 keys/s, 200 ms server: requests sent', results.map((r) => r.sent), '', '', undefined, `${results[0]?.pagesWanted ?? '?'} pages stepped`),
    summarize(5, 'requests whose result was thrown away', results.map((r) => r.discarded), '', '', undefined),
    summarize(5, 'max requests in flight', results.map((r) => r.maxInFlight), '', '<= 1', (v) => v <= 1),
    summarize(5, 'results shown out of order (and last page shown)', results.map((r) => r.outOfOrder), '', '0, ends on the last page stepped', () => ok),
  ];
}
