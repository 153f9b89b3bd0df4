// The demo's cluster (contract §12.14-12.15): a metrics listener of its own on loopback for each
// instance (several gateways and transfers, one gateway down but still listed, as a dead
// instance stays for its 300 s lease), registered under the generation's key prefix, and the
// exposition pages with the real names and labels: per-process registries on the release, every
// metric in every process on main. The counters move with the clock (a push-failure burst now and
// then, a transfer that restarts every ten minutes, so its counters go back to 0); `discovery:
// 'none'` answers `[]` like a server whose discovery is not etcd.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerGeneration } from './generation.js';
import { mix } from './prng.js';

export type DiscoveryMode = 'etcd' | 'none';

/** The eleven routes' names (`S:internal/api/router.go:283-295`). */
export const DISCOVERY_NAMES = ['api', 'user', 'group', 'msg', 'friend', 'conversation', 'third', 'auth', 'push', 'msg_gateway', 'msg_transfer'] as const;
type Name = (typeof DISCOVERY_NAMES)[number];

/** Instances per service; the second gateway is down. */
const LAYOUT: Readonly<Record<Name, number>> = { api: 1, user: 1, group: 1, msg: 2, friend: 1, conversation: 1, third: 1, auth: 1, push: 2, msg_gateway: 3, msg_transfer: 2 };
const DOWN = { name: 'msg_gateway', index: 1 } as const;
/** A transfer's counters start again from 0 this often (a restart). */
const RESTART_MS = 600_000;
const BURST_EVERY_MS = 90_000;
const BURST_MS = 12_000;
/** How long the processes have been up when the demo starts: a still demo's counters are not all 0. */
const UP_FOR_MS = 3_600_000;

interface Instance {
  name: Name;
  index: number;
  port: number;
  server?: Server;
}

export interface DemoCluster {
  /** GET /prometheus_discovery/<name>: the http_sd answer, or undefined for an unknown name. */
  discovery(name: string): unknown[] | undefined;
  /** Every metrics target, by service (the down one too): for tests and `demo-server`'s banner. */
  targets(): Record<string, string[]>;
  /** The registry's keys, as etcd holds them under the generation's prefix (§12.14). */
  keys(): string[];
  close(): Promise<void>;
}

export interface ClusterOptions {
  host: string;
  generation: ServerGeneration;
  discovery: DiscoveryMode;
  /** The clock the counters move with; a still demo gives a fixed one. */
  now: () => number;
}

export async function startDemoCluster(options: ClusterOptions): Promise<DemoCluster> {
  const startedAt = options.now();
  const instances: Instance[] = [];
  for (const name of DISCOVERY_NAMES) for (let index = 0; index < LAYOUT[name]; index++) instances.push({ name, index, port: 0 });
  for (const instance of instances) {
    if (instance.name === DOWN.name && instance.index === DOWN.index) {
      instance.port = await refusingPort(options.host);
      continue;
    }
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://demo').pathname;
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('404 page not found');
        return;
      }
      const body = page(instance, options, options.now() - startedAt + UP_FOR_MS);
      res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) }).end(body);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, options.host, () => resolve());
    });
    instance.port = (server.address() as AddressInfo).port;
    instance.server = server;
  }
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const address = (i: Instance): string => `${host}:${i.port}`;
  const prefix = options.generation === 'main' ? 'prometheus_discovery' : 'openim/prometheus_discovery';
  const registry = new Map(instances.map((i) => [`${prefix}/${i.name}/${i.index}`, i] as const));
  return {
    discovery(name) {
      if (!(DISCOVERY_NAMES as readonly string[]).includes(name)) return undefined;
      if (options.discovery === 'none') return [];
      const targets = [...registry].filter(([key]) => key.startsWith(`${prefix}/${name}/`)).map(([, i]) => address(i));
      return targets.length === 0 ? [] : [{ targets, labels: { namespace: 'default' } }];
    },
    targets: () => Object.fromEntries(DISCOVERY_NAMES.map((name) => [name, instances.filter((i) => i.name === name).map(address)])),
    keys: () => [...registry.keys()],
    close: async () => {
      await Promise.all(
        instances.map(
          (i) =>
            new Promise<void>((resolve) => {
              if (!i.server) return resolve();
              i.server.close(() => resolve());
              i.server.closeAllConnections();
            }),
        ),
      );
    },
  };
}

/** Which process registers which metrics (release: `prommetrics/*.go`). */
const OWN: Readonly<Record<Name, readonly string[]>> = {
  api: ['api_count', 'http_count'],
  user: ['user_register_total'],
  group: [],
  msg: ['single_chat_msg_process_success_total', 'single_chat_msg_process_failed_total', 'group_chat_msg_process_success_total', 'group_chat_msg_process_failed_total'],
  friend: [],
  conversation: [],
  third: [],
  auth: ['user_login_total'],
  push: ['msg_offline_push_failed_total', 'msg_long_time_push_total'],
  msg_gateway: ['online_user_num'],
  msg_transfer: [
    'msg_insert_redis_success_total',
    'msg_insert_redis_failed_total',
    'msg_insert_mongo_success_total',
    'msg_insert_mongo_failed_total',
    'seq_set_failed_total',
  ],
};

