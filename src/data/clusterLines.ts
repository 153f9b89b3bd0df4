// The cluster as text lines (the screen and `cluster -o table`) and as a JSON document (`-o
// json`, `ndjson`, `--watch`): both read the figures' table (domain/clusterFigures.ts) and the
// series the samples made (domain/clusterRates.ts). Everything from the server (an address, a
// label's value, a redirect's origin) is sanitised for the terminal here.
import { CLUSTER_SERVICES } from '../api/clusterGet.js';
import type { ClusterFigure } from '../domain/clusterFigures.js';
import { sparkline } from '../domain/sparkline.js';
import { type ClusterSample, type FigurePoint, type FigureSeries } from '../domain/clusterRates.js';
import { figureNumber, sourceWords } from '../domain/clusterWords.js';
import { sanitize } from '../terminal/sanitize.js';
import { wrap } from '../terminal/width.js';

export interface LineGlyphs {
  spark: readonly string[];
  restart: string;
  ellipsis: string;
  /** Stands for a value not known (a rate before the second sample): the range dash. */
  range: string;
}

/** Split figures show this many of their label values (the largest first). */
const PARTS_SHOWN = 6;

const cut = (line: string, width: number, ellipsis: string): string => (line.length <= width ? line : line.slice(0, Math.max(0, width - ellipsis.length)) + ellipsis);
const pad = (text: string, n: number): string => (text.length >= n ? text : text + ' '.repeat(n - text.length));
const left = (text: string, n: number): string => (text.length >= n ? text : ' '.repeat(n - text.length) + text);

function rateText(point: FigurePoint | undefined, figure: ClusterFigure, g: LineGlyphs): string {
  if (figure.type === 'gauge' || !point) return g.range;
  return figureNumber(point.perMinute, true, g.range) + (point.restart ? g.restart : '');
}

/** The screen's lines of the figures and the services, each at most `width` long. */
export function clusterLines(sample: ClusterSample | undefined, series: readonly FigureSeries[], width: number, g: LineGlyphs, intervalMs: number): string[] {
  const lines: string[] = [];
  if (!sample) return [`Reading the cluster (the discovery routes, then each instance's /metrics)${g.ellipsis}`];
  // Said whole at any width: what to do when discovery lists nothing must be read, not cut.
  for (const words of sourceWords(sample)) lines.push(...wrap(sanitize(words), width, { words: true }));
  lines.push('');
  const label = 22;
  const now = 10;
  const rate = 11;
  const sparkWidth = Math.max(0, width - label - now - rate - 3);
  lines.push(`${pad('FIGURE', label)} ${left('NOW', now)} ${left('PER MIN', rate)} ${sparkWidth >= 8 && intervalMs > 0 ? `SINCE OPEN (every ${Math.round(intervalMs / 1000)} s)` : ''}`.trimEnd());
  let restarted = false;
  for (const { figure, points } of series) {
    const point = points.at(-1);
    if (figure.declaredOnly) {
      lines.push(`${pad(figure.label, label)} not counted: declared by the server, never incremented`);
      continue;
    }
    restarted ||= points.some((p) => p.restart);
    const values = points.map((p) => (figure.type === 'gauge' ? p.value : p.perMinute));
    const spark = sparkWidth >= 8 ? sparkline(values, g.spark, 'range', sparkWidth) : '';
    const nowText = point?.value === null || point === undefined ? 'no instance read' : figureNumber(point.value);
    lines.push(`${pad(figure.label, label)} ${left(nowText, now)} ${left(rateText(point, figure, g), rate)} ${spark}`.trimEnd());
    if (figure.byLabel && point?.parts) {
      const parts = Object.entries(point.parts).sort((a, b) => b[1].value - a[1].value).slice(0, PARTS_SHOWN);
      for (const [value, part] of parts) {
        lines.push(`${pad(`  ${figure.byLabel} ${sanitize(value)}`, label)} ${left(figureNumber(part.value), now)} ${left(figureNumber(part.perMinute, true, g.range), rate)}`);
      }
    }
  }
  if (restarted) lines.push(`${g.restart} an instance restarted (a counter went back): its rate counts from 0 since`);
  lines.push('');
  lines.push(...serviceLines(sample));
  return lines.map((line) => cut(line, width, g.ellipsis));
}

