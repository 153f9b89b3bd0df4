// Numbers and the result table.

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
  /** Which of the figures (1..7). */
  group: number;
  figure: string;
  /** The median over runs (or the one value of a count). */
  value: number;
  min: number;
  max: number;
  runs: number;
  unit: string;
  /** Human form of the target, e.g. "< 8 ms"; empty for figures shown for reference only. */
  target: string;
  /** undefined: no target (reference). */
  pass?: boolean;
  note?: string;
}

/** A figure measured once per run: median, min and max of the runs. */
export function summarize(
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
    min: Math.min(...samples),
    max: Math.max(...samples),
    runs: samples.length,
    unit,
    target,
    ...(check ? { pass: check(value) } : {}),
    ...(note ? { note } : {}),
  };
}

function show(value: number, unit: string): string {
  if (!Number.isFinite(value)) return String(value);
  if (unit === 'ms') return value < 10 ? value.toFixed(1) : value.toFixed(0);
  if (unit === 'MB' || unit === 'x' || unit === 'ratio') return value.toFixed(2);
  if (unit === 'KB') return value.toFixed(1);
  return String(Math.round(value));
}

export function formatTable(results: readonly Result[]): string {
  const header = ['#', 'figure', 'median', 'min', 'max', 'runs', 'target', 'result'];
  const rows = results.map((r) => [
    String(r.group),
    r.figure,
    `${show(r.value, r.unit)} ${r.unit}`.trim(),
    show(r.min, r.unit),
    show(r.max, r.unit),
    String(r.runs),
    r.target || '-',
    r.pass === undefined ? 'info' : r.pass ? 'pass' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]): string =>
    '| ' + cells.map((c, i) => (i >= 2 && i <= 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ') + ' |';
  return [line(header), '|' + widths.map((w, i) => (i >= 2 && i <= 5 ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|', ...rows.map(line)].join('\n');
}
