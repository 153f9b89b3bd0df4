// Who put a member in the group: the INVITED BY column and the detail's `invited by` line of a
// group's members. The server gives the inviter's ID alone (inviterUserID, §12.7); this page extra
// names each inviter (their user nickname, groupOwners.ts userNicknames) and says their role in the
// group (one get_group_members_info for the page's inviters), so "who put me in this group" reads
// `Bob (user_000017) · owner`, not an ID to look up twice.
import { roleLevelName } from '../content/enums.js';
import { idText } from '../terminal/sanitize.js';
import { displayText } from '../terminal/settle.js';
import { userNicknames } from './groupOwners.js';
import { membersInfo } from './membersInfo.js';
import type { PageExtra } from './types.js';

/** What the extra says of a member's inviter. */
export interface Inviter {
  /** Their user nickname ('' when the server stores none, or it is not printable). */
  name: string;
  /** Their role level in the group; absent when they are no longer a member. */
  roleLevel?: number;
}

/** The extra, for member rows whose group, user and inviter IDs are where these say. */
export function inviters<Row>(at: { group: (row: Row) => string; user: (row: Row) => string; inviter: (row: Row) => string }): PageExtra<Row> {
  return {
    label: "inviters' names and roles",
    byDefault: true,
    async fetch(client, rows, signal) {
      const ids = [...new Set(rows.map(at.inviter).filter((id) => id !== ''))];
      const groupID = rows.map(at.group).find((id) => id !== '');
      if (ids.length === 0 || groupID === undefined) return new Map();
      const [names, roles] = await Promise.all([
        userNicknames(client, ids, signal),
        membersInfo(client, groupID, ids, signal),
      ]);
      const roleOf = new Map(roles.map((m) => [m.userID, m.roleLevel]));
      return new Map(
        rows.flatMap((row): Array<[string, Inviter]> => {
          const id = at.inviter(row);
          if (id === '') return [];
          const name = names.get(id) ?? '';
          const role = roleOf.get(id);
          return [[at.user(row), { name: displayText(name) === name ? name : '', ...(role !== undefined ? { roleLevel: role } : {}) }]];
        }),
      );
    },
  };
}

const OWNER = 100;
const ADMIN = 60;

/** The INVITED BY cell: the inviter's nickname, else their ID; `self` for one who joined by themselves. */
export function inviterCell(inviterID: string, userID: string, inviter: Inviter | undefined): string {
  if (inviterID === '') return '';
  if (inviterID === userID) return '(self)';
  return inviter?.name || idText(inviterID);
}

/** The detail's `invited by` line: `Bob (user_000017) · the group's owner`, with the role in words. */
export function inviterLine(inviterID: string, userID: string, joinSource: string, inviter: Inviter | undefined): string {
  if (inviterID === '') return `no one (${joinSource})`;
  if (inviterID === userID) return `themselves (${joinSource})`;
  const who = inviter?.name ? `${inviter.name} (${idText(inviterID)})` : idText(inviterID);
  if (inviter === undefined) return `${who} (name and role not read)`;
  const role = inviter.roleLevel;
  if (role === undefined) return `${who} · no longer a member`;
  return `${who} · ${role === OWNER ? "the group's owner" : role === ADMIN ? 'an admin of the group' : roleLevelName(role)}`;
}