const HELP: Record<string, string> = {
  online_user_num: 'The number of online user num',
  single_chat_msg_process_success_total: 'The number of single chat msg successful processed',
  single_chat_msg_process_failed_total: 'The number of single chat msg failed processed',
  group_chat_msg_process_success_total: 'The number of group chat msg successful processed',
  group_chat_msg_process_failed_total: 'The number of group chat msg failed processed',
  msg_offline_push_failed_total: 'The number of msg failed offline pushed',
  msg_long_time_push_total: 'The number of messages with a push time exceeding 10 seconds',
  user_login_total: 'The number of user login',
  user_register_total: 'The number of user login',
  msg_insert_redis_success_total: 'The number of successful insert msg to redis',
  msg_insert_redis_failed_total: 'The number of failed insert msg to redis',
  msg_insert_mongo_success_total: 'The number of successful insert msg to mongo',
  msg_insert_mongo_failed_total: 'The number of failed insert msg to mongo',
  seq_set_failed_total: 'The number of failed set seq',
};

/** Events per second of each counter on one instance of the process that owns it. */
const RATE: Record<string, number> = {
  single_chat_msg_process_success_total: 3.2,
  single_chat_msg_process_failed_total: 0.05,
  group_chat_msg_process_success_total: 1.4,
  group_chat_msg_process_failed_total: 0.02,
  msg_offline_push_failed_total: 0.03,
  msg_long_time_push_total: 0.01,
  user_login_total: 0.02,
  user_register_total: 0.2,
  msg_insert_mongo_success_total: 0.9,
  msg_insert_mongo_failed_total: 0.01,
  seq_set_failed_total: 0.005,
};

/** A counter's value `ms` into the instance's life: steady, plus the bursts for offline pushes. */
function counter(metric: string, instance: Instance, ms: number): number {
  if (metric.startsWith('msg_insert_redis_')) return 0; // declared, never incremented (§12.15)
  const seconds = ms / 1000;
  const skew = 0.8 + (mix(instance.index, metric.length) % 40) / 100;
  let value = Math.floor(seconds * (RATE[metric] ?? 0) * skew);
  if (metric === 'msg_offline_push_failed_total') {
    const bursts = Math.floor(ms / BURST_EVERY_MS);
    const into = ms % BURST_EVERY_MS;
    value += bursts * 60 + (into > BURST_EVERY_MS - BURST_MS ? Math.floor(((into - (BURST_EVERY_MS - BURST_MS)) / BURST_MS) * 60) : 0);
  }
  return value;
}

function gauge(instance: Instance, ms: number): number {
  const base = 140 + 70 * instance.index;
  return Math.max(0, Math.round(base + 25 * Math.sin(ms / 45_000 + instance.index)));
}

const API_CODES: readonly [string, string, number][] = [
  ['/user/get_users', '0', 1.5],
  ['/msg/send_msg', '0', 2.0],
  ['/msg/send_msg', '1001', 0.05],
  ['/auth/get_admin_token', '0', 0.02],
  ['/auth/get_admin_token', '1002', 0.01],
  ['/user/get_users_online_status', '1501', 0.02],
];

function page(instance: Instance, options: ClusterOptions, sinceStartMs: number): string {
  // A transfer's life restarts every RESTART_MS (the second one, half a period apart).
  const lifeMs = instance.name === 'msg_transfer' ? (sinceStartMs + (instance.index === 1 ? RESTART_MS / 2 : 0)) % RESTART_MS : sinceStartMs;
  const metrics = options.generation === 'main' ? DISCOVERY_NAMES.flatMap((name) => OWN[name]) : OWN[instance.name];
  const owned = new Set(OWN[instance.name]);
  const lines: string[] = [
    '# HELP go_goroutines Number of goroutines that currently exist.',
    '# TYPE go_goroutines gauge',
    `go_goroutines ${40 + (mix(instance.index, 7) % 30)}`,
    '# HELP process_start_time_seconds Start time of the process since unix epoch in seconds.',
    '# TYPE process_start_time_seconds gauge',
    `process_start_time_seconds ${Math.floor((options.now() - lifeMs) / 1000)}`,
  ];
  for (const metric of [...new Set(metrics)]) {
    const mine = owned.has(metric);
    if (metric === 'api_count' || metric === 'http_count') {
      // Labelled counters appear after their first increment: on another process, never.
      if (!mine) continue;
      lines.push(`# HELP ${metric} The number of ${metric === 'api_count' ? 'api' : 'http'} requests`, `# TYPE ${metric} counter`);
      for (const [path, code, rate] of API_CODES) {
        const n = Math.floor((lifeMs / 1000) * rate);
        if (n === 0) continue;
        lines.push(
          metric === 'api_count'
            ? `api_count{code="${code}",method="POST",path="${path}"} ${n}`
            : `http_count{method="POST",path="${path}",status="200"} ${n}`,
        );
      }
      continue;
    }
    const type = metric === 'online_user_num' ? 'gauge' : 'counter';
    lines.push(`# HELP ${metric} ${HELP[metric] ?? metric}`, `# TYPE ${metric} ${type}`);
    const value = !mine ? 0 : type === 'gauge' ? gauge(instance, sinceStartMs) : counter(metric, instance, lifeMs);
    lines.push(`${metric} ${value}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * A port nothing listens on (connection refused), for the down gateway. Below the ports the system
 * hands out by itself (32768 and up on Linux): a freed port of that range is soon another
 * process's listener (another demo's, in a test run), and the dead instance would answer.
 */
async function refusingPort(host: string): Promise<number> {
  for (let port = 29_999; port > 20_000; port--) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, host, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port below 30000 for the down gateway');
}
