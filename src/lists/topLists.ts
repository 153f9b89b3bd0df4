// A day's top senders (Enter on a day of the pulse; `top-senders --day DAY`) and busiest groups
// (`g` on a day; `top-groups --day DAY`): /statistics/user/active and /statistics/group/active
// over one UTC day, ranked by message count, most first. Both routes page with a bug (page p
// starts at row p, §12.13): each page is asked as page 1 with p·n rows and cut, so that no row is
// lost or doubled. Enter (or `m`) on a sender opens their messages that day in the message search;
// on a group its members, `m` its messages that day.
import type { PageOperation } from '../api/pages.js';
import type { Page } from '../api/schemas.js';
import { activeGroups, activeUsers, cutTopPage, STATISTICS, topListBody } from '../api/statistics.js';
import { formatCount } from '../content/format.js';
import { idAt, labelAt, nameAt } from '../domain/columns.js';
import { utcDayStart } from '../domain/pulse.js';
import { displayText } from '../terminal/settle.js';
import { drillListOf, listOf } from './parts.js';
import { textFlag, type QuerySpec } from './types.js';
import { idText } from '../terminal/sanitize.js';

const DAY_MS = 86_400_000;

interface DayQuery {
  /** A UTC day, YYYY-MM-DD ('' none yet). */
  day: string;
}

interface TopPlan {
  day: string;
  page: number;
  size: number;
}

export interface TopSender {
  rank: number;
  userID: string;
  nickname: string;
  count: number;
  day: string;
}

export interface TopGroup {
  rank: number;
  groupID: string;
  groupName: string;
  memberCount: number;
  count: number;
  day: string;
}

/** The day's [start, end) in ms; '' is yesterday's UTC day, the last whole one (today's has only begun). */
const dayWindow = (day: string, now: number) => {
  const start = day === '' ? Math.floor(now / DAY_MS) * DAY_MS - DAY_MS : (utcDayStart(day) ?? 0);
  return { start, end: start + DAY_MS };
};

/** An operation over one day's top list: page 1 of p·n rows, cut to page p. */
function topOperation<Row>(
  route: { name: string; path: string },
  read: (client: Parameters<PageOperation['send']>[0], body: object, signal?: AbortSignal) => Promise<{ rows: Row[]; total: number }>,
): PageOperation<Row> {
  return {
    name: route.name,
    path: route.path,
    totalExact: true,
    plans: true,
    async send(client, body, signal): Promise<Page<Row>> {
      const plan = body as TopPlan;
      const wire = topListBody(dayWindow(plan.day, client.now()), plan.page, plan.size);
      if (plan.day !== '' && utcDayStart(plan.day) === undefined) return { rows: [], total: 0, totalExact: true, sent: { path: route.path, body: wire } };
      const answer = await read(client, wire, signal);
      return { rows: cutTopPage(answer.rows, plan.page, plan.size), total: answer.total, totalExact: true, sent: { path: route.path, body: wire } };
    },
  };
}

const senders = topOperation<TopSender>(STATISTICS.activeUsers, async (client, body, signal) => {
  const data = await activeUsers(client, body, signal);
  const day = new Date((body as { start: number }).start).toISOString().slice(0, 10);
  return {
    rows: data.users.map((u, i) => ({ rank: i + 1, userID: u.user.userID, nickname: u.user.nickname, count: u.count, day })),
    total: data.userCount,
  };
});

const groups = topOperation<TopGroup>(STATISTICS.activeGroups, async (client, body, signal) => {
  const data = await activeGroups(client, body, signal);
  const day = new Date((body as { start: number }).start).toISOString().slice(0, 10);
  return {
    rows: data.groups.map((g, i) => ({ rank: i + 1, groupID: g.group.groupID, groupName: g.group.groupName, memberCount: g.group.memberCount, count: g.count, day })),
    total: data.groupCount,
  };
});

const dayProblem = (text: string): string | undefined =>
  utcDayStart(text.trim()) === undefined ? `a UTC day, YYYY-MM-DD, not "${displayText(text.trim()).slice(0, 24)}"` : undefined;

