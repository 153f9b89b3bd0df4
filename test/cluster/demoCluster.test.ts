// The demo's cluster as the contract has it (§12.14-12.15, §12.17 items 15-16): GET discovery with
// no headers, a bare http_sd array with the namespace label, `[]` with `discovery: 'none'` or no
// cluster, the key prefix per generation, per-process registries on the release and every metric
// everywhere on main; and `cluster` read against it: every service, the down gateway in words,
// online = the sum over the gateways, --metrics when discovery lists none, --watch's NDJSON rates.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { CLUSTER_SERVICES } from '../../src/api/clusterGet.js';
import { runClusterCommand } from '../../src/commands/cluster.js';
import { ClusterWatcher } from '../../src/data/clusterSampler.js';
import type { ClusterSample } from '../../src/domain/clusterRates.js';
import { manualTimers } from '../support/manualTimers.js';
import { scriptOptions } from '../support/scriptOptions.js';

let release: DemoServer;
let main: DemoServer;
let hidden: DemoServer;
let bare: DemoServer;

beforeAll(async () => {
  [release, main, hidden, bare] = await Promise.all([
    startDemoServer({ users: 20, cluster: {} }),
    startDemoServer({ users: 20, cluster: {}, server: 'main' }),
    startDemoServer({ users: 20, cluster: { discovery: 'none' } }),
    startDemoServer({ users: 20 }),
  ]);
});
afterAll(async () => {
  await Promise.all([release, main, hidden, bare].map((d) => d.close()));
});

async function cluster(server: DemoServer, argv: string[], streams: { stop?: AbortSignal; timers?: ReturnType<typeof manualTimers>['timers'] } = {}) {
  const options = scriptOptions(['cluster', ...argv], { OPENIM_BASE_URL: server.url, OPENIM_SECRET: DEMO.secret });
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (c: Buffer) => out.push(c.toString()));
  stderr.on('data', (c: Buffer) => err.push(c.toString()));
  const code = await runClusterCommand(options, { stdout, stderr, ...streams });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

interface Report {
  source: string;
  notes: string[];
  services: { service: string; discovery: string }[];
  instances: { service: string; address: string; up: boolean; reason?: string }[];
  figures: { figure: string; value: number | null; perMinute?: number | null; counted?: boolean }[];
}

describe('the demo discovery routes', () => {
  it('answer a GET without headers with a bare http_sd array labelled namespace default; POST is not routed', async () => {
    const reply = await fetch(`${release.url}/prometheus_discovery/msg_gateway`);
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { targets: string[]; labels: Record<string, string> }[];
    expect(body).toHaveLength(1);
    expect(body[0]!.labels).toEqual({ namespace: 'default' });
    expect(body[0]!.targets).toEqual(release.metricsTargets().msg_gateway);
    expect(body[0]!.targets.length).toBe(3);
    const post = await fetch(`${release.url}/prometheus_discovery/msg_gateway`, { method: 'POST', headers: { operationID: '1', token: release.adminToken() }, body: '{}' });
    expect(post.status).toBe(404);
    expect((await fetch(`${release.url}/prometheus_discovery/nope`)).status).toBe(404);
  });

  it('answer [] with discovery none, and without a cluster (nothing registered)', async () => {
    for (const server of [hidden, bare]) {
      for (const name of CLUSTER_SERVICES) expect(await (await fetch(`${server.url}/prometheus_discovery/${name}`)).json()).toEqual([]);
    }
    // The metrics still listen with discovery none: what --metrics reads.
    expect(Object.values(hidden.metricsTargets()).flat()).toHaveLength(16);
  });

  it('register under the generation\'s key prefix (§12.14)', () => {
    expect(release.discoveryKeys()).toContain('openim/prometheus_discovery/msg_gateway/2');
    expect(main.discoveryKeys()).toContain('prometheus_discovery/msg_gateway/2');
    expect(main.discoveryKeys().every((k) => k.startsWith('prometheus_discovery/'))).toBe(true);
    expect(release.discoveryKeys()).toHaveLength(16);
  });

  it('serve per-process registries on the release and every metric in every process on main', async () => {
    const page = async (server: DemoServer, service: string): Promise<string> => (await fetch(`http://${server.metricsTargets()[service]![0]}/metrics`)).text();
    expect(await page(release, 'user')).toMatch(/^user_register_total \d+$/m);
    expect(await page(release, 'user')).not.toMatch(/online_user_num/);
    expect(await page(main, 'user')).toMatch(/^online_user_num 0$/m);
    expect(await page(main, 'user')).toMatch(/^msg_insert_redis_failed_total 0$/m);
    expect(await page(release, 'msg_transfer')).toMatch(/^msg_insert_redis_success_total 0$/m);
    expect(await page(release, 'api')).toMatch(/^api_count\{code="0",method="POST",path="\/user\/get_users"\} \d+$/m);
  });
});

