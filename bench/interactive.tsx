// Figures 1 and 3, in-process at 200x50 with the default page (50 rows): the real <App/> and store
// against the demo server over loopback, each sample paired with Ink's own floor (inkFloor.tsx)
// drawing the same kind of change:
// - a cursor move (two lines change), key to frame;
// - a cached page change (four pages Ink has drawn recently), key to frame;
// - a never-seen page, from its data arriving in the store to the frame (the request is not
//   counted: the figure is what drawing costs);
// - an evicted page: a page still in the app's cache but drawn long ago (Ink's per-line caches
//   have moved on), key to frame;
// and the bytes of a cursor move with incremental rendering against whole frames.
import { performance } from 'node:perf_hooks';
import { startDemoServer } from 'openim-demo-server';
import type { AnyRow } from '../src/api/pages.js';
import { floorLines, mountFloor, type Floor } from './inkFloor.js';
import { mountApp, sleep, waitForState, type Mounted } from './harness.js';
import { counted, median, paired, quantile, type Result } from './stats.js';
import { LAYOUT_PAGES } from '../src/components/Table.js';
import { PAGE_CACHE_PAGES } from '../src/store/scheduler.js';

const COLS = 200;
const ROWS = 50;
/** Table rows on screen at 200x50 (the floor draws as many). */
const BODY = 44;
/** Keys further apart than Ink's render throttle (maxFps 120: 9 ms), like a person typing fast. */
const GAP_MS = 25;

/** Presses one key; ms to the first byte of the frame that answers it, and all bytes it caused. */
async function timedPress(app: Mounted, key: string): Promise<{ ms: number; bytes: number }> {
  app.drain();
  const next = app.stdout.nextWrite(5000, `key ${key}`);
  const t0 = performance.now();
  app.stdin.press(key);
  const write = await next;
  await sleep(GAP_MS);
  return { ms: write.at - t0, bytes: app.drain().bytes };
}

async function loaded(app: Mounted, page: number): Promise<void> {
  await waitForState(app.store, (s) => s.lists.users?.loadedPage === page && !s.lists.users.loading);
  await app.settle(40);
}

const rowsOf = (app: Mounted): readonly AnyRow[] => app.store.getState().lists.users?.rows ?? [];

/** The app goes to `page` (never seen): ms from its rows landing in the store to the frame. */
async function freshPage(app: Mounted, page: number): Promise<number> {
  await sleep(GAP_MS);
  let landed = 0;
  const unsubscribe = app.store.subscribe((s) => {
    if (landed === 0 && s.lists.users?.loadedPage === page) landed = performance.now();
  });
  try {
    app.drain();
    app.store.getState().goToPage(page);
    await waitForState(app.store, (s) => s.lists.users?.loadedPage === page);
    const write = app.stdout.writes.find((w) => w.at >= landed) ?? (await app.stdout.nextWrite());
    return write.at - landed;
  } finally {
    unsubscribe();
    await app.settle(30);
  }
}

interface Samples {
  app: number[];
  floor: number[];
}
const samples = (): Samples => ({ app: [], floor: [] });

async function run(baseUrl: string, floor: Floor, quick: boolean) {
  const app = mountApp({ baseUrl, columns: COLS, rows: ROWS, pageSize: 50 });
  const out = { move: samples(), cached: samples(), fresh: samples(), evicted: samples(), moveBytes: [] as number[], pageBytes: [] as number[], requests: 0 };
  try {
    await loaded(app, 1);
    // Cursor moves: down past the window and back up.
    let lines = floorLines(rowsOf(app), COLS, BODY);
    const moves = quick ? 16 : 80;
    for (let i = 0; i < moves; i++) {
      const down = i < moves / 2;
      const r = await timedPress(app, down ? 'j' : 'k');
      out.move.app.push(r.ms);
      out.moveBytes.push(r.bytes);
      const at = down ? i + 1 : moves - i - 1;
      out.move.floor.push(await floor.show(lines, at % BODY));
    }
    // Pages 1..4 into both caches, then back and forth between them.
    const seen: AnyRow[][] = [[...rowsOf(app)]];
    for (let page = 2; page <= 4; page++) {
      app.stdin.press('n');
      await loaded(app, page);
      seen.push([...rowsOf(app)]);
    }
    const floorPages = seen.map((rows) => floorLines(rows, COLS, BODY));
    for (const l of floorPages) await floor.show(l, 0);
    const started = app.store.stats.started;
    let page = 4;
    const steps = quick ? 8 : 40;
    for (let i = 0; i < steps; i++) {
      const back = Math.floor(i / 3) % 2 === 0;
      const r = await timedPress(app, back ? 'p' : 'n');
      page += back ? -1 : 1;
      out.cached.app.push(r.ms);
      out.pageBytes.push(r.bytes);
      out.cached.floor.push(await floor.show(floorPages[page - 1]!, 0));
    }
    out.requests = app.store.stats.started - started;
    // Never-seen pages, far apart in a million users; the floor draws each page's rows, new too.
    // Every 10th page from the 50th on, a page drawn 45 pages ago comes back: still in the app's
    // cache (64 pages), gone from Ink's per-line caches (a few thousand lines): the evicted page.
    const fresh = quick ? 12 : 90;
    const back = quick ? 4 : 45;
    const pageAt = (i: number): number => 1000 + i * 37;
    const drawn: string[][] = [];
    for (let i = 0; i < fresh; i++) {
      out.fresh.app.push(await freshPage(app, pageAt(i)));
      lines = floorLines(rowsOf(app), COLS, BODY);
      drawn.push(lines);
      out.fresh.floor.push(await floor.show(lines, 0));
      if (i >= back + 4 && i % (quick ? 2 : 10) === 0) {
        const before = app.store.stats.started;
        await sleep(GAP_MS);
        app.drain();
        const next = app.stdout.nextWrite();
        const t0 = performance.now();
        app.store.getState().goToPage(pageAt(i - back));
        const write = await next;
        if (app.store.stats.started !== before) throw new Error('the evicted page was not in the app cache');
        out.evicted.app.push(write.at - t0);
        await loaded(app, pageAt(i - back));
        out.evicted.floor.push(await floor.show(drawn[i - back]!, 0));
      }
    }
    return out;
  } finally {
    await app.unmount();
  }
}

