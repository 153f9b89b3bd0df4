// Figure 9, in-process: what the live view costs. The real <App/> and store (as in harness.tsx:
// Ink with the app's render options into a fake TTY) on the users list, with the live view on at
// the default interval, against the living demo server (messages, applications and new users
// arriving). Measured: requests per minute to the list, and the CPU the process uses between two
// refreshes, when nothing is due (it should be next to nothing: no timer ticks, no redraws).
// Self-contained: it mounts the app itself.
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
import { counted, type Result } from './stats.js';

const PATH = '/user/get_users';
/** The idle window starts this long after a refresh ended, and ends this long before the next. */
const MARGIN_MS = 300;

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
      // One idle stretch between two refreshes.
      await sleep(MARGIN_MS);
      const bytes = stdout.writes.length;
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      await sleep(idle);
      const used = process.cpuUsage(cpu);
      // CPU ms per second of wall time: 10 would be 1 % of a core.
      idleCpu.push(((used.user + used.system) / 1000 / (performance.now() - t0)) * 1000);
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
  const ceiling = 60_000 / DEFAULT_INTERVAL_MS;
  return [
    counted(9, `live view at ${DEFAULT_INTERVAL_MS / 1000} s: requests per minute, one list`, [perMinute], '', `<= ${ceiling}`, (v) => v <= ceiling, `${requests} requests in ${windowMs / 1000} s, living demo`),
    counted(9, 'live view idle: CPU ms per second', idleCpu, 'ms', '< 10 ms (1 %)', (v) => v < 10, 'between two refreshes; the whole process, demo server included'),
    counted(9, 'live view idle between refreshes: bytes written', idleBytes, 'B', '0', (v) => v === 0),
  ];
}
