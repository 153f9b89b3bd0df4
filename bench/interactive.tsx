// Figures 1 and 3, in-process: key to frame, and bytes per cursor move, in the real app at 200x50
// with a 100-row page, against the demo server over loopback.
import { performance } from 'node:perf_hooks';
import { startDemoServer } from '../src/demo/server.js';
import { mountApp, sleep, waitForState, type Mounted } from './harness.js';
import { median, quantile, summarize, type Result } from './stats.js';

/** Keys further apart than Ink's render throttle (maxFps 120: 9 ms), like a person typing fast. */
const GAP_MS = 25;

/** Presses one key and returns the time to the first byte of the frame that answers it, and all bytes it caused. */
async function timedPress(app: Mounted, key: string): Promise<{ ms: number; bytes: number }> {
  app.drain();
  const next = app.stdout.nextWrite();
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

interface RunResult {
  moveMs: number[];
  moveBytes: number[];
  cachedPageMs: number[];
  fullFrameBytes: number[];
  requestsDuringCachedPaging: number;
}

async function oneRun(baseUrl: string, moves: number, pageSteps: number, incremental?: boolean): Promise<RunResult> {
  const app = mountApp({ baseUrl, columns: 200, rows: 50, pageSize: 100, ...(incremental === undefined ? {} : { incrementalRendering: incremental }) });
  try {
    await loaded(app, 1);
    const moveMs: number[] = [];
    const moveBytes: number[] = [];
    // Down past the bottom of the window (it scrolls) and back up past its top.
    for (let i = 0; i < moves; i++) {
      const r = await timedPress(app, i < moves / 2 ? 'j' : 'k');
      moveMs.push(r.ms);
      moveBytes.push(r.bytes);
    }
    // Pages 1..4 into the cache, then back and forth between them.
    for (let page = 2; page <= 4; page++) {
      app.stdin.press('n');
      await loaded(app, page);
    }
    const started = app.store.stats.started;
    const cachedPageMs: number[] = [];
    const fullFrameBytes: number[] = [];
    for (let i = 0; i < pageSteps; i++) {
      const r = await timedPress(app, Math.floor(i / 3) % 2 === 0 ? 'p' : 'n');
      cachedPageMs.push(r.ms);
      fullFrameBytes.push(r.bytes);
    }
    return { moveMs, moveBytes, cachedPageMs, fullFrameBytes, requestsDuringCachedPaging: app.store.stats.started - started };
  } finally {
    await app.unmount();
  }
}

export async function interactiveFigures(quick: boolean): Promise<Result[]> {
  const demo = await startDemoServer({ users: 5000 });
  const runs = quick ? 1 : 5;
  const moves = quick ? 30 : 120;
  const pageSteps = quick ? 12 : 60;
  try {
    // A first run warms the JIT and is not counted, as a person's first key after start is not what this is about.
    await oneRun(demo.url, 20, 6);
    const perRun: RunResult[] = [];
    for (let i = 0; i < runs; i++) perRun.push(await oneRun(demo.url, moves, pageSteps));
    // The same with Ink rewriting the whole frame, for the frame-size comparison.
    const full = await oneRun(demo.url, moves, 6, false);

    const cacheMisses = perRun.reduce((n, r) => n + r.requestsDuringCachedPaging, 0);
    const moveMedian = perRun.map((r) => median(r.moveMs));
    const moveP95 = perRun.map((r) => quantile(r.moveMs, 0.95));
    const pageMedian = perRun.map((r) => median(r.cachedPageMs));
    const pageP95 = perRun.map((r) => quantile(r.cachedPageMs, 0.95));
    const moveBytes = perRun.map((r) => median(r.moveBytes));
    const fullBytes = median(full.moveBytes);
    const ratio = moveBytes.map((b) => b / fullBytes);
    return [
      summarize(1, 'key to frame: cursor move, median', moveMedian, 'ms', '< 8 ms', (v) => v < 8, `${moves} moves per run, 100-row page, 200x50`),
      summarize(1, 'key to frame: cursor move, p95', moveP95, 'ms', '< 16 ms', (v) => v < 16),
      summarize(1, 'key to frame: cached page change, median', pageMedian, 'ms', '< 8 ms', (v) => v < 8, `${pageSteps} page steps per run, ${cacheMisses} requests (must be 0)`),
      summarize(1, 'key to frame: cached page change, p95', pageP95, 'ms', '< 16 ms', (v) => v < 16 && cacheMisses === 0),
      summarize(3, 'bytes per cursor move (incremental, default)', moveBytes, 'B', '', undefined),
      summarize(3, 'bytes per cursor move, whole-frame rendering', [fullBytes], 'B', '', undefined, 'OIE_INCREMENTAL=0'),
      summarize(3, 'cursor move / full frame', ratio, 'ratio', '< 0.25', (v) => v < 0.25),
      summarize(3, 'bytes per cached page change (whole page changes)', perRun.map((r) => median(r.fullFrameBytes)), 'B', '', undefined),
    ];
  } finally {
    await demo.close();
  }
}
