// A group's messages belong to the group, not to one member: every member's conversation list
// shows the same latest message, and the history and the message search read the same one.
// Who speaks in a group must be computable from either side without scanning the world (the
// search by sender starts from the user): speaker k of group g is user ((g + k × GROUP_POOL) mod
// population) + 1, so a user finds their groups by arithmetic.
import { CT, contentFor, type MessageContext } from './content.js';
import { GROUP_POOL, groupAt, type GroupRecord } from './groups.js';
import { rngFor, STREAM } from './prng.js';
import type { PublicUser, World } from './users.js';
import { publicUserAt, worldNow, worldShift } from './users.js';

/** Speakers per group: the members whose messages the group's history holds. */
export const SPEAKERS_PER_GROUP = 6;
/** Every this-many groups has never had a message (its members' conversations show no latest message). */
export const SILENT_GROUP_EVERY = 41;

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

/** The user indices who speak in the group, in speaker order (repeats removed). */
export function groupSpeakers(world: World, groupIndex: number): number[] {
  const n = Math.max(1, world.population);
  const out: number[] = [];
  for (let k = 0; k < SPEAKERS_PER_GROUP; k++) {
    const index = ((groupIndex + k * GROUP_POOL) % n) + 1;
    if (!out.includes(index)) out.push(index);
  }
  return out;
}

/** The groups a user speaks in, ascending: the inverse of groupSpeakers. */
export function speakerGroupsOf(world: World, index: number): number[] {
  const n = Math.max(1, world.population);
  if (index < 1 || index > n) return [];
  const found = new Set<number>();
  for (let k = 0; k < SPEAKERS_PER_GROUP; k++) {
    const first = ((((index - 1 - k * GROUP_POOL) % n) + n) % n);
    for (let g = first; g < GROUP_POOL; g += n) found.add(g);
  }
  return [...found].sort((a, b) => a - b);
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
  const group = groupAt(groupIndex, world.population, worldShift(world));
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
  const owner = publicUserAt(world, group.ownerIndex);
  const others = [1, 2, 3].map(() => publicUserAt(world, rng.between(1, world.population)));
  const ctx: MessageContext = { rng, sender, receiver: owner, group, others, sessionType: 3, conversationID, sendTime };
  return {
    conversationID,
    group,
    maxSeq,
    latest: { serverMsgID: rng.hex(32), clientMsgID: rng.hex(32), sender, sendTime, contentType, content: contentFor(contentType, ctx) },
  };
}
