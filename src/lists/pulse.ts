// The pulse (`:pulse`, `pulse -o json`): the server's days at a glance, one row per UTC day of the
// window with each figure, drawn above the table as sparklines (`chart`). One request per route
// per window (four in all), each part failing alone: a figure the server did not answer is
// unknown with its reason on the notice line, never the whole screen. The counts routes are asked
// for twice the window (the previous window too, for the change); the active routes, which
// aggregate every message of their window on the server, for the window alone. Enter on a day
// opens its top senders; `B` its busiest groups.
import { ApiError, HttpError, ProtocolError } from '../api/errors.js';
import type { PageOperation } from '../api/pages.js';
import type { Page } from '../api/schemas.js';
import { activeGroups, activeUsers, groupCreateCount, registerCount, STATISTICS, topListBody, type ActiveGroupData, type ActiveUserData, type CountData } from '../api/statistics.js';
import { formatCount } from '../content/format.js';
import { idAt, labelAt } from '../domain/columns.js';
import { parseDays, parseWindow, PULSE_DAYS, seriesOf, stepDays, utcDayStart, windowDays, type PulseWindow } from '../domain/pulse.js';
import { listOf } from './parts.js';
import { pulseChart, type PulseDay } from './pulseChart.js';
import { textFlag } from './types.js';

/** The senders and groups the window's top lists show on the chart. */
const TOP_SHOWN = 3;

/** Why a part failed, in words; a busy window's aggregation can pass MongoDB's 16 MB document limit. */
function failureWords(error: unknown, days: number): string {
  const shorter = days > 7 ? `; try a shorter window (:pulse 7d)` : '';
  if (error instanceof ApiError && error.errCode === 500) return `the server could not aggregate ${days} days (MongoDB's 16 MB limit?)${shorter}`;
  if (error instanceof ProtocolError && /large|MB/i.test(error.problem)) return `the answer was larger than allowed (--max-body-mb)${shorter}`;
  if (error instanceof ApiError) return `errCode ${error.errCode} ${error.errMsg}`.slice(0, 80);
  if (error instanceof HttpError) return `HTTP ${error.status}`;
  return error instanceof Error ? error.message.slice(0, 80) : 'failed';
}

const value = <T>(result: PromiseSettledResult<T>): T | undefined => (result.status === 'fulfilled' ? result.value : undefined);

/** The plan a pulse page is handed: its window and which day is today. */
interface PulsePlan {
  window: PulseWindow;
}

const operation: PageOperation<PulseDay> = {
  name: STATISTICS.activeUsers.name,
  path: STATISTICS.activeUsers.path,
  totalExact: true,
  plans: true,
  async send(client, body, signal): Promise<Page<PulseDay>> {
    const { window } = body as PulsePlan;
    const { keys, start, end } = windowDays(window, client.now());
    const span = end - start;
    const doubled = { start: start - span, end };
    const current = { start, end };
    const usersBody = topListBody(current, 1, TOP_SHOWN);
    // Four requests, each failing alone (a screen that joins answers shows a failed part as unknown).
    const [register, groupsMade, senders, groups] = await Promise.allSettled([
      registerCount(client, doubled, signal),
      groupCreateCount(client, doubled, signal),
      activeUsers(client, usersBody, signal),
      activeGroups(client, topListBody(current, 1, TOP_SHOWN), signal),
    ]);
    if (signal?.aborted) throw signal.reason;
    const [r, g, s, a] = [value(register), value(groupsMade), value(senders), value(groups)];
    const series = (data: CountData | ActiveUserData | ActiveGroupData | undefined, map: 'count' | 'dateCount') =>
      data ? seriesOf(keys, (data as Record<string, unknown>)[map] as Record<string, number>) : null;
    const [users, msgs, groupMsgs, made] = [series(r, 'count'), series(s, 'dateCount'), series(a, 'dateCount'), series(g, 'count')];
    const rows: PulseDay[] = keys
      // Oldest first, as the sparklines read: the cursor moves forward in time going down.
      .map((day, i) => ({ day, newUsers: users?.[i] ?? null, messages: msgs?.[i] ?? null, groupMessages: groupMsgs?.[i] ?? null, groupsCreated: made?.[i] ?? null }));
    const previousKeys = keys.map((_, i) => new Date(start - span + i * 86_400_000).toISOString().slice(0, 10));
    const before = (data: CountData | undefined) => (data ? seriesOf(previousKeys, data.count).reduce((x, y) => x + y, 0) : undefined);
    const extra: Record<string, number> = {};
    const put = (name: string, n: number | undefined) => {
      if (n !== undefined) extra[name] = n;
    };
    put('newUsersBefore', before(r));
    put('groupsCreatedBefore', before(g));
    put('activeSenders', s?.userCount);
    put('activeGroups', a?.groupCount);
    s?.users.slice(0, TOP_SHOWN).forEach((u, i) => put(`topSender${i}`, u.count));
    a?.groups.slice(0, TOP_SHOWN).forEach((x, i) => put(`topGroup${i}`, x.count));
    const failed = (
      [['new users', register], ['groups created', groupsMade], ['messages', senders], ['active groups', groups]] as const
    ).flatMap(([name, result]) => (result.status === 'rejected' ? [`${name} unknown: ${failureWords(result.reason, keys.length)}`] : []));
    if (failed.length === 4) throw (register as PromiseRejectedResult).reason;
    const topNames = s ? s.users.slice(0, TOP_SHOWN).map((u) => u.user.nickname || u.user.userID) : [];
    return {
      rows,
      total: rows.length,
      totalExact: true,
      extra,
      notice: failed.length ? failed.join('; ') : `UTC days; a day with nothing is 0${topNames.length ? `; top senders: ${topNames.join(', ')}` : ''}`,
      sent: { path: STATISTICS.activeUsers.path, body: { group: true, ...usersBody } },
    };
  },
};

