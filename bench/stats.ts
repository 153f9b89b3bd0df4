// Numbers and the result table. Every timed figure is a RATIO to its floor measured side by side in
// the same run: the figure (A) and its floor (B) alternate, A B A B ..., the ratio is taken pair by
// pair, and the table shows the median ratio with the spread of the pairs. Absolute times are shown
// beside it, but on a shared two-core machine they move with the load; the ratio much less.

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[at]!;
}

export const median = (values: readonly number[]): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface Result {
  /** Which figure (see run.ts). */
  group: number;
  figure: string;
  /** Median of the figure's samples (A). */
  value: number;
  unit: string;
  /** The floor it is paired with (B): what it is, and the median of its samples. */
  floor?: { name: string; value: number };
  /** A/B per pair: median, and the spread (min, max). Absent for counts. */
  ratio?: { median: number; min: number; max: number };
  /** Samples or pairs. */
  runs: number;
  /** Human form of the goal, e.g. "<= 1.3x"; empty for figures shown for reference. */
  target: string;
  /** undefined: no goal (reference). */
  pass?: boolean;
  note?: string;
}

/**
 * A figure and its floor, sample i of each taken side by side (pairs). `check` judges the median
 * ratio, `checkValue` (if given) the figure's own median too (e.g. a frame budget in ms).
 */
export function paired(
  group: number,
  figure: string,
  a: readonly number[],
  b: readonly number[],
  unit: string,
  floorName: string,
  target: string,
  check?: (ratio: number, value: number) => boolean,
  note?: string,
): Result {
  const n = Math.min(a.length, b.length);
  const ratios = Array.from({ length: n }, (_, i) => a[i]! / b[i]!).filter(Number.isFinite);
  const ratio = { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
  const value = median(a);
  return {
    group,
    figure,
    value,
    unit,
    floor: { name: floorName, value: median(b) },
    ratio,
    runs: n,
    target,
    ...(check ? { pass: ratios.length > 0 && check(ratio.median, value) } : {}),
    ...(note ? { note } : {}),
  };
}

/** A count or a size that has no floor (requests in flight, bytes): median and spread. */
export function counted(
  group: number,
  figure: string,
  samples: readonly number[],
  unit: string,
  target: string,
  check?: (value: number) => boolean,
  note?: string,
): Result {
  const value = median(samples);
  return {
    group,
    figure,
    value,
    unit,
    ratio: undefined,
    runs: samples.length,
    target,
    ...(check ? { pass: samples.length > 0 && check(value) } : {}),
    ...(note ? { note } : {}),
  };
}

/** Runs `a` and `b` in turn, `pairs` times after `warmup` uncounted turns of each. */
export async function alternate(
  pairs: number,
  warmup: number,
  a: (i: number) => Promise<number>,
  b: (i: number) => Promise<number>,
): Promise<{ a: number[]; b: number[] }> {
  for (let i = 0; i < warmup; i++) {
    await a(-1 - i);
    await b(-1 - i);
  }
  const out = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < pairs; i++) {
    // Which goes first alternates too, so that neither always follows the other.
    if (i % 2 === 0) {
      out.a.push(await a(i));
      out.b.push(await b(i));
    } else {
      out.b.push(await b(i));
      out.a.push(await a(i));
    }
  }
  return out;
}

function show(value: number, unit: string): string {
  if (!Number.isFinite(value)) return String(value);
  if (unit === 'ms') return value < 10 ? value.toFixed(1) : value.toFixed(0);
  if (unit === 'MB' || unit === 'x') return value.toFixed(2);
  if (unit === 'KB') return value.toFixed(1);
  if (unit === 's') return value.toFixed(1);
  return String(Math.round(value));
}

export function formatTable(results: readonly Result[]): string {
  const header = ['#', 'figure', 'median', 'floor (median)', 'ratio', 'ratio min-max', 'runs', 'goal', 'result'];
  const rows = results.map((r) => [
    String(r.group),
    r.figure,
    `${show(r.value, r.unit)} ${r.unit}`.trim(),
    r.floor ? `${r.floor.name}: ${show(r.floor.value, r.unit)} ${r.unit}`.trim() : '-',
    r.ratio ? `${r.ratio.median.toFixed(2)}x` : '-',
    r.ratio ? `${r.ratio.min.toFixed(2)}-${r.ratio.max.toFixed(2)}` : '-',
    String(r.runs),
    r.target || '-',
    r.pass === undefined ? 'info' : r.pass ? 'pass' : 'FAIL',
  ]);
  const right = new Set([2, 4, 5, 6]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]): string =>
    '| ' + cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ') + ' |';
  const rule = '|' + widths.map((w, i) => (right.has(i) ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|';
  return [line(header), rule, ...rows.map(line)].join('\n');
}
