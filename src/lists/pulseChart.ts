// The pulse's sparklines, drawn above its table: one line per figure (its sparkline over the
// window's days, oldest on the left, then today, yesterday, the window's total, the change against
// the previous window and the scale), a mark under the cursor's day and the day named, and the
// window's active senders and groups. Readable without colour: the levels are characters.
import { formatCount } from '../content/format.js';
import { changeWords, peakDay } from '../domain/pulse.js';
import { sparkline } from '../domain/sparkline.js';
import { truncate } from '../terminal/width.js';
import type { ChartView, ListChart } from './types.js';

/** One UTC day of the window: each figure, null when its route failed. */
export interface PulseDay {
  day: string;
  newUsers: number | null;
  /** Single and group messages sent that day (user/active's dateCount: messages, not senders). */
  messages: number | null;
  /** Group messages alone (group/active's dateCount). */
  groupMessages: number | null;
  groupsCreated: number | null;
}

type Figure = 'newUsers' | 'messages' | 'groupMessages' | 'groupsCreated';

/** The figures drawn, in order, with their line's label and the previous window's total when the pulse asked for it. */
const FIGURES: ReadonlyArray<{ field: Figure; label: string; before?: string }> = [
  { field: 'messages', label: 'messages' },
  { field: 'groupMessages', label: 'group msgs' },
  { field: 'newUsers', label: 'new users', before: 'newUsersBefore' },
  { field: 'groupsCreated', label: 'new groups', before: 'groupsCreatedBefore' },
];
const LABEL = 11;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekday = (day: string): string => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? '';

function draw(view: ChartView<PulseDay>): string[] {
  const { width, separator: sep } = view;
  // Rows are oldest first, as the sparklines read left to right.
  const days = view.rows;
  const at = view.cursor ? days.findIndex((d) => d.day === view.cursor!.day) : -1;
  const cut = (line: string): string => truncate(line, width);
  if (days.length === 0) return [cut('no days yet')];
  const cursorDay = at >= 0 ? days[at]! : undefined;
  const lines: string[] = [
    cut(`UTC days ${days[0]!.day}..${days.at(-1)!.day}${cursorDay ? ` ${sep} cursor: ${weekday(cursorDay.day)} ${cursorDay.day}` : ''}`),
  ];
  for (const f of FIGURES) {
    const values = days.map((d) => d[f.field]);
    if (values.some((v) => v === null)) {
      lines.push(cut(`${f.label.padEnd(LABEL)}unknown (the notice line says why)`));
      continue;
    }
    const series = values as number[];
    const total = series.reduce((a, b) => a + b, 0);
    const before = f.before !== undefined ? view.extra?.[f.before] : undefined;
    const change = f.before !== undefined ? changeWords(total, before) : undefined;
    const today = series.at(-1) ?? 0;
    const yesterday = series.at(-2) ?? 0;
    const peak = peakDay(series);
    const max = peak >= 0 ? series[peak]! : 0;
    // The cursor's day first: at 80 columns the end of the line is what is cut.
    const here = at >= 0 ? `${days[at]!.day.slice(5)}: ${formatCount(series[at]!)} ${sep} ` : '';
    const words = `${here}today ${formatCount(today)} ${sep} yday ${formatCount(yesterday)} ${sep} ${series.length}d ${formatCount(total)}${change ? ` (${change})` : ''} ${sep} max ${formatCount(max)}/day`;
    lines.push(cut(`${f.label.padEnd(LABEL)}${sparkline(series, view.spark, 'zero')} ${words}`));
  }
  lines.push(cut(`${' '.repeat(LABEL)}${at >= 0 ? `${' '.repeat(at)}${view.marker}` : ''}`));
  const senders = view.extra?.activeSenders;
  const groups = view.extra?.activeGroups;
  lines.push(
    cut(
      `window: ${senders === undefined ? '?' : formatCount(senders)} active senders (sent a message) ${sep} ${groups === undefined ? '?' : formatCount(groups)} active groups ${sep} the change is against the previous ${days.length} days`,
    ),
  );
  return lines;
}

export const pulseChart: ListChart<PulseDay> = { lines: 2 + FIGURES.length + 1, draw };
