// Long values in the detail pane, end to end: the built CLI (dist/cli.cjs) in tmux against a small
// server on loopback whose users carry 1 MB and 4 MB values. Prints how long the pane takes to
// show (from the key to the screen), and the process's peak RSS. Not part of `npm run bench` and
// judged by no one: numbers for a report.
//
//   npm run build && npx tsx bench/slow-values.ts
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../dist/cli.cjs', import.meta.url));
const MB = 1024 * 1024;
const SOCKET = `oie-slow-values-${process.pid}`;

const users = [
  { id: 'small_0', ex: 'short' },
  { id: 'big_1MB', ex: 'x'.repeat(MB) },
  { id: 'big_4MB', ex: 'y'.repeat(4 * MB) },
  { id: 'lines_4MB', ex: 'a\n'.repeat(2 * MB) },
  { id: 'small_4', ex: 'short' },
].map((u, i) => ({ userID: u.id, nickname: `User ${i}`, faceURL: '', ex: u.ex, createTime: 1_700_000_000_000 + i, appMangerLevel: 1, globalRecvMsgOpt: 0 }));
const page = JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data: { total: users.length, users } });

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url === '/user/get_users' ? page : JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data: {} }));
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const tmux = (...args: string[]): string =>
  execFileSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const screen = (): string => tmux('capture-pane', '-p', '-t', 's');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(test: (s: string) => boolean, timeoutMs: number): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    if (test(screen())) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs) return Number.NaN;
    await sleep(10);
  }
}

function peakRssMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

function nodePid(): number {
  const shell = Number(tmux('display', '-p', '-t', 's', '#{pane_pid}').trim());
  for (const entry of execFileSync('ls', ['/proc'], { encoding: 'utf8' }).split('\n')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === shell && stat.includes('(node)')) return Number(entry);
    } catch {
      // gone
    }
  }
  throw new Error('node is not running');
}

const paneShows = (id: string) => (s: string) => s.includes(`User ${id}`) && s.includes('detail');

/** A fresh app (no layout cached from an earlier step), on `row` of the list. */
async function freshApp(row: number): Promise<number> {
  try {
    tmux('kill-server');
  } catch {
    // not running
  }
  const command = `env -u CI node ${CLI} --base-url ${url} --token t --max-body-mb 64 --page-size 10; sleep 600`;
  tmux('new-session', '-d', '-s', 's', '-x', '120', '-y', '40', command);
  await waitFor((s) => s.includes('small_4'), 30_000);
  for (let i = 0; i < row; i++) tmux('send-keys', '-t', 's', 'j');
  await waitFor((s) => s.split('\n').some((line) => line.startsWith('›') && line.includes(users[row]!.userID)), 30_000);
  return nodePid();
}

const results: string[] = [];
try {
  for (const row of [1, 2, 3]) {
    const pid = await freshApp(row);
    tmux('send-keys', '-t', 's', 'd');
    const ms = await waitFor(paneShows(users[row]!.userID), 180_000);
    results.push(`open the pane on ${users[row]!.userID.padEnd(10)} ${ms.toFixed(0).padStart(7)} ms   peak RSS ${peakRssMB(pid).toFixed(0)} MB`);
  }
  {
    const pid = await freshApp(0);
    tmux('send-keys', '-t', 's', 'd');
    await waitFor(paneShows('small_0'), 60_000);
    tmux('send-keys', '-t', 's', 'j');
    const ms = await waitFor(paneShows('big_1MB'), 180_000);
    results.push(`pane open, j onto big_1MB   ${ms.toFixed(0).padStart(7)} ms   peak RSS ${peakRssMB(pid).toFixed(0)} MB`);
  }
  {
    // d on the 4 MB multi-line value, then at once Ctrl-C: how long until the process is gone.
    const pid = await freshApp(3);
    tmux('send-keys', '-t', 's', 'd');
    await sleep(100);
    const t0 = performance.now();
    tmux('send-keys', '-t', 's', 'C-c');
    for (;;) {
      try {
        process.kill(pid, 0);
      } catch {
        break;
      }
      if (performance.now() - t0 > 180_000) break;
      await sleep(10);
    }
    results.push(`d on lines_4MB, Ctrl-C: gone after ${(performance.now() - t0).toFixed(0)} ms`);
  }
  console.log(results.join('\n'));
} finally {
  try {
    tmux('kill-server');
  } catch {
    // gone
  }
  server.close();
}