const countText = (v: unknown): string => (v === null || v === undefined ? '?' : formatCount(Number(v)));

/** `--days N`, or `--from DAY --to DAY` (UTC days). */
function windowFromFlags(flags: Readonly<Record<string, string | boolean | undefined>>): PulseWindow | string {
  const from = textFlag(flags, 'from');
  const to = textFlag(flags, 'to') ?? '';
  if (to && utcDayStart(to) === undefined) return `--to is a UTC day, YYYY-MM-DD, not "${to.slice(0, 24)}"`;
  if (from !== undefined) {
    const a = utcDayStart(from);
    if (a === undefined) return `--from is a UTC day, YYYY-MM-DD, not "${from.slice(0, 24)}"`;
    const b = to ? utcDayStart(to)! : Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const days = Math.round((b - a) / 86_400_000) + 1;
    if (days < 1) return '--from is after --to';
    if (days > PULSE_DAYS.max) return `at most ${PULSE_DAYS.max} days: the server aggregates every message of the window into one document (16 MB at most)`;
    return { days, last: to };
  }
  const daysText = textFlag(flags, 'days');
  const days = daysText === undefined ? PULSE_DAYS.initial : parseDays(daysText);
  return typeof days === 'string' ? `--days: ${days}` : { days, last: to };
}

export const pulse = listOf<PulseDay, never, PulseWindow>({
  wire: {
    operation,
    standingNotice: true,
    // Once a minute at most: each refresh asks the server to aggregate every message of the window.
    liveEveryMs: 60_000,
    body: (request): PulsePlan => ({ window: request.query }),
    query: {
      initial: { days: PULSE_DAYS.initial, last: '' },
      narrowed: (q) => q.days !== PULSE_DAYS.initial || q.last !== '',
      label: (q) => `${q.days} UTC days${q.last ? ` to ${q.last}` : ''}`,
      crumb: (q) => `${q.days}d${q.last ? ` to ${q.last}` : ''}`,
      prompt: {
        kind: 'search',
        label: 'days, and the last UTC day if not today (30d, 14d 2026-01-15): ',
        text: (q) => `${q.days}d${q.last ? ` ${q.last}` : ''}`,
        answer: (text, base) => {
          const window = parseWindow(text);
          return typeof window === 'string' ? base : window;
        },
        example: '7d',
        check: (text) => {
          const window = parseWindow(text);
          return typeof window === 'string' ? window : undefined;
        },
        refused: '99d',
      },
      fromFlags: (f) => {
        const w = windowFromFlags(f);
        return typeof w === 'string' ? { days: PULSE_DAYS.initial, last: '' } : w;
      },
      flagsProblem: (f) => {
        const w = windowFromFlags(f);
        return typeof w === 'string' ? w : undefined;
      },
    },
  },
  table: {
    columns: [
      idAt('day', 'DAY (UTC)'),
      labelAt('messages', 'MESSAGES', 1, countText),
      labelAt('newUsers', 'NEW USERS', 2, countText),
      labelAt('groupMessages', 'GROUP MSGS', 3, countText),
      labelAt('groupsCreated', 'NEW GROUPS', 4, countText),
    ],
    detail: (d) => ({
      title: `The pulse of ${d.day} (UTC)`,
      sections: [
        {
          title: 'Day',
          fields: [
            { label: 'day', value: `${d.day} (a UTC day: the server's day keys have no time zone)` },
            { label: 'messages', value: `${countText(d.messages)} (single and group messages sent: messages, not senders)` },
            { label: 'newUsers', value: `${countText(d.newUsers)} (user documents created: every level, robots and notification accounts too)` },
            { label: 'groupMessages', value: countText(d.groupMessages) },
            { label: 'groupsCreated', value: `${countText(d.groupsCreated)} (dismissed groups included)` },
          ],
        },
      ],
    }),
    csv: {},
    identity: (d) => d.day,
    emptyText: () => 'no days',
  },
  place: {
    chart: pulseChart,
    opens: { kind: 'topSenders', query: (d) => ({ day: d.day }) },
    keys: [
      { action: 'pulseWindow', keys: ['s'], hint: 'days', description: 'pulse: the number of days (e.g. 30d)', run: { openPrompt: 'search' } },
      { action: 'pulseShorter', keys: ['['], hint: 'fewer days', description: 'pulse: a shorter window', run: { toggle: (q) => ({ ...q, days: stepDays(q.days, -1) }) } },
      { action: 'pulseLonger', keys: [']'], hint: 'more days', description: 'pulse: a longer window', run: { toggle: (q) => ({ ...q, days: stepDays(q.days, 1) }) } },
      { action: 'pulseGroups', keys: ['B'], hint: 'busiest groups', description: "pulse: the day's busiest groups", run: { search: 'topGroups', text: (d) => d.day } },
    ] as const,
    jump: { aliases: ['stats'], description: "the server's days: new users, messages, groups (UTC days)", argument: 'Nd [DAY]', key: { keys: ['T'], description: "the pulse: the server's days" } },
  },
});
