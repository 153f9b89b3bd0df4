// One sample of the cluster (what every instance's page said at a moment) and the figures over
// the samples taken while the screen has been open: the value now, the rate per minute from the
// last two samples' counter deltas, and the series behind the sparkline. A counter that went
// backwards on an instance is a restart mark: that instance's delta counts from 0, as Prometheus's
// rate() does, and never makes a negative rate. Pure.
import type { ClusterService } from '../api/clusterGet.js';
import { CLUSTER_FIGURES, countsToward, type ClusterFigure, type InstanceService, type InstanceValues } from './clusterFigures.js';

export interface InstanceSample extends InstanceValues {
  service: InstanceService;
  /** host:port as checked (api/clusterGet.ts parseTarget); still the server's text: sanitise to show. */
  address: string;
  up: boolean;
  /** Why it is not up, in words. */
  reason?: string;
  /** Lines of its page that were not the format's, skipped. */
  skipped: number;
  /** Its page went past the parser's bounds. */
  truncated: boolean;
}

export type DiscoveryState = 'listed' | 'empty' | 'failed';

export interface ServiceSample {
  service: ClusterService;
  discovery: DiscoveryState;
  /** Why discovery failed, in words. */
  reason?: string;
  /** Entries of its list that were not host:port, left out. */
  refused: number;
  /** Entries past the bound, left out. */
  cut: number;
}

export interface ClusterSample {
  /** ms, on the sampler's clock. */
  at: number;
  services: ServiceSample[];
  /** Every instance read: the discovered ones, or the given targets when discovery listed none. */
  instances: InstanceSample[];
  /** Where the instances came from. */
  source: 'discovery' | 'given' | 'none';
  /** A 429 asked to wait this long (Retry-After): the next sample comes no sooner. */
  waitMs?: number;
}

/** A figure at one sample. */
export interface FigurePoint {
  at: number;
  /** The sum now; null when no instance that counts it was read. */
  value: number | null;
  /** Per minute since the sample before (counters); null for the first sample or a gauge. */
  perMinute: number | null;
  /** An instance's counter went backwards (a restart) since the sample before. */
  restart: boolean;
  /** Split figures: the value and rate per label value. */
  parts?: Record<string, { value: number; perMinute: number | null }>;
}

export interface FigureSeries {
  figure: ClusterFigure;
  points: FigurePoint[];
}

/** Points kept per figure: two hours at 30 s, four minutes at 1 s. */
export const MAX_POINTS = 240;

function sumOf(figure: ClusterFigure, sample: ClusterSample): { value: number | null; byInstance: Map<string, number>; parts: Map<string, Map<string, number>> } {
  let value: number | null = null;
  const byInstance = new Map<string, number>();
  const parts = new Map<string, Map<string, number>>();
  for (const instance of sample.instances) {
    if (!instance.up || !countsToward(figure, instance.service)) continue;
    const id = `${instance.service} ${instance.address}`;
    let own: number | null = null;
    for (const metric of figure.metrics) {
      const v = instance.values[metric];
      if (v !== undefined) own = (own ?? 0) + v;
      for (const [label, n] of Object.entries(instance.split[metric] ?? {})) {
        const byId = parts.get(label) ?? new Map<string, number>();
        byId.set(id, (byId.get(id) ?? 0) + n);
        parts.set(label, byId);
      }
    }
    // An instance that counts it but lacks it: a labelled counter not yet incremented reads 0.
    if (own === null && figure.byLabel !== undefined) own = 0;
    if (own === null) continue;
    byInstance.set(id, own);
    value = (value ?? 0) + own;
  }
  return { value, byInstance, parts };
}

/** Deltas over the instances read in both samples; a value lower than before is a restart. */
function delta(now: Map<string, number>, before: Map<string, number>): { delta: number; restart: boolean; seen: boolean } {
  let sum = 0;
  let restart = false;
  let seen = false;
  for (const [id, value] of now) {
    const old = before.get(id);
    if (old === undefined) continue;
    seen = true;
    if (value < old) {
      restart = true;
      sum += value;
    } else sum += value - old;
  }
  return { delta: sum, restart, seen };
}

const total = (parts: Map<string, number>): number => [...parts.values()].reduce((a, b) => a + b, 0);

/** The figure's point for `sample`, given the sample before it (or none). */
export function figurePoint(figure: ClusterFigure, sample: ClusterSample, previous: ClusterSample | undefined): FigurePoint {
  const now = sumOf(figure, sample);
  const point: FigurePoint = { at: sample.at, value: now.value, perMinute: null, restart: false };
  if (figure.byLabel !== undefined) {
    point.parts = Object.fromEntries([...now.parts].map(([label, byId]) => [label, { value: total(byId), perMinute: null }]));
  }
  if (figure.type !== 'counter' || !previous || sample.at <= previous.at) return point;
  const minutes = (sample.at - previous.at) / 60_000;
  const before = sumOf(figure, previous);
  const d = delta(now.byInstance, before.byInstance);
  if (d.seen) point.perMinute = d.delta / minutes;
  point.restart = d.restart;
  if (point.parts) {
    for (const [label, byId] of now.parts) {
      const old = before.parts.get(label) ?? new Map<string, number>();
      // A code first seen now counted from 0 on the instances read before.
      const filled = new Map([...byId.keys()].filter((id) => before.byInstance.has(id)).map((id) => [id, old.get(id) ?? 0]));
      const part = delta(byId, filled);
      point.parts[label]!.perMinute = part.seen ? part.delta / minutes : null;
    }
  }
  return point;
}

/** Every figure's series, the new sample added (at most MAX_POINTS each). */
export function addSample(series: readonly FigureSeries[] | undefined, sample: ClusterSample, previous: ClusterSample | undefined): FigureSeries[] {
  return CLUSTER_FIGURES.map((figure, i) => {
    const before = series?.[i]?.points ?? [];
    const points = [...before, figurePoint(figure, sample, previous)];
    return { figure, points: points.length > MAX_POINTS ? points.slice(points.length - MAX_POINTS) : points };
  });
}

