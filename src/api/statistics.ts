// The four statistics reads (contract §12.13) and what their answers really say. Windows are
// [start, end) in ms; the count maps are keyed by UTC day and leave out days with nothing (null
// on the release, absent on main, {} alike: read as 0, not unknown); `dateCount` of the active
// routes counts messages per day, never senders. The top lists page with a bug (page p starts at
// row p), so a page of them is asked as page 1 with p·n rows and cut here.
import * as z from 'zod/mini';
import type { OpenIMClient } from './client.js';
import { schemaParts } from './schemas.js';

const { str, intOr, list, or } = schemaParts;
const counts = or(z.record(z.string(), intOr(0)), {} as Record<string, number>);

const countDataSchema = z.looseObject({ total: intOr(0), before: intOr(0), count: counts });
export type CountData = z.output<typeof countDataSchema>;

const sender = z.looseObject({ user: or(z.looseObject({ userID: str, nickname: str }), { userID: '', nickname: '' }), count: intOr(0) });
const activeUserDataSchema = z.looseObject({ msgCount: intOr(0), userCount: intOr(0), dateCount: counts, users: list(sender) });
export type ActiveUserData = z.output<typeof activeUserDataSchema>;

const busyGroup = z.looseObject({
  group: or(z.looseObject({ groupID: str, groupName: str, memberCount: intOr(0) }), { groupID: '', groupName: '', memberCount: 0 }),
  count: intOr(0),
});
const activeGroupDataSchema = z.looseObject({ msgCount: intOr(0), groupCount: intOr(0), dateCount: counts, groups: list(busyGroup) });
export type ActiveGroupData = z.output<typeof activeGroupDataSchema>;

/** The routes, by the operation name each request is logged with. */
export const STATISTICS = {
  register: { name: 'userRegisterCount', path: '/statistics/user/register' },
  groupCreate: { name: 'groupCreateCount', path: '/statistics/group/create' },
  activeUsers: { name: 'getActiveUser', path: '/statistics/user/active' },
  activeGroups: { name: 'getActiveGroup', path: '/statistics/group/active' },
} as const;

export interface StatsWindow {
  /** ms, inclusive. */
  start: number;
  /** ms, exclusive. */
  end: number;
}

export function registerCount(client: OpenIMClient, window: StatsWindow, signal?: AbortSignal): Promise<CountData> {
  return client.call(STATISTICS.register.name, STATISTICS.register.path, window, countDataSchema, signal);
}

export function groupCreateCount(client: OpenIMClient, window: StatsWindow, signal?: AbortSignal): Promise<CountData> {
  return client.call(STATISTICS.groupCreate.name, STATISTICS.groupCreate.path, window, countDataSchema, signal);
}

/** The body of one page of a top list, with the paging bug worked around: page 1 of p·n rows, ranked by count, most first. */
export function topListBody(window: StatsWindow, page: number, size: number, extra: object = {}): object {
  return { ...window, ...extra, ase: false, pagination: { pageNumber: 1, showNumber: page * size } };
}

/** Rows (p − 1)·n .. p·n of an answer asked with topListBody: each row once, none lost. */
export function cutTopPage<Row>(rows: readonly Row[], page: number, size: number): Row[] {
  return rows.slice((page - 1) * size, page * size);
}

/** /statistics/user/active with single and group messages (`group: true`), the senders ranked most first. */
export function activeUsers(client: OpenIMClient, body: object, signal?: AbortSignal): Promise<ActiveUserData> {
  return client.call(STATISTICS.activeUsers.name, STATISTICS.activeUsers.path, { group: true, ...body }, activeUserDataSchema, signal);
}

export function activeGroups(client: OpenIMClient, body: object, signal?: AbortSignal): Promise<ActiveGroupData> {
  return client.call(STATISTICS.activeGroups.name, STATISTICS.activeGroups.path, body, activeGroupDataSchema, signal);
}
