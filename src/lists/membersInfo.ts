// A group's members by user ID (/group/get_group_members_info, contract §12.7: a batch read, so
// non-members are dropped and the order is random: index by userID). One schema and one request
// for the member search's exact lookup, the inviters' roles, the doctor's owner check and the
// trace's membership lines.
import * as z from 'zod/mini';
import type { OpenIMClient } from '../api/client.js';
import { schemaParts } from '../api/schemas.js';

const { str, intOr, list } = schemaParts;

export const MEMBERS_INFO = { name: 'getGroupMembersInfo', path: '/group/get_group_members_info' } as const;

export const memberSchema = z.looseObject({
  groupID: str,
  userID: str,
  /** 100 owner, 60 admin, 20 member. */
  roleLevel: intOr(0),
  /** Milliseconds. */
  joinTime: intOr(0),
  nickname: str,
  faceURL: str,
  appMangerLevel: intOr(0),
  joinSource: intOr(0),
  operatorUserID: str,
  ex: str,
  /** Milliseconds; 0 (or any time past) when the member may speak. */
  muteEndTime: intOr(0),
  inviterUserID: str,
});

export type MemberRow = z.infer<typeof memberSchema>;

/** The members among `userIDs` (an empty list is 1001 on this route: the callers never send one). */
export async function membersInfo(client: OpenIMClient, groupID: string, userIDs: readonly string[], signal?: AbortSignal): Promise<MemberRow[]> {
  const data = await client.call(MEMBERS_INFO.name, MEMBERS_INFO.path, { groupID, userIDs }, membersInfoSchema, signal);
  return data.members;
}

const membersInfoSchema = z.looseObject({ members: list(memberSchema) });