/** Bytes of a cursor move with whole-frame rendering, for figure 3's comparison. */
async function wholeFrameBytes(baseUrl: string): Promise<number> {
  const app = mountApp({ baseUrl, columns: COLS, rows: ROWS, pageSize: 50, incrementalRendering: false });
  try {
    await loaded(app, 1);
    const bytes: number[] = [];
    for (let i = 0; i < 10; i++) bytes.push((await timedPress(app, 'j')).bytes);
    return median(bytes);
  } finally {
    await app.unmount();
  }
}

export async function interactiveFigures(quick: boolean): Promise<Result[]> {
  const demo = await startDemoServer({ users: 1_000_000, latencyMs: 20 });
  const floor = mountFloor(COLS, ROWS);
  try {
    // A first run warms the JIT and is not counted: an operator's first key is not what this is about.
    if (!quick) await run(demo.url, floor, true);
    const runs = quick ? 1 : 3;
    const all = { move: samples(), cached: samples(), fresh: samples(), evicted: samples() };
    const p95 = { fresh: samples(), cached: samples(), move: samples() };
    const moveBytes: number[] = [];
    const pageBytes: number[] = [];
    let requests = 0;
    for (let i = 0; i < runs; i++) {
      const r = await run(demo.url, floor, quick);
      for (const k of ['move', 'cached', 'fresh', 'evicted'] as const) {
        all[k].app.push(...r[k].app);
        all[k].floor.push(...r[k].floor);
      }
      for (const k of ['move', 'cached', 'fresh'] as const) {
        p95[k].app.push(quantile(r[k].app, 0.95));
        p95[k].floor.push(quantile(r[k].floor, 0.95));
      }
      moveBytes.push(median(r.moveBytes));
      pageBytes.push(median(r.pageBytes));
      requests += r.requests;
    }
    const fullBytes = await wholeFrameBytes(demo.url);
    const ms = (ratioGoal: number, budget?: number) => (r: number, v: number) => r <= ratioGoal && (budget === undefined || v <= budget);
    return [
      paired(1, 'cursor move, key to frame (median)', all.move.app, all.move.floor, 'ms', 'Ink alone', '', undefined, 'each key beside Ink drawing the same two changed lines'),
      paired(1, 'cursor move, key to frame (p95 of each run)', p95.move.app, p95.move.floor, 'ms', 'Ink alone', '< 16 ms', (_r, v) => v < 16),
      paired(1, 'cached page, key to frame (median)', all.cached.app, all.cached.floor, 'ms', 'Ink alone', '', undefined, `${requests} requests while paging cached pages (must be 0)`),
      paired(1, 'cached page, key to frame, p95 vs Ink alone', p95.cached.app, p95.cached.floor, 'ms', 'Ink alone', '<= 1.5x', (r, v) => r <= 1.5 && v < 16 && requests === 0,
        `p95 of each run; the store keeps ${PAGE_CACHE_PAGES} pages, the table the layouts and lines of ${LAYOUT_PAGES}`),
      paired(1, 'never-seen page, data to frame (median)', all.fresh.app, all.fresh.floor, 'ms', 'Ink alone', '', undefined, '50 rows a page, 200x50'),
      paired(1, 'never-seen page, data to frame, p95 vs Ink alone', p95.fresh.app, p95.fresh.floor, 'ms', 'Ink alone', '<= 1.2x', ms(1.2, 16), 'p95 of each run, and at most 16 ms'),
      paired(1, 'evicted page (cached data, drawn long ago), key to frame', all.evicted.app, all.evicted.floor, 'ms', 'Ink alone', '', undefined),
      counted(3, 'bytes per cursor move (incremental, default)', moveBytes, 'B', ''),
      paired(3, 'bytes per cursor move vs whole frames', moveBytes, moveBytes.map(() => fullBytes), 'B', 'OIE_INCREMENTAL=0', '< 0.25x', (r) => r < 0.25),
      counted(3, 'bytes per cached page change (every row changes)', pageBytes, 'B', ''),
    ];
  } finally {
    await floor.unmount();
    await demo.close();
  }
}