const senderDay: QuerySpec<DayQuery> = {
  initial: { day: '' },
  narrowed: (q) => q.day !== '',
  label: (q) => (q.day ? `UTC day ${q.day}` : 'yesterday (UTC)'),
  prompt: { kind: 'search', label: 'UTC day (YYYY-MM-DD): ', text: (q) => q.day, answer: (text, base) => (dayProblem(text) ? base : { day: text.trim() }), check: dayProblem, refused: 'yesterday', example: '2026-01-10' },
  fromFlags: (f) => ({ day: textFlag(f, 'day') ?? '' }),
  flagsProblem: (f) => {
    const day = textFlag(f, 'day');
    return day === undefined ? undefined : dayProblem(day) && `--day is ${dayProblem(day)}`;
  },
};
/** The busiest groups' day: yesterday's (UTC) when the list is opened by its command rather than from a day of the pulse. */
const groupDay: QuerySpec<DayQuery> = { ...senderDay, crumb: (q) => q.day };

const planBody = (request: { query: DayQuery; page: number; size: number }): TopPlan => ({ day: request.query.day, page: request.page, size: request.size });
const countColumn = <Row extends { count: number }>() => labelAt<Row>('count', 'MESSAGES', 1, (v) => formatCount(Number(v)));

export const topSenders = drillListOf<TopSender, DayQuery>({
  wire: { operation: senders, body: planBody, query: senderDay },
  table: {
    columns: [labelAt('rank', '#', 1, (v) => String(v)), idAt('userID', 'USER ID'), nameAt('nickname'), countColumn<TopSender>()],
    detail: (s) => ({
      title: `Top sender ${idText(s.userID)} on ${s.day}`,
      sections: [
        {
          title: 'Sender',
          fields: [
            { label: 'userID', value: s.userID },
            { label: 'nickname', value: s.nickname },
            { label: 'count', value: `${formatCount(s.count)} messages on ${s.day} (UTC), single and group` },
            { label: 'rank', value: String(s.rank) },
          ],
        },
      ],
    }),
    csv: { before: ['day'] },
    identity: (s) => s.userID,
    completionWords: (s) => [s.userID, s.nickname],
    emptyText: (q) => (q.day ? `nobody sent a message on ${q.day} (UTC)` : 'no day asked yet'),
  },
  place: {
    userNamed: (s) => s.userID || undefined,
    keys: [
      { action: 'senderMessages', keys: ['enter', 'm'], hint: 'their messages', description: "top senders: the sender's messages that day", run: { search: 'messages', text: (s) => `from:${s.userID} day:${s.day}` } },
      { action: 'topSendersDay', keys: ['s'], hint: 'day', description: 'top senders: another UTC day', run: { openPrompt: 'search' } },
    ] as const,
    drill: { parent: (q) => q.day, crumb: (q) => `Top senders of ${q.day}` },
  },
});

export const topGroups = listOf<TopGroup, never, DayQuery>({
  wire: { operation: groups, body: planBody, query: groupDay },
  table: {
    columns: [labelAt('rank', '#', 1, (v) => String(v)), idAt('groupID', 'GROUP ID'), nameAt('groupName'), countColumn<TopGroup>(), labelAt('memberCount', 'MEMBERS', 3, (v) => formatCount(Number(v)))],
    detail: (g) => ({
      title: `Busy group ${idText(g.groupID)} on ${g.day}`,
      sections: [
        {
          title: 'Group',
          fields: [
            { label: 'groupID', value: g.groupID },
            { label: 'groupName', value: g.groupName },
            { label: 'count', value: `${formatCount(g.count)} messages on ${g.day} (UTC)` },
            { label: 'memberCount', value: formatCount(g.memberCount) },
          ],
        },
      ],
    }),
    csv: { before: ['day'] },
    identity: (g) => g.groupID,
    completionWords: (g) => [g.groupID, g.groupName],
    emptyText: (q, keys) => `no group message on ${q.day || 'this UTC day'}${keys.search ? ` (${keys.search} for another day)` : ''}`,
  },
  place: {
    opens: { kind: 'members', query: (g) => ({ groupID: g.groupID, groupName: g.groupName, search: '', regex: false }) },
    keys: [
      { action: 'groupMessages', keys: ['m'], hint: 'group msgs', description: "busiest groups: the group's messages that day", run: { search: 'messages', text: (g) => `to:${g.groupID} day:${g.day}` } },
      { action: 'topGroupsDay', keys: ['s'], hint: 'group day', description: 'busiest groups: another UTC day', run: { openPrompt: 'search' } },
    ] as const,
    jump: { aliases: [], description: "a UTC day's busiest groups, by messages", argument: 'DAY' },
  },
});
