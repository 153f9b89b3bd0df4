// The OWNER column of both group lists names the owner by the owner's user nickname. get_groups'
// groupOwnerUserName is the owner's *group* nickname, empty unless one was set (openim-api.md
// §12.17 item 3), and get_joined_group_list has the owner's ID alone: a blank there reads as "no
// owner". So the column is a page extra asked for by default: one get_users_info a page for the
// owners on it not read before, what it said kept per connection (bounded), indexed by ID (the
// server answers in random order and drops IDs it does not store).
import type { OpenIMClient } from '../api/client.js';
import { getUsersInfo } from '../api/operations.js';
import type { PageExtra } from './types.js';

/** Owners' nicknames kept per connection; the oldest go first past this. */
const KEPT_MAX = 5000;
const kept = new WeakMap<OpenIMClient, Map<string, string>>();

function keptFor(client: OpenIMClient): Map<string, string> {
  let names = kept.get(client);
  if (!names) kept.set(client, (names = new Map()));
  return names;
}

/**
 * The user nicknames of these IDs, from what this connection read before or one get_users_info
 * for the rest (the group owners here, a group's inviters in memberInviters.ts).
 */
export async function userNicknames(client: OpenIMClient, ids: readonly string[], signal: AbortSignal): Promise<ReadonlyMap<string, string>> {
  const names = keptFor(client);
  const unread = [...new Set(ids.filter((id) => id !== '' && !names.has(id)))];
  if (unread.length > 0) {
    const said = new Map((await getUsersInfo(client, unread, signal)).map((u) => [u.userID, u.nickname]));
    // A user the server does not store is kept as '' too: its ID shows, and it is not asked again.
    for (const id of unread) names.set(id, said.get(id) ?? '');
    for (const oldest of names.keys()) {
      if (names.size <= KEPT_MAX) break;
      names.delete(oldest);
    }
  }
  return names;
}

/** The extra, for rows whose group and owner IDs are where these say. */
export function ownerNames<Row>(at: { group: (row: Row) => string; owner: (row: Row) => string }): PageExtra<Row> {
  return {
    label: "owners' nicknames",
    byDefault: true,
    async fetch(client, rows, signal) {
      const names = await userNicknames(client, rows.map(at.owner), signal);
      return new Map(rows.flatMap((row) => (at.owner(row) === '' ? [] : [[at.group(row), names.get(at.owner(row)) ?? '']])));
    },
  };
}

/**
 * What OWNER shows: the owner's user nickname, else the group nickname the server gave, else the
 * owner's ID; `(none)` only for a group the server names no owner of (a dismissed one).
 */
export function ownerText(nickname: unknown, groupNickname: string, ownerID: string): string {
  return (typeof nickname === 'string' && nickname) || groupNickname || ownerID || '(none)';
}
