// Takes samples of the cluster: the eleven discovery routes, then every target's /metrics, a few
// at a time (a bound: a list of hundreds must not open hundreds of connections), each page parsed
// and reduced to what the figures read. The watcher takes one now and then again every interval
// while it runs, on injected timers, and nothing at all once stopped: the screen closed polls nothing.
import { CLUSTER_SERVICES, discoveryUrl, getText, metricsUrl, parseDiscovery, parseTarget, type ClusterGetConfig, type MetricsTarget } from '../api/clusterGet.js';
import { instanceValues, type InstanceService } from '../domain/clusterFigures.js';
import { parseExposition } from '../domain/exposition.js';
import type { ClusterSample, InstanceSample, ServiceSample } from '../domain/clusterRates.js';
import type { RefreshTimers } from './liveRefresh.js';

export const DEFAULT_CLUSTER_INTERVAL_MS = 15_000;
/** GETs in flight at once. */
const CONCURRENCY = 6;
/** Instances read in one sample, whatever the lists say. */
const MAX_INSTANCES = 128;

export interface SamplerConfig {
  /** The API's address: the discovery routes are on it. */
  baseUrl: string;
  /** Targets from the profile's `metrics` or `--metrics` (host:port), read when discovery lists none. */
  given: readonly string[];
  get: ClusterGetConfig;
  now: () => number;
}

/** Runs `work` over `items`, `limit` at a time, keeping their order. */
async function bounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

async function readInstance(service: InstanceService, target: MetricsTarget, get: ClusterGetConfig, waits: number[]): Promise<InstanceSample> {
  const answer = await getText(metricsUrl(target), get);
  if (!answer.ok && answer.waitMs !== undefined) waits.push(answer.waitMs);
  if (!answer.ok) return { service, address: target.address, up: false, reason: answer.reason, values: {}, split: {}, skipped: 0, truncated: false };
  const page = parseExposition(answer.text);
  return { service, address: target.address, up: true, ...instanceValues(page.samples), skipped: page.skipped, truncated: page.truncated };
}

/** Checks the given targets: the ones that are not host:port are said, never read. */
export function givenTargets(raw: readonly string[]): { targets: MetricsTarget[]; refused: string[] } {
  const targets: MetricsTarget[] = [];
  const refused: string[] = [];
  for (const entry of raw) {
    const target = parseTarget(entry.trim());
    if (target) targets.push(target);
    else refused.push(entry);
  }
  return { targets, refused };
}

export async function sampleCluster(config: SamplerConfig): Promise<ClusterSample> {
  const at = config.now();
  const waits: number[] = [];
  const lists = await bounded(CLUSTER_SERVICES, CONCURRENCY, async (service) => {
    const answer = await getText(discoveryUrl(config.baseUrl, service), config.get);
    if (!answer.ok && answer.waitMs !== undefined) waits.push(answer.waitMs);
    return { service, answer: answer.ok ? parseDiscovery(answer.text) : ({ kind: 'failed', reason: answer.reason } as const) };
  });
  const services: ServiceSample[] = lists.map(({ service, answer }) =>
    answer.kind === 'targets'
      ? { service, discovery: 'listed', refused: answer.refused, cut: answer.cut }
      : answer.kind === 'empty'
        ? { service, discovery: 'empty', refused: 0, cut: 0 }
        : { service, discovery: 'failed', reason: answer.reason, refused: 0, cut: 0 },
  );
  let wanted: { service: InstanceService; target: MetricsTarget }[] = lists.flatMap(({ service, answer }) =>
    answer.kind === 'targets' ? answer.targets.map((target) => ({ service, target })) : [],
  );
  let source: ClusterSample['source'] = 'discovery';
  if (wanted.length === 0) {
    wanted = givenTargets(config.given).targets.map((target) => ({ service: 'given' as const, target }));
    source = wanted.length > 0 ? 'given' : 'none';
  }
  const instances = await bounded(wanted.slice(0, MAX_INSTANCES), CONCURRENCY, ({ service, target }) => readInstance(service, target, config.get, waits));
  return { at, services, instances, source, ...(waits.length > 0 ? { waitMs: Math.max(...waits) } : {}) };
}

/** Samples every `intervalMs` while started; `onSample` hears each one (never two at once). */
export class ClusterWatcher {
  private timer: unknown;
  private running = false;
  private controller: AbortController | undefined;
  private generation = 0;

  constructor(
    private readonly sample: (signal: AbortSignal) => Promise<ClusterSample>,
    private readonly timers: RefreshTimers,
    private readonly onSample: (sample: ClusterSample) => void,
    private intervalMs: number = DEFAULT_CLUSTER_INTERVAL_MS,
  ) {}

  get interval(): number {
    return this.intervalMs;
  }

  /** Takes a sample now, then one every interval. */
  start(intervalMs = this.intervalMs): void {
    this.stop();
    this.intervalMs = intervalMs;
    this.running = true;
    void this.tick(this.generation);
  }

  stop(): void {
    this.running = false;
    this.generation++;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort();
    this.controller = undefined;
  }

  private async tick(generation: number): Promise<void> {
    this.timer = undefined;
    const controller = (this.controller = new AbortController());
    let sample: ClusterSample | undefined;
    try {
      sample = await this.sample(controller.signal);
    } catch {
      // sampleCluster answers failures as values; anything else is left for the next tick.
    }
    if (generation !== this.generation || !this.running) return;
    if (sample) this.onSample(sample);
    // A 429's Retry-After holds the next sample back (api/clusterGet.ts); never sooner than the interval.
    this.timer = this.timers.setTimeout(() => void this.tick(generation), Math.max(this.intervalMs, sample?.waitMs ?? 0));
  }
}
