// Figures 4 and 5, in-process, each measured to the frame that shows the rows:
// - paging at a million users: a never-seen page near the end against one near the start, from the
//   page step to the frame with its rows (the server pages by offset: the end must cost the same);
// - holding `n` (100 presses at 30 a second) against a server that answers in 200 ms: from the
//   last press to the frame of the last page, against one press with nothing in flight (one round
//   trip and a frame); at most one request in flight, never an older page after a newer one.
import { performance } from 'node:perf_hooks';
import { startDemoServer } from 'openim-demo-server';
import { DEFAULT_CLIENT_CONFIG, OpenIMClient } from '../src/api/client.js';
import { parseMessageQuery } from '../src/lists/messageQuery.js';
import { LISTS } from '../src/lists/registry.js';
import { mountApp, sleep, waitForState, type Mounted } from './harness.js';
import { replyMeter, replyRows } from './replies.js';
import { alternate, counted, paired, type Result } from './stats.js';

/** From now to the first frame written after the list shows `page`. */
async function toFrame(app: Mounted, page: number, step: () => void): Promise<number> {
  let landed = 0;
  const unsubscribe = app.store.subscribe((s) => {
    if (landed === 0 && s.lists.users?.loadedPage === page) landed = performance.now();
  });
  try {
    app.drain();
    const t0 = performance.now();
    step();
    await waitForState(app.store, (s) => s.lists.users?.loadedPage === page, 20_000);
    const write = app.stdout.writes.find((w) => w.at >= landed) ?? (await app.stdout.nextWrite());
    return write.at - t0;
  } finally {
    unsubscribe();
  }
}

export async function pagingFigures(quick: boolean): Promise<Result[]> {
  const users = 1_000_000;
  const size = 50;
  const demo = await startDemoServer({ users });
  const last = Math.ceil(users / size);
  const app = mountApp({ baseUrl: demo.url, pageSize: size });
  try {
    await waitForState(app.store, (s) => s.lists.users?.loadedPage === 1 && !s.lists.users.loading);
    await app.settle(30);
    const go = async (page: number): Promise<number> => {
      await app.settle(30);
      return toFrame(app, page, () => app.store.getState().goToPage(page));
    };
    // Warm-up turns get negative indexes: every page asked for is a different, never-seen one.
    const timed = await alternate(quick ? 2 : 9, 1, (i) => go(last - 3 * (i + 2)), (i) => go(3 * (i + 2) + 10));
    return [
      paired(4, `never-seen page ${last.toLocaleString('en-US')} area of 1,000,000 users, step to frame`, timed.a, timed.b, 'ms', 'a page near the start', '<= 1.5x', (r) => r <= 1.5, '50 rows a page'),
    ];
  } finally {
    await app.unmount();
    await demo.close();
  }
}

/**
 * A message search page at a million users against a users page, request to parsed page (the
 * client's own path, over loopback): the demo's search narrows by sender and by day, and a search by
 * type alone walks storage order until the page is full and counted (§ the demo's messages).
 */
export async function searchFigures(quick: boolean): Promise<Result[]> {
  const users = 1_000_000;
  const size = 50;
  const demo = await startDemoServer({ users });
  const meter = replyMeter();
  const client = new OpenIMClient({ ...DEFAULT_CLIENT_CONFIG, baseUrl: demo.url, secret: 'openIM123', adminUserID: 'imAdmin', onRequest: meter.onRequest });
  const searches = ['from:user_000002', 'type:MarkdownText', 'day:2025-10-01', 'to:user_500001 session:single'];
  const search = meter.side((i) => {
    const parsed = parseMessageQuery(searches[((i % searches.length) + searches.length) % searches.length]!);
    const query = parsed.ok ? parsed.query : LISTS.messages.query.initial;
    return LISTS.messages.operation.send(client, LISTS.messages.body({ page: 1, size, query }));
  });
  // Users pages far apart, never the same one twice.
  const usersPage = meter.side((i) => LISTS.users.operation.send(client, LISTS.users.body({ page: 1_000 + 97 * (i + 2), size, query: LISTS.users.query.initial })));
  try {
    await alternate(quick ? 4 : 40, 8, search.sample, usersPage.sample);
    return [
      paired(4, 'message search page at 1,000,000 users (by sender, type, day, receiver), request to page', search.ms, usersPage.ms, 'ms', 'a users page', '<= 1.5x', (r) => r <= 1.5, '50 rows a page, in-process demo over loopback'),
      ...replyRows(4, 'message search page', search, usersPage, 'a users page'),
    ];
  } finally {
    await demo.close();
  }
}

