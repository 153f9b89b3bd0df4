// Prometheus's text exposition format (version 0.0.4), read strictly and within bounds: the body
// comes from an address the server listed, so it is anyone's. A line that is not a comment, a
// HELP/TYPE line or a sample is skipped and counted, never thrown on; past the bounds the rest is
// left unread and said. Pure.

export interface Sample {
  name: string;
  labels: Readonly<Record<string, string>>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** `# TYPE` per metric name. */
  types: ReadonlyMap<string, string>;
  /** Lines that are none of the format's, skipped. */
  skipped: number;
  /** The text went past a bound (lines, samples): the rest was not read. */
  truncated: boolean;
}

export interface ExpositionLimits {
  lines: number;
  samples: number;
  lineLength: number;
  labels: number;
}

export const EXPOSITION_LIMITS: Readonly<ExpositionLimits> = { lines: 100_000, samples: 20_000, lineLength: 8_192, labels: 32 };

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

export function parseExposition(text: string, limits: Readonly<ExpositionLimits> = EXPOSITION_LIMITS): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  let skipped = 0;
  let truncated = false;
  let start = 0;
  let lines = 0;
  while (start <= text.length) {
    if (lines >= limits.lines || samples.length >= limits.samples) {
      truncated = start < text.length;
      break;
    }
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    lines++;
    const line = text.slice(start, Math.min(end, start + limits.lineLength + 1)).replace(/\r$/, '');
    start = end + 1;
    if (line.length > limits.lineLength) {
      skipped++;
      continue;
    }
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const meta = /^#\s+(HELP|TYPE)\s+([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\s+(.*))?$/.exec(line);
      if (meta?.[1] === 'TYPE') {
        const type = (meta[3] ?? '').trim();
        if (TYPES.has(type)) types.set(meta[2]!, type);
        else skipped++;
      }
      // Any other comment is a comment.
      continue;
    }
    const sample = parseSample(line, limits.labels);
    if (sample) samples.push(sample);
    else skipped++;
  }
  return { samples, types, skipped, truncated };
}

function parseSample(line: string, maxLabels: number): Sample | undefined {
  const name = NAME.exec(line)?.[0];
  if (!name) return undefined;
  let at = name.length;
  const labels: Record<string, string> = Object.create(null) as Record<string, string>;
  if (line[at] === '{') {
    at++;
    let count = 0;
    for (;;) {
      while (line[at] === ' ') at++;
      if (line[at] === '}') {
        at++;
        break;
      }
      const label = LABEL_NAME.exec(line.slice(at))?.[0];
      if (!label || ++count > maxLabels) return undefined;
      at += label.length;
      while (line[at] === ' ') at++;
      if (line[at] !== '=') return undefined;
      at++;
      while (line[at] === ' ') at++;
      if (line[at] !== '"') return undefined;
      at++;
      let value = '';
      for (;;) {
        const c = line[at];
        if (c === undefined) return undefined;
        at++;
        if (c === '"') break;
        if (c === '\\') {
          const next = line[at++];
          if (next === 'n') value += '\n';
          else if (next === '\\' || next === '"') value += next;
          else return undefined;
        } else value += c;
      }
      if (label in labels) return undefined;
      labels[label] = value;
      while (line[at] === ' ') at++;
      if (line[at] === ',') at++;
      else if (line[at] !== '}') return undefined;
    }
  }
  const rest = line.slice(at).trim().split(/\s+/);
  if (line[at] !== ' ' && line[at] !== '\t') return undefined;
  if (rest.length < 1 || rest.length > 2) return undefined;
  const value = numberOf(rest[0]!);
  if (value === undefined) return undefined;
  if (rest.length === 2 && !/^-?\d{1,16}$/.test(rest[1]!)) return undefined;
  return { name, labels, value };
}

function numberOf(raw: string): number | undefined {
  if (raw === '+Inf' || raw === 'Inf') return Infinity;
  if (raw === '-Inf') return -Infinity;
  if (raw === 'NaN') return NaN;
  if (!/^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(raw)) return undefined;
  return Number(raw);
}
