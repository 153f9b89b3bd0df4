// Figure 2 (start to first data, --version, --help) and the first half of figure 6 (RSS after
// start): the bundled CLI on a pseudo-terminal, timed from spawn to the first users row.
import { startDemoServer } from '../src/demo/server.js';
import { sleep } from './harness.js';
import { summarize, type Result } from './stats.js';
import { CLI, rssMB, runInPty, timeCommand } from './terminal.js';

const FIRST_ROW = 'user_000001';

async function firstData(args: string[]): Promise<{ ms: number; rss?: number }> {
  const pty = runInPty(args, 200, 50);
  try {
    const ms = await pty.waitFor(FIRST_ROW);
    // Let the first frames settle, then read the resident set of the app's process.
    await sleep(500);
    const pid = pty.appPid();
    return { ms, ...(pid ? { rss: rssMB(pid) } : {}) };
  } finally {
    await pty.kill();
  }
}

export async function startupFigures(quick: boolean): Promise<Result[]> {
  const runs = quick ? 2 : 7;
  const demo = await startDemoServer({ users: 5000 });
  try {
    // Warm the file cache once; not counted.
    await firstData(['--base-url', demo.url, '--secret', 'openIM123']);
    const server: number[] = [];
    const rss: number[] = [];
    const embedded: number[] = [];
    const version: number[] = [];
    const help: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await firstData(['--base-url', demo.url, '--secret', 'openIM123']);
      server.push(r.ms);
      if (r.rss !== undefined) rss.push(r.rss);
      embedded.push((await firstData(['--demo'])).ms);
      version.push(await timeCommand(process.execPath, [CLI, '--version']));
      help.push(await timeCommand(process.execPath, [CLI, '--help']));
      bare.push(await timeCommand(process.execPath, ['-e', '0']));
    }
    return [
      summarize(2, 'start to first data, --base-url (server running)', server, 'ms', '< 400 ms', (v) => v < 400, 'pty 200x50, spawn to first users row'),
      summarize(2, 'start to first data, --demo', embedded, 'ms', '< 400 ms', (v) => v < 400),
      summarize(2, '--version', version, 'ms', '< 150 ms', (v) => v < 150),
      summarize(2, '--help', help, 'ms', '< 150 ms', (v) => v < 150),
      summarize(2, 'node -e 0 (the floor, for reference)', bare, 'ms', ''),
      summarize(6, 'RSS after start (CLI, first page shown)', rss, 'MB', '< 120 MB', (v) => v < 120),
    ];
  } finally {
    await demo.close();
  }
}
