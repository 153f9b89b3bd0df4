// Figure 6, second half: the explorer's resident set after N never-seen pages against its own
// resident set after start (the same process, no forced GC: what an operator's machine sees).
// The bundled CLI on a 200x50 pseudo-terminal over a 1,000,000-user demo server; `n` is pressed
// and the next one only once the status line shows the page, so every page is fetched and drawn.
// Beside it, in turn, the same for an Ink app alone paging the same way (floors/inkPaging.mjs):
// what React, Ink and V8 grow by for as many never-seen frames; and the CLI again with glibc's
// mmap threshold fixed at its default from the process's start (MALLOC_MMAP_THRESHOLD_): what the
// growth is without the threshold's raises, which no one but the environment can turn off.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinsByRequire, DEVTOOLS_STUB, ESM_BUNDLE } from '../scripts/bundleOptions.mjs';
import { inkPatchesPlugin } from '../scripts/ink-patches.mjs';
import { sleep } from './harness.js';
import { paired, type Result } from './stats.js';
import { CLI, FLOORS, startDemoProcess } from './procs.js';
import { rssMB, runInPty } from './terminal.js';
import { PAGE_CACHE_PAGES } from '../src/store/scheduler.js';
import { EXPLORER_HEAP_FLAGS } from '../src/explorer/heap.js';

const pageLabel = (n: number): string => `page ${n.toLocaleString('en-US')} of`;

/** The floor bundled as the CLI is: its build options and Ink's patches (the bounded caches). Figure 2 starts it too. */
export async function bundleInkPaging(dir: string): Promise<string> {
  const outfile = join(dir, 'inkPaging.mjs');
  await build({ ...ESM_BUNDLE, entryPoints: [join(FLOORS, 'inkPaging.mjs')], outfile, plugins: [inkPatchesPlugin(DEVTOOLS_STUB), builtinsByRequire] });
  return outfile;
}

/** glibc's default (mallopt(3)); set, the threshold no longer follows the largest block freed. */
const FIXED_MMAP_THRESHOLD = { MALLOC_MMAP_THRESHOLD_: String(128 * 1024) };

async function oneRun(argv: readonly string[], firstFrame: string, pages: number, env: Record<string, string> = {}): Promise<{ start: number; end: number }> {
  const pty = runInPty(argv, 200, 50, env);
  try {
    await pty.waitFor(firstFrame, 20_000);
    await sleep(500);
    const pid = pty.appPid();
    if (pid === undefined) throw new Error('no app process');
    const start = rssMB(pid);
    for (let page = 2; page <= pages + 1; page++) {
      pty.write('n');
      await pty.waitFor(pageLabel(page), 10_000);
    }
    await sleep(500);
    return { start, end: rssMB(pid) };
  } finally {
    await pty.kill();
  }
}

export async function memoryFigures(quick: boolean): Promise<Result[]> {
  const pages = quick ? 50 : 2000;
  const runs = quick ? 1 : 2;
  const demo = await startDemoProcess(1_000_000);
  const scratch = mkdtempSync(join(tmpdir(), 'oie-bench-paging-'));
  const cli = { start: [] as number[], end: [] as number[] };
  const ink = { start: [] as number[], end: [] as number[] };
  const fixed = { start: [] as number[], end: [] as number[] };
  try {
    const floor = await bundleInkPaging(scratch);
    for (let i = 0; i < runs; i++) {
      const r = await oneRun([CLI, '--base-url', demo.url, '--secret', 'openIM123'], 'user_000001', pages);
      cli.start.push(r.start);
      cli.end.push(r.end);
      const f = await oneRun([floor, demo.url, EXPLORER_HEAP_FLAGS], 'page 1 of', pages);
      ink.start.push(f.start);
      ink.end.push(f.end);
      const x = await oneRun([CLI, '--base-url', demo.url, '--secret', 'openIM123'], 'user_000001', pages, FIXED_MMAP_THRESHOLD);
      fixed.start.push(x.start);
      fixed.end.push(x.end);
    }
  } finally {
    await demo.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  const count = pages.toLocaleString('en-US');
  return [
    paired(6, `RSS after ${count} never-seen pages vs after start`, cli.end, cli.start, 'MB', 'RSS after start', '<= 1.1x', (r) => r <= 1.1, `the same process before and after, no forced GC; 50 rows a page at 200x50; the store keeps ${PAGE_CACHE_PAGES} pages`),
    paired(6, `Ink alone paging ${count} pages: RSS after vs after start`, ink.end, ink.start, 'MB', 'RSS after start', '', undefined, 'floors/inkPaging.mjs, run in turn with the row above: the stack\'s own growth'),
    paired(6, `RSS after ${count} pages vs after start, mmap threshold fixed (MALLOC_MMAP_THRESHOLD_)`, fixed.end, fixed.start, 'MB', 'RSS after start', '', undefined, 'the CLI in turn with the two rows above, the threshold set by the environment at start, so that no freed block raises it'),
  ];
}
