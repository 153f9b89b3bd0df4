// Figure 9, in-process: what the live view costs. The real <App/> and store (as in harness.tsx:
// Ink with the app's render options into a fake TTY) on the users list, with the live view on at
// the default interval, against the living demo server (messages, applications and new users
// arriving). Measured: requests per minute to the list, and the CPU the process uses between two
// refreshes, when nothing is due (it should be next to nothing: no timer ticks, no redraws),
// beside the floor: a Node process started as this one is, doing nothing over the same stretch (on
// this machine an idle Node is charged several ms a second of CPU by itself).
// Self-contained: it mounts the app itself.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { render } from 'ink';
import { DEFAULT_CLIENT_CONFIG, OpenIMClient } from '../src/api/client.js';
import { StoreContext } from '../src/components/StoreContext.js';
import { ThemeContext } from '../src/components/theme.js';
import { DEFAULT_INTERVAL_MS } from '../src/data/liveRefresh.js';
import { startDemoServer } from 'openim-demo-server';
import { App } from '../src/explorer/App.js';
import { inkRenderOptions } from '../src/explorer/renderOptions.js';
import { createAppStore } from '../src/store/store.js';
import { FakeStdin, FakeStdout, sleep, waitForState } from './harness.js';
import { counted, median, paired, type Result } from './stats.js';

const PATH = '/user/get_users';
/** The idle window starts this long after a refresh ended, and ends this long before the next. */
const MARGIN_MS = 300;

/** ns this process's main thread has run (Linux: its task's schedstat), or undefined elsewhere. */
function mainThreadNs(): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return undefined;
  }
}

/**
 * CPU ms per second of a Node process doing nothing for `ms`, from `warmMs` after it started, the
 * whole process's and its main thread's: the same runtime and flags as this one (the bench's
 * TypeScript loader has a thread of its own). On this project's virtual machine an idle Node's
 * main thread was charged from 2 to 9 ms a second by itself, from one hour to the next.
 */
function idleNode(warmMs: number, ms: number): Promise<{ process: number; main?: number }> {
  const script = `const ns=()=>{try{return Number(require('node:fs').readFileSync('/proc/self/task/'+process.pid+'/schedstat','utf8').split(' ')[0])}catch{}};
setTimeout(()=>{const c=process.cpuUsage(),m=ns(),t=performance.now();setTimeout(()=>{const w=performance.now()-t,u=process.cpuUsage(c),n=ns();
console.log(JSON.stringify({process:(u.user+u.system)/w,main:m===undefined||n===undefined?undefined:(n-m)/1e3/w}))},${ms})},${warmMs})`;
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [...process.execArgv, '-e', script], (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as { process: number; main?: number }))),
  );
}

