// The pulse's figures, pure: its window of UTC days, the series of one figure over it (a day the
// server's count map leaves out is 0, not unknown: §12.13), a sparkline of a series, and a change
// against the previous window in words. No request, no terminal: lists/pulse.ts asks, the
// screens draw.

const DAY_MS = 86_400_000;

/** Days a pulse covers by default, and at most: each active route aggregates every message of its window into one document on the server, which a busy month can push past MongoDB's 16 MB (§12.13). */
export const PULSE_DAYS = { initial: 14, max: 31, steps: [7, 14, 21, 28] } as const;

/** A pulse's window: `days` UTC days ending with `last` ('' = the UTC day of now). */
export interface PulseWindow {
  days: number;
  /** YYYY-MM-DD (UTC), or '' for today. */
  last: string;
}

/** A YYYY-MM-DD that names a real day: its UTC midnight, else undefined. */
export function utcDayStart(day: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(at).toISOString().slice(0, 10) === day ? at : undefined;
}

export const utcDayKey = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The window's days, oldest first, and its [start, end) in ms; `now` decides which day is today. */
export function windowDays(window: PulseWindow, now: number): { keys: string[]; start: number; end: number } {
  const lastStart = utcDayStart(window.last) ?? Math.floor(now / DAY_MS) * DAY_MS;
  const days = Math.max(1, Math.min(PULSE_DAYS.max, Math.floor(window.days)));
  const start = lastStart - (days - 1) * DAY_MS;
  const keys = Array.from({ length: days }, (_, i) => utcDayKey(start + i * DAY_MS));
  return { keys, start, end: lastStart + DAY_MS };
}

/** A figure over the window's days: a day missing from the server's map is 0. */
export function seriesOf(keys: readonly string[], counts: Readonly<Record<string, number>>): number[] {
  return keys.map((key) => counts[key] ?? 0);
}

/** The change of a total against the previous window's, in words: `+12%`, `−3%`, `new` (from 0), `=`. */
export function changeWords(now: number, before: number | undefined): string {
  if (before === undefined) return '?';
  if (before === 0) return now === 0 ? '=' : 'new';
  const pct = Math.round(((now - before) / before) * 100);
  return pct === 0 ? '=' : pct > 0 ? `+${pct}%` : `-${-pct}%`;
}

/** The day with the most of a series (the spike), oldest on a tie; -1 for an empty series. */
export function peakDay(series: readonly number[]): number {
  let best = -1;
  series.forEach((n, i) => {
    if (n > 0 && (best < 0 || n > series[best]!)) best = i;
  });
  return best;
}

/** `:pulse 30d`, `30`, `7d`: the days asked, else a problem in words. */
export function parseDays(text: string): number | string {
  const m = /^\s*(\d{1,3})\s*d?\s*$/i.exec(text);
  const days = m ? Number(m[1]) : NaN;
  if (!Number.isInteger(days) || days < 1) return `a window is a number of days, e.g. 14d (at most ${PULSE_DAYS.max})`;
  if (days > PULSE_DAYS.max) return `at most ${PULSE_DAYS.max} days: the server aggregates every message of the window into one document (16 MB at most)`;
  return days;
}

/** `30d`, `14d 2026-01-15` (the window's last UTC day; 'to' may stand before it): the window asked, else a problem in words. */
export function parseWindow(text: string): PulseWindow | string {
  const m = /^\s*(\S+)(?:\s+(?:to\s+)?(\d{4}-\d{2}-\d{2}))?\s*$/i.exec(text);
  if (!m) return `a window is a number of days and, if not today, its last UTC day: 14d 2026-01-15`;
  const days = parseDays(m[1]!);
  if (typeof days === 'string') return days;
  const last = m[2] ?? '';
  if (last && utcDayStart(last) === undefined) return `${last} is not a day (YYYY-MM-DD, UTC)`;
  return { days, last };
}

/** The window one step longer or shorter than `days` (`]` and `[`). */
export function stepDays(days: number, by: 1 | -1): number {
  const steps = PULSE_DAYS.steps as readonly number[];
  if (by > 0) return steps.find((s) => s > days) ?? PULSE_DAYS.max;
  return [...steps].reverse().find((s) => s < days) ?? steps[0]!;
}