describe('cluster against the demo', () => {
  it('-o json: every service listed, the down gateway in words, online = the sum over the gateways', async () => {
    for (const server of [release, main]) {
      const run = await cluster(server, ['-o', 'json']);
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as Report;
      expect(report.source).toBe('discovery');
      expect(report.services.map((s) => s.discovery)).toEqual(CLUSTER_SERVICES.map(() => 'listed'));
      const down = report.instances.filter((i) => !i.up);
      expect(down).toEqual([{ service: 'msg_gateway', address: server.metricsTargets().msg_gateway![1], up: false, reason: expect.stringMatching(/refused/) as unknown }]);
      let sum = 0;
      for (const gateway of report.instances.filter((i) => i.service === 'msg_gateway' && i.up)) {
        sum += Number(/^online_user_num (\d+)$/m.exec(await (await fetch(`http://${gateway.address}/metrics`)).text())![1]);
      }
      expect(report.figures.find((f) => f.figure === 'online')!.value).toBe(sum);
      expect(report.figures.find((f) => f.figure === 'redisInsert')).toMatchObject({ counted: false });
      expect(report.figures.find((f) => f.figure === 'redisInsert')).not.toHaveProperty('value');
    }
  });

  it('discovery none: says so in words and exits 1; with --metrics it reads the targets given', async () => {
    const none = await cluster(hidden, ['-o', 'json']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/answered \[\] for every service/);
    expect(none.stderr).toMatch(/--metrics host:port/);
    expect(none.stderr).toMatch(/random by default \(autoSetPorts: true\).*12140-12155/);
    const targets = Object.values(hidden.metricsTargets()).flat();
    const given = await cluster(hidden, ['-o', 'json', '--metrics', targets.join(',')]);
    expect(given.code).toBe(0);
    const report = JSON.parse(given.stdout) as Report;
    expect(report.source).toBe('given');
    expect(report.instances).toHaveLength(16);
    expect(report.instances.filter((i) => !i.up)).toHaveLength(1);
    expect(report.figures.find((f) => f.figure === 'online')!.value).toBeGreaterThan(0);
  });

  it('-o table names every service and the down instance', async () => {
    const run = await cluster(release, ['-o', 'table']);
    for (const service of CLUSTER_SERVICES) expect(run.stdout).toMatch(new RegExp(`^${service} `, 'm'));
    expect(run.stdout).toMatch(/msg_gateway +2 of 3 up/);
    expect(run.stdout).toMatch(/unreachable: refused: nothing listens there/);
    expect(run.stdout).toMatch(/Redis inserts +not counted: declared by the server, never incremented/);
  });

  it('--watch prints one NDJSON line of rates per sample, on the interval, until stopped', async () => {
    const { timers, advance } = manualTimers();
    const stop = new AbortController();
    const lines: string[] = [];
    const running = cluster(release, ['--watch', '5'], { stop: stop.signal, timers }).then((r) => {
      lines.push(...r.stdout.trimEnd().split('\n'));
      return r;
    });
    // Each sample's GETs take real turns of the event loop; the next is only armed after it.
    const until = async (n: number): Promise<void> => {
      for (let i = 0; i < 400; i++) {
        advance(5000);
        await new Promise((r) => setTimeout(r, 10));
        if (release.requestCount('/prometheus_discovery/api') >= n) return;
      }
    };
    const before = release.requestCount('/prometheus_discovery/api');
    await until(before + 3);
    stop.abort();
    const run = await running;
    expect(run.code).toBe(0);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const events = lines.map((l) => JSON.parse(l) as { event: string; figures: { figure: string; perMinute?: number | null }[] });
    expect(events.every((e) => e.event === 'sample')).toBe(true);
    expect(events[0]!.figures.find((f) => f.figure === 'singleOk')!.perMinute).toBeNull();
    expect(typeof events[1]!.figures.find((f) => f.figure === 'singleOk')!.perMinute).toBe('number');
  }, 60_000);
});

describe('the watcher', () => {
  it('samples at once, then every interval, and nothing once stopped', async () => {
    const { timers, advance } = manualTimers();
    let taken = 0;
    const seen: ClusterSample[] = [];
    const watcher = new ClusterWatcher(
      () => Promise.resolve({ at: ++taken, services: [], instances: [], source: 'none' }),
      timers,
      (s) => seen.push(s),
      15_000,
    );
    watcher.start();
    await Promise.resolve();
    await Promise.resolve();
    expect(taken).toBe(1);
    advance(14_999);
    expect(taken).toBe(1);
    advance(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(taken).toBe(2);
    watcher.stop();
    advance(60_000);
    await Promise.resolve();
    expect(taken).toBe(2);
    expect(seen).toHaveLength(2);
  });
});

describe('a rate-limited cluster', () => {
  it("a 429's Retry-After holds the next sample back, never sooner than the interval", async () => {
    const { timers, advance } = manualTimers();
    let taken = 0;
    const watcher = new ClusterWatcher(
      () => Promise.resolve({ at: ++taken, services: [], instances: [], source: 'none', ...(taken === 1 ? { waitMs: 120_000 } : {}) }),
      timers,
      () => undefined,
      15_000,
    );
    watcher.start();
    await expect.poll(() => taken).toBe(1);
    advance(15_000);
    await Promise.resolve();
    expect(taken).toBe(1);
    advance(105_000);
    await expect.poll(() => taken).toBe(2);
    watcher.stop();
  });
});
