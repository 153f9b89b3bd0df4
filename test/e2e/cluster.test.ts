// The cluster screen of the built CLI in tmux at 80x24 and 120x40: against the demo, every service
// with its instances, the down gateway in words, the online total equal to the gateways' own counts
// (a still demo, so that the figures hold while the screen is paged), rates that move while it
// samples every second (the living demo), and a server whose discovery answers [] explaining itself
// and then working from --metrics.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { CLUSTER_SERVICES } from '../../src/api/clusterGet.js';
import { assertTmux, startApp, type App } from '../support/tmux.js';
import { runCli } from '../support/runCli.js';

const TEST_MS = 90_000;
let app: App | undefined;
let hidden: DemoServer;

beforeAll(async () => {
  assertTmux();
  hidden = await startDemoServer({ users: 50, cluster: { discovery: 'none' } });
});
afterEach(() => {
  app?.kill();
  app = undefined;
});
afterAll(async () => {
  await hidden.close();
});

/** Every screen from the top (where it opens) to the end of the cluster screen, paged with Space until it stops moving. */
async function allPages(a: App): Promise<string> {
  let screen = await a.waitFor(/^FIGURE/m);
  const seen = [screen];
  for (let i = 0; i < 10; i++) {
    const before = screen;
    a.send('Space');
    // The last page does not move: the wait ends on its deadline, and so does the paging.
    screen = await a.waitFor((s) => s !== before, 3_000).catch(() => before);
    if (screen === before) break;
    seen.push(screen);
  }
  return seen.join('\n');
}

const number = (line: RegExp, screen: string): number => Number(line.exec(screen)?.[1] ?? NaN);

describe.sequential('the cluster screen in tmux', () => {
  for (const [cols, rows] of [
    [80, 24],
    [120, 40],
  ] as const) {
    it(
      `${cols}x${rows}, a still demo: every service, the down gateway in words, online = the sum over the gateways`,
      async () => {
        app = startApp({ cols, rows, args: ['--demo', '--still', '--users', '50'], env: { NO_COLOR: '1' } });
        const a = app;
        await a.waitFor(DEMO.firstUserID);
        a.type(':cluster');
        a.send('Enter');
        const top = await a.waitFor((s) => s.includes('Discovery lists 11 of 11 services: 16 instances, 15 up.') && /^online users +\d+/m.test(s));
        expect(top).toMatch(/Cluster · every 15 s · \d+ samples?/);
        expect(top).toMatch(/^Redis inserts +not counted/m);
        const online = number(/^online users +(\d+)/m, top);
        const pages = await allPages(a);
        for (const service of CLUSTER_SERVICES) expect(pages).toMatch(new RegExp(`^${service} +\\d+ of \\d+ up`, 'm'));
        expect(pages).toMatch(/^msg_gateway +2 of 3 up/m);
        expect(pages).toMatch(/127\.0\.0\.1:\d+ +unreachable: refused: nothing listens there/);
        const gateways = [...pages.matchAll(/127\.0\.0\.1:(\d+) +up, (\d+) online/g)];
        const byPort = new Map(gateways.map((m) => [m[1], Number(m[2])]));
        expect(byPort.size).toBe(2);
        expect([...byPort.values()].reduce((x, y) => x + y, 0)).toBe(online);
        // Esc closes it (and its sampling): the list is back.
        a.send('Escape');
        await a.waitFor((s) => s.includes(DEMO.firstUserID) && !s.includes('Cluster ·'));
      },
      TEST_MS,
    );
  }

  it(
    '120x40, the living demo sampled every second: the rates move',
    async () => {
      app = startApp({ cols: 120, rows: 40, args: ['--demo', '--users', '50'], env: { NO_COLOR: '1' } });
      const a = app;
      await a.waitFor(DEMO.firstUserID);
      a.type(':cluster 1s');
      a.send('Enter');
      const rate = /^single chat sent +\d+ +([\d.]+)/m;
      const first = await a.waitFor((s) => s.includes('Cluster · every 1 s') && rate.test(s), 20_000);
      const firstRate = number(rate, first);
      // Another sample, another rate; the sparkline holds both.
      const moved = await a.waitFor((s) => rate.test(s) && number(rate, s) !== firstRate, 30_000);
      expect(number(rate, moved)).toBeGreaterThan(0);
      expect(moved).toMatch(/^single chat sent +\d+ +[\d.]+ +\S*[▁▂▃▄▅▆▇█]\S*[▁▂▃▄▅▆▇█]/m);
    },
    TEST_MS,
  );

  it(
    '80x24, a server whose discovery answers []: it says so and what to do, then works from --metrics',
    async () => {
      app = startApp({ cols: 80, rows: 24, args: ['--base-url', hidden.url], env: { NO_COLOR: '1', OPENIM_SECRET: DEMO.secret } });
      let a = app;
      await a.waitFor(DEMO.firstUserID);
      a.type(':cluster');
      a.send('Enter');
      const explained = await a.waitFor(/Give the metrics targets/);
      expect(explained).toMatch(/answered \[\] for every service/);
      expect(explained).toMatch(/--metrics host:port/);
      expect(explained).toMatch(/random by default/);
      a.kill();
      const targets = Object.values(hidden.metricsTargets()).flat().join(',');
      app = startApp({ cols: 80, rows: 24, args: ['--base-url', hidden.url, '--metrics', targets], env: { NO_COLOR: '1', OPENIM_SECRET: DEMO.secret } });
      a = app;
      await a.waitFor(DEMO.firstUserID);
      a.type(':cluster');
      a.send('Enter');
      const given = await a.waitFor(/Reading the targets given .*16 instances, 15 up/);
      expect(given).toMatch(/^online users +\d+/m);
      expect(await allPages(a)).toMatch(/unreachable: refused: nothing listens there/);
    },
    TEST_MS,
  );

  it(
    'the built CLI: cluster --demo -o json (the demo in its worker), and --discovery none says what to do, exit 1',
    async () => {
      const run = await runCli(['cluster', '--demo', '--still', '--users', '20', '-o', 'json']);
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as { instances: { up: boolean }[]; figures: { figure: string; value: number | null }[] };
      expect(report.instances).toHaveLength(16);
      expect(report.instances.filter((i) => !i.up)).toHaveLength(1);
      expect(report.figures.find((f) => f.figure === 'online')!.value).toBeGreaterThan(0);
      const none = await runCli(['cluster', '--demo', '--still', '--users', '20', '--discovery', 'none']);
      expect(none.code).toBe(1);
      expect(none.stderr).toMatch(/answered \[\] for every service/);
      expect(none.stderr).toMatch(/--metrics host:port/);
    },
    TEST_MS,
  );
});
