// A group's messages belong to the group, not to one member: every member's conversation list
// shows the same latest message, and the history and the message search read the same one.
// Who speaks in a group are its first members (membership.ts): the owner, the admins, then the
// first members, so that every sender is a member and a user finds the groups it speaks in among its own.
import { CT, contentFor, type MessageContext } from './content.js';
import { groupAt, type GroupRecord } from './groups.js';
import { groupsOf, membersOf, SILENT_GROUP_EVERY } from './membership.js';
import { rngFor, STREAM } from './prng.js';
import type { PublicUser, World } from './users.js';
import { publicUserAt, userIndexOf, worldNow } from './users.js';

/** Speakers per group: the members whose messages the group's history holds. */
export const SPEAKERS_PER_GROUP = 6;

// Every type a group message may have: the group's latest message and its history draw from these.
export const GROUP_TYPES: readonly number[] = [
  CT.text, CT.picture, CT.voice, CT.video, CT.file, CT.at, CT.merger, CT.custom, CT.quote, CT.face, CT.advancedText,
  CT.groupCreated, CT.memberQuit, CT.revoke,
];
const TWO_YEARS_MS = 2 * 365 * 86_400_000;

/** Messages a group has had: the same for every member (above any unread count, at most 5,000); 0 when silent. */
export function groupMaxSeq(groupIndex: number): number {
  if (groupIndex % SILENT_GROUP_EVERY === SILENT_GROUP_EVERY - 1) return 0;
  return rngFor(STREAM.group, groupIndex, 3).between(5_001, 50_000);
}

/**
 * The user indices who speak in the group, in speaker order: its first members. A group everyone
 * has left (small populations: no member at all) keeps the messages of one who was in it once.
 */
export function groupSpeakers(world: World, groupIndex: number): number[] {
  const members = membersOf(world, groupIndex, 0, SPEAKERS_PER_GROUP);
  return members.length > 0 ? members : [(groupIndex % Math.max(1, world.population)) + 1];
}

/** The groups a user speaks in, ascending: the inverse of groupSpeakers, among the user's groups. */
export function speakerGroupsOf(world: World, index: number): number[] {
  return groupsOf(world, index).filter((g) => membersOf(world, g, 0, SPEAKERS_PER_GROUP).includes(index));
}

/** When the group's latest message was sent; cheap (no content), for the history's timeline. */
export function groupLastTime(world: World, groupIndex: number): number {
  return worldNow(world) - rngFor(STREAM.group, groupIndex, 4).int(TWO_YEARS_MS);
}

export interface GroupChat {
  conversationID: string;
  group: GroupRecord;
  maxSeq: number;
  latest: {
    serverMsgID: string;
    clientMsgID: string;
    sender: PublicUser;
    sendTime: number;
    contentType: number;
    content: string;
  } | null;
}

/** A group's conversation and latest message, the same whichever member asks. */
export function groupChat(world: World, groupIndex: number): GroupChat {
  const group = groupAt(world, groupIndex);
  const conversationID = `sg_${group.groupID}`;
  const maxSeq = groupMaxSeq(groupIndex);
  if (maxSeq === 0) return { conversationID, group, maxSeq, latest: null };
  const sendTime = groupLastTime(world, groupIndex);
  const rng = rngFor(STREAM.group, groupIndex, 5);
  // Half text, the rest every group type by the group's index, so that any member with a few dozen
  // groups (the first user has over two hundred) sees every one.
  const contentType = groupIndex % 2 === 0 ? CT.text : GROUP_TYPES[(groupIndex >> 1) % GROUP_TYPES.length] ?? CT.text;
  const speakers = groupSpeakers(world, groupIndex);
  const sender = publicUserAt(world, rng.pick(speakers));
  const owner = publicUserAt(world, userIndexOf(world, group.ownerUserID) ?? 1);
  const others = [1, 2, 3].map(() => publicUserAt(world, rng.between(1, world.population)));
  const ctx: MessageContext = { rng, sender, receiver: owner, group, others, sessionType: 3, conversationID, sendTime };
  return {
    conversationID,
    group,
    maxSeq,
    latest: { serverMsgID: rng.hex(32), clientMsgID: rng.hex(32), sender, sendTime, contentType, content: contentFor(contentType, ctx) },
  };
}
