// Figure 2, whole processes paired with their floors: --version and --help against `node -e 0`;
// one scripting page against a one-fetch script (floors/fetchLoop.mjs: the login and one page), and
// against the same on node:http (floors/httpLoop.mjs);
// the explorer from spawn to its first users row on a pseudo-terminal against `node -e` printing
// that row on the same pseudo-terminal, and against an Ink app alone drawing that row
// (floors/inkFirstFrame.mjs, bundled here as the CLI is), and against an Ink app alone that logs in,
// fetches the same first page over node:http and draws it (floors/inkPaging.mjs, as figure 6 bundles
// it): what a first frame of real rows costs the stack before the app adds anything. And the first
// half of figure 6: RSS after start. The CLI's starts find the program's code cache that run.ts
// warmed (codeCache.ts), as every start after an operator's first; one row is the first start.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinsByRequire, ESM_BUNDLE } from '../scripts/bundleOptions.mjs';
import { sleep } from './harness.js';
import { alternate, counted, paired, type Result } from './stats.js';
import { CLI, FLOORS, runNode, startDemoProcess } from './procs.js';
import { rssMB, runInPty } from './terminal.js';
import { bundleInkPaging } from './memory.js';

const FIRST_ROW = 'user_000001';

/** Spawn to the first users row on a 200x50 pseudo-terminal; RSS once the first frames settled. */
async function firstRows(nodeArgs: string[], withRss = false, env: Record<string, string> = {}): Promise<{ ms: number; rss?: number }> {
  const pty = runInPty(nodeArgs, 200, 50, env);
  try {
    const ms = await pty.waitFor(FIRST_ROW, 20_000);
    if (!withRss) return { ms };
    await sleep(500);
    const pid = pty.appPid();
    return { ms, ...(pid ? { rss: rssMB(pid) } : {}) };
  } finally {
    await pty.kill();
  }
}

/** floors/inkFirstFrame.mjs bundled into a scratch folder, with the options the CLI is built with. */
async function bundleInkFloor(dir: string): Promise<string> {
  const outfile = join(dir, 'inkFirstFrame.mjs');
  await build({ ...ESM_BUNDLE, entryPoints: [join(FLOORS, 'inkFirstFrame.mjs')], outfile, plugins: [builtinsByRequire] });
  return outfile;
}

export async function startupFigures(quick: boolean): Promise<Result[]> {
  const demo = await startDemoProcess(5000);
  const scratch = mkdtempSync(join(tmpdir(), 'oie-bench-ink-'));
  const pairs = quick ? 1 : 10;
  const ptyPairs = quick ? 1 : 7;
  const warmup = quick ? 0 : 1;
  try {
    const bare = (): Promise<number> => runNode(['-e', '0']).then((r) => r.wallMs);
    const version = await alternate(pairs, warmup, () => runNode([CLI, '--version']).then((r) => r.wallMs), bare);
    const help = await alternate(pairs, warmup, () => runNode([CLI, '--help']).then((r) => r.wallMs), bare);
    const onePage = (): Promise<number> =>
      runNode([CLI, 'users', '--base-url', demo.url, '--secret', 'openIM123', '--output', 'json']).then((r) => r.wallMs);
    const page = await alternate(
      pairs,
      warmup,
      onePage,
      () => runNode([join(FLOORS, 'fetchLoop.mjs'), demo.url, 'json']).then((r) => r.wallMs),
    );
    const pageHttp = await alternate(
      pairs,
      0,
      onePage,
      () => runNode([join(FLOORS, 'httpLoop.mjs'), demo.url, 'json']).then((r) => r.wallMs),
    );
    const rss: number[] = [];
    const floorRow = ['-e', `process.stdout.write('${FIRST_ROW}\\n')`];
    const explorer = await alternate(
      ptyPairs,
      warmup,
      async (i) => {
        const r = await firstRows([CLI, '--base-url', demo.url, '--secret', 'openIM123'], i >= 0);
        if (r.rss !== undefined) rss.push(r.rss);
        return r.ms;
      },
      async () => (await firstRows(floorRow)).ms,
    );
    const embedded = await alternate(ptyPairs, 0, async () => (await firstRows([CLI, '--demo'])).ms, async () => (await firstRows(floorRow)).ms);
    const inkFloor = [await bundleInkFloor(scratch), FIRST_ROW];
    const inkAlone = await alternate(ptyPairs, warmup, async () => (await firstRows(inkFloor)).ms, async () => (await firstRows(floorRow)).ms);
    const overInk = await alternate(ptyPairs, 0, async () => (await firstRows([CLI, '--demo'])).ms, async () => (await firstRows(inkFloor)).ms);
    // An operator's first start (or one whose cache cannot be written): the program parsed whole.
    const noCache = { NODE_DISABLE_COMPILE_CACHE: '1' };
    const overInkCold = await alternate(ptyPairs, 0, async () => (await firstRows([CLI, '--demo'], false, noCache)).ms, async () => (await firstRows(inkFloor)).ms);
    const inkPage = [await bundleInkPaging(scratch), demo.url, ''];
    const overInkPage = await alternate(
      ptyPairs,
      warmup,
      async () => (await firstRows([CLI, '--base-url', demo.url, '--secret', 'openIM123'])).ms,
      async () => (await firstRows(inkPage)).ms,
    );
    return [
      paired(2, '--version', version.a, version.b, 'ms', 'node -e 0', '<= 1.3x', (r) => r <= 1.3),
      paired(2, '--help', help.a, help.b, 'ms', 'node -e 0', '<= 1.1x', (r) => r <= 1.1),
      paired(2, 'one scripting page (users -o json)', page.a, page.b, 'ms', 'one-fetch script', '<= 1.15x', (r) => r <= 1.15, 'the admin login and one page of 20, each side'),
      paired(2, 'one scripting page vs node:http', pageHttp.a, pageHttp.b, 'ms', 'one-request script', '', undefined, 'reference: the same on node:http, as the CLI sends'),
      paired(2, 'explorer start to first rows (--base-url)', explorer.a, explorer.b, 'ms', 'node -e on the pty', '<= 4x', (r) => r <= 4, 'pty 200x50, spawn to the first users row'),
      paired(2, 'explorer start to first rows (--demo)', embedded.a, embedded.b, 'ms', 'node -e on the pty', '<= 2x', (r) => r <= 2, 'the demo server starts in the same process'),
      paired(2, 'Ink alone, start to one line', inkAlone.a, inkAlone.b, 'ms', 'node -e on the pty', '', undefined, 'reference: what React, Ink and Yoga cost before the app does anything'),
      paired(2, '--demo start to first rows vs the Ink-alone app', overInk.a, overInk.b, 'ms', 'Ink alone', '<= 1.2x', (r) => r <= 1.2, 'what the app adds to its stack; the program compiled from its code cache, as every start after the first'),
      paired(2, '--demo first start (no code cache) vs the Ink-alone app', overInkCold.a, overInkCold.b, 'ms', 'Ink alone', '', undefined, 'reference: NODE_DISABLE_COMPILE_CACHE=1, the program parsed whole, as the first start after an install'),
      paired(2, 'start to first rows (--base-url) vs Ink alone fetching and drawing that page', overInkPage.a, overInkPage.b, 'ms', 'Ink alone, first page', '', undefined, 'reference: floors/inkPaging.mjs logs in, fetches the first 50 users over node:http and draws 44 rows: the first frame\'s own cost in the stack'),
      counted(6, 'RSS after start (CLI, first page shown)', rss, 'MB', '', undefined, 'the baseline of the memory figure below'),
    ];
  } finally {
    await demo.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