function serviceLines(sample: ClusterSample): string[] {
  const lines = [`${pad('SERVICE', 14)} INSTANCES`];
  const name = 14;
  const groups: { title: string; service: string; discovery?: string }[] =
    sample.source === 'given'
      ? [{ title: 'given targets', service: 'given' }]
      : CLUSTER_SERVICES.map((service) => {
          const s = sample.services.find((x) => x.service === service);
          const discovery =
            s?.discovery === 'empty'
              ? 'none listed ([])'
              : s?.discovery === 'failed'
                ? `discovery failed: ${s.reason ?? 'unknown'}`
                : s && (s.refused > 0 || s.cut > 0)
                  ? `${s.refused > 0 ? `${s.refused} entries not host:port left out` : ''}${s.refused > 0 && s.cut > 0 ? '; ' : ''}${s.cut > 0 ? `${s.cut} past ${32} left out` : ''}`
                  : undefined;
          return { title: service, service, ...(discovery !== undefined ? { discovery } : {}) };
        });
  for (const group of groups) {
    const instances = sample.instances.filter((i) => i.service === group.service);
    const up = instances.filter((i) => i.up).length;
    const head = `${pad(group.title, name)} ${instances.length > 0 ? `${up} of ${instances.length} up` : ''}${group.discovery ? `${instances.length > 0 ? '; ' : ''}${group.discovery}` : ''}`;
    lines.push(sanitize(head.trimEnd()));
    for (const instance of instances) {
      const online = instance.values.online_user_num;
      const state = instance.up
        ? `up${online !== undefined && (instance.service === 'msg_gateway' || instance.service === 'given') ? `, ${figureNumber(online)} online` : ''}${instance.skipped > 0 ? `, ${instance.skipped} lines not the exposition format skipped` : ''}${instance.truncated ? ', page cut at the bound' : ''}`
        : `unreachable: ${instance.reason ?? 'unknown'}`;
      lines.push(sanitize(`  ${instance.address}  ${state}`));
    }
  }
  return lines;
}

/** One sample as a JSON document: every service, instance and figure (`cluster -o json`). */
export function clusterReport(sample: ClusterSample, series: readonly FigureSeries[]): Record<string, unknown> {
  return {
    at: new Date(sample.at).toISOString(),
    source: sample.source,
    notes: sourceWords(sample),
    services: sample.services.map((s) => ({
      service: s.service,
      discovery: s.discovery,
      ...(s.reason !== undefined ? { reason: s.reason } : {}),
      ...(s.refused > 0 ? { refused: s.refused } : {}),
      ...(s.cut > 0 ? { cut: s.cut } : {}),
    })),
    instances: sample.instances.map((i) => ({
      service: i.service,
      address: i.address,
      up: i.up,
      ...(i.reason !== undefined ? { reason: i.reason } : {}),
      ...(i.skipped > 0 ? { skippedLines: i.skipped } : {}),
      ...(i.truncated ? { truncated: true } : {}),
    })),
    figures: series.map(({ figure, points }) => figureJson(figure, points.at(-1))),
  };
}

function figureJson(figure: ClusterFigure, point: FigurePoint | undefined): Record<string, unknown> {
  const base = { figure: figure.key, label: figure.label, metrics: figure.metrics, services: figure.services };
  if (figure.declaredOnly) return { ...base, counted: false, note: figure.release };
  return {
    ...base,
    value: point?.value ?? null,
    ...(figure.type === 'counter' ? { perMinute: point?.perMinute ?? null, restart: point?.restart ?? false } : {}),
    ...(point?.parts ? { by: figure.byLabel, parts: point.parts } : {}),
  };
}
