// Figure 6, second half: the explorer's resident set after N never-seen pages against its own
// resident set after start (the same process, no forced GC: what an operator's machine sees).
// The bundled CLI on a 200x50 pseudo-terminal over a 1,000,000-user demo server; `n` is pressed
// and the next one only once the status line shows the page, so every page is fetched and drawn.
import { sleep } from './harness.js';
import { paired, type Result } from './stats.js';
import { CLI, startDemoProcess } from './procs.js';
import { rssMB, runInPty } from './terminal.js';
import { PAGE_CACHE_PAGES } from '../src/store/scheduler.js';

const pageLabel = (n: number): string => `page ${n.toLocaleString('en-US')} of`;

async function oneRun(url: string, pages: number): Promise<{ start: number; end: number }> {
  const pty = runInPty([CLI, '--base-url', url, '--secret', 'openIM123'], 200, 50);
  try {
    await pty.waitFor('user_000001', 20_000);
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
  const start: number[] = [];
  const end: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const r = await oneRun(demo.url, pages);
      start.push(r.start);
      end.push(r.end);
    }
  } finally {
    await demo.close();
  }
  return [
    paired(6, `RSS after ${pages.toLocaleString('en-US')} never-seen pages vs after start`, end, start, 'MB', 'RSS after start', '<= 1.1x', (r) => r <= 1.1, `the same process before and after, no forced GC; 50 rows a page at 200x50; the store keeps ${PAGE_CACHE_PAGES} pages`),
  ];
}