interface HoldResult {
  /** Last press to the frame of the last page. */
  lastKeyMs: number;
  /** One press with nothing in flight, to its frame. */
  singleMs: number;
  sent: number;
  maxInFlight: number;
  outOfOrder: number;
  endedOnLast: boolean;
  /** Times the rows on screen changed while the key was held. */
  changesWhileHeld: number;
}

/** Holds `n` for `presses` presses at `rate` a second against a server that answers in `latency` ms. */
async function holdNext(baseUrl: string, requestCount: () => number, presses: number, rate: number): Promise<HoldResult> {
  const app = mountApp({ baseUrl, pageSize: 20 });
  try {
    await waitForState(app.store, (s) => s.lists.users?.loadedPage === 1 && !s.lists.users.loading);
    await app.settle(30);
    const singleMs = await toFrame(app, 2, () => app.stdin.press('n'));
    await app.settle(30);
    const before = { sent: requestCount() };
    let shown = app.store.getState().lists.users!.loadedPage ?? 0;
    let outOfOrder = 0;
    let changes = 0;
    let holding = true;
    const unsubscribe = app.store.subscribe((s) => {
      const page = s.lists.users?.loadedPage ?? 0;
      if (page < shown) outOfOrder++;
      if (page !== shown && holding) changes++;
      shown = Math.max(shown, page);
    });
    for (let i = 0; i < presses - 1; i++) {
      app.stdin.press('n');
      await sleep(1000 / rate);
    }
    holding = false;
    const final = app.store.getState().lists.users!.page + 1;
    const lastKeyMs = await toFrame(app, final, () => app.stdin.press('n'));
    await app.settle(50);
    unsubscribe();
    return {
      lastKeyMs,
      singleMs,
      sent: requestCount() - before.sent,
      maxInFlight: app.store.stats.maxInFlight,
      outOfOrder,
      endedOnLast: app.store.getState().lists.users!.loadedPage === final,
      changesWhileHeld: changes,
    };
  } finally {
    await app.unmount();
  }
}

export async function disciplineFigures(quick: boolean): Promise<Result[]> {
  const demo = await startDemoServer({ users: 5000, latencyMs: 200 });
  const runs = quick ? 1 : 5;
  const presses = quick ? 20 : 100;
  const results: HoldResult[] = [];
  try {
    for (let i = 0; i < runs; i++) results.push(await holdNext(demo.url, () => demo.requestCount('/user/get_users'), presses, 30));
  } finally {
    await demo.close();
  }
  const ok = results.every((r) => r.outOfOrder === 0 && r.endedOnLast);
  return [
    paired(5, `hold n (${presses} presses, 30/s, 200 ms server): last press to the last page's frame`, results.map((r) => r.lastKeyMs), results.map((r) => r.singleMs), 'ms', 'one press, nothing in flight', '<= 1.3x', (r) => r <= 1.3, 'the floor is one round trip and its frame'),
    counted(5, 'max requests in flight (a cancelled one has closed its connection)', results.map((r) => r.maxInFlight), '', '<= 1', (v) => v <= 1),
    counted(5, 'pages shown out of order (and the last page shown at the end)', results.map((r) => r.outOfOrder + (r.endedOnLast ? 0 : 1000)), '', '0', () => ok),
    counted(5, 'requests that reached the server while holding', results.map((r) => r.sent), '', '', undefined, 'each press cancels the request for the page it leaves'),
    counted(5, 'pages drawn while the key was held', results.map((r) => r.changesWhileHeld), '', '', undefined),
  ];
}