export async function liveFigures(quick: boolean): Promise<Result[]> {
  const demo = await startDemoServer({ users: 5000, activity: {} });
  const stdout = new FakeStdout(200, 50);
  const stdin = new FakeStdin();
  const client = new OpenIMClient({ ...DEFAULT_CLIENT_CONFIG, baseUrl: demo.url, secret: 'openIM123', adminUserID: 'imAdmin' });
  const store = createAppStore({ client, pageSize: 50, liveIntervalMs: DEFAULT_INTERVAL_MS });
  const instance = render(
    <StoreContext.Provider value={store}>
      <ThemeContext.Provider value={{ color: true }}>
        <App info={{ host: new URL(demo.url).host, identity: 'imAdmin', wire: client.wire, demo: true }} />
      </ThemeContext.Provider>
    </StoreContext.Provider>,
    {
      ...inkRenderOptions(process.env),
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      stderr: stdout as unknown as NodeJS.WriteStream,
    },
  );
  const windowMs = quick ? DEFAULT_INTERVAL_MS + 1_000 : 60_000;
  const idleCpu: number[] = [];
  const idleFloor: number[] = [];
  /** The main thread alone: the app's timers, renders and requests (not V8's helper threads or the bench's loader). */
  const idleMain: number[] = [];
  const idleMainFloor: number[] = [];
  const idleBytes: number[] = [];
  let requests = 0;
  try {
    store.getState().start();
    await waitForState(store, (s) => s.lists.users?.loadedPage === 1);
    store.getState().toggleLive();
    await waitForState(store, (s) => s.live.status.state === 'scheduled');
    // From the end of the first refresh on, for the window.
    const before = demo.requestCount(PATH);
    const end = performance.now() + windowMs;
    while (performance.now() < end) {
      // The message that says the view is on stays until the next key (no timer, no frame of its own).
      const state = store.getState().live.status;
      if (state.state !== 'scheduled') {
        await waitForState(store, (s) => s.live.status.state === 'scheduled', 30_000);
        continue;
      }
      const idle = state.at - Date.now() - 2 * MARGIN_MS;
      if (idle < 500 || performance.now() + idle + MARGIN_MS > end) {
        await sleep(Math.min(200, Math.max(0, end - performance.now())));
        continue;
      }
      // One idle stretch between two refreshes, and an idle Node beside it over the same stretch.
      const floor = idleNode(MARGIN_MS, idle);
      await sleep(MARGIN_MS);
      const bytes = stdout.writes.length;
      const cpu = process.cpuUsage();
      const main0 = mainThreadNs();
      const t0 = performance.now();
      await sleep(idle);
      const used = process.cpuUsage(cpu);
      const main1 = mainThreadNs();
      const wallMs = performance.now() - t0;
      // CPU ms per second of wall time: 10 would be 1 % of a core.
      idleCpu.push(((used.user + used.system) / 1000 / wallMs) * 1000);
      if (main0 !== undefined && main1 !== undefined) idleMain.push(((main1 - main0) / 1e6 / wallMs) * 1000);
      const idleNodeUse = await floor;
      idleFloor.push(idleNodeUse.process);
      if (idleNodeUse.main !== undefined) idleMainFloor.push(idleNodeUse.main);
      idleBytes.push(stdout.writes.slice(bytes).reduce((n, w) => n + w.bytes, 0));
      await waitForState(store, (s) => s.live.status.state === 'refreshing', 30_000);
    }
    requests = demo.requestCount(PATH) - before;
  } finally {
    store.getState().quit();
    instance.unmount();
    await instance.waitUntilExit().catch(() => undefined);
    await demo.close();
  }
  const perMinute = (requests * 60_000) / windowMs;
  // Pair by pair: what the explorer uses on top of what an idle Node is charged.
  const overIdle = median(idleCpu.map((v, i) => v - (idleFloor[i] ?? 0)));
  const mainOverIdle = idleMainFloor.length === idleMain.length ? median(idleMain.map((v, i) => v - idleMainFloor[i]!)) : Number.NaN;
  const ceiling = 60_000 / DEFAULT_INTERVAL_MS;
  return [
    counted(9, `live view at ${DEFAULT_INTERVAL_MS / 1000} s: requests per minute, one list`, [perMinute], '', `<= ${ceiling}`, (v) => v <= ceiling, `${requests} requests in ${windowMs / 1000} s, living demo`),
    paired(9, 'live view idle: main thread CPU ms per second', idleMain, idleMainFloor, 'ms', 'idle node', '< 10 ms (1 %) over it', () => mainOverIdle < 10,
      `between two refreshes: the app and the demo server; ${mainOverIdle.toFixed(1)} ms a second over an idle Node's main thread in the same stretches`),
    paired(9, 'live view idle: the whole process, CPU ms per second', idleCpu, idleFloor, 'ms', 'idle node', '-', undefined,
      `V8's helper threads and the bench's TypeScript loader included; ${overIdle.toFixed(1)} ms a second over an idle Node started the same way, in the same stretches`),
    counted(9, 'live view idle between refreshes: bytes written', idleBytes, 'B', '0', (v) => v === 0),
  ];
}
