// The one message model: every conversation's history, which the conversations list's latest
// message, /msg/pull_msg_by_seq, the read seqs and /msg/search_msg all read, so that they agree.
//
// A conversation has seqs minSeq..maxSeq. The last one is the latest message the conversations
// list shows (singleChats.ts, groupChats.ts, or the owner's notification row); every earlier one is
// computed from (conversation, seq). Times go back from the latest one gap by gap (a few minutes,
// per conversation, with jitter below half a gap), so they increase with seq and the seqs of one
// day are found by arithmetic. A few conversations lose seqs on purpose: holes (deleted messages)
// and cleared beginnings (minSeq > 1). The activity's messages (activity.ts) come after maxSeq.
import { NOTIFICATION_ACCOUNTS, type SystemAccount } from './accounts.js';
import type { AddedMessage, DemoActivity } from './activity.js';
import { CT, contentFor, type MessageContext } from './content.js';
import { conversationsOf, NOTIFICATION_TYPES, type MsgInfoWire } from './conversations.js';
import { GROUP_TYPES, groupChat, groupLastTime, groupMaxSeq, groupSpeakers } from './groupChats.js';
import { groupAt, groupIdOf, groupIndexOf, type GroupRecord } from './groups.js';
import { mix, rngFor, rollOf, rollsInto, STREAM } from './prng.js';
import { SINGLE_TYPES, singleChat, singleChatMembers, singleFacts } from './singleChats.js';
import type { PublicUser, World } from './users.js';
import { publicUserAt as computeUser, userIdOf, userIndexOf } from './users.js';

export const SESSION = { single: 1, group: 3, notification: 4 } as const;

/** A message as the store holds it: pull_msg_by_seq and search_msg each write their own shape from it. */
export interface MessageRecord {
  conversationID: string;
  seq: number;
  serverMsgID: string;
  clientMsgID: string;
  sessionType: number;
  sender: PublicUser;
  /** The receiving user of a single chat or notification session; '' in a group. */
  recvID: string;
  receiver?: PublicUser;
  group?: GroupRecord;
  senderPlatformID: number;
  msgFrom: number;
  contentType: number;
  content: string;
  sendTime: number;
  createTime: number;
  revoked: boolean;
}

export type Parties =
  | { kind: 'single'; low: number; high: number; lowID: string; highID: string }
  | { kind: 'group'; groupIndex: number; group: () => GroupRecord; speakerIDs: () => readonly string[] }
  | { kind: 'notification'; owner: number; account: SystemAccount; latest: MsgInfoWire | null };

/** What a conversation's history is, without any message built. */
export interface Timeline {
  conversationID: string;
  sessionType: number;
  parties: Parties;
  /** Seeds every per-seq draw. */
  key: number;
  /** The data set's last seq (0: no message); the activity's messages are base + 1 on. */
  base: number;
  /** The last seq, the activity's messages included. */
  maxSeq: number;
  /** The first seq kept; above 1 when the beginning was cleared. 0 without messages. */
  minSeq: number;
  /** The data set's latest message's time. */
  lastTime: number;
  gapMs: number;
  /** Deleted seqs, inclusive ranges, ascending. */
  holes: ReadonlyArray<readonly [number, number]>;
  added: readonly AddedMessage[];
}

/** The cheap part of a message, enough to filter on. */
export interface MessageFacts {
  seq: number;
  sendTime: number;
  contentType: number;
  sendID: string;
  revoked: boolean;
}

// History-only types beside the latest messages' ones: markdown appears in histories and searches.
const SINGLE_HISTORY_TYPES = [...SINGLE_TYPES, CT.markdown];
const GROUP_HISTORY_TYPES = [...GROUP_TYPES, CT.markdown];
const MENTIONING = new Set<number>([CT.card, CT.at, CT.merger, CT.groupCreated]);
/** The users a page of messages names, kept: a chat's two members recur on every row, and a user costs a name's draws. */
const usersSeen = new WeakMap<World, Map<number, PublicUser>>();
function publicUserAt(world: World, index: number): PublicUser {
  let seen = usersSeen.get(world);
  if (!seen) usersSeen.set(world, (seen = new Map()));
  let user = seen.get(index);
  if (!user) {
    if (seen.size >= 4096) seen.clear();
    seen.set(index, (user = computeUser(world, index)));
  }
  return user;
}

/** factsAt's draws, reused: the search reads thousands of messages per page. */
const ROLLS = new Float64Array(5);
/** Platform IDs a message is sent from: the known ones (§6) and 13, which newer servers may add. */
const PLATFORMS = [1, 1, 2, 2, 2, 3, 4, 5, 5, 7, 8, 9, 10, 11, 13];

function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return mix(STREAM.message, h);
}

/** Holes and a cleared beginning, by the conversation's key: about one conversation in four has one. */
function damage(key: number, maxSeq: number): { minSeq: number; holes: Array<[number, number]> } {
  if (maxSeq < 1_000) return { minSeq: maxSeq > 0 ? 1 : 0, holes: [] };
  switch (key % 16) {
    case 3: return { minSeq: 1, holes: [[maxSeq - 30, maxSeq - 26]] };
    // Longer than a page: a history must show it as a gap, not as missing pages.
    case 5: return { minSeq: 1, holes: [[maxSeq - 260, maxSeq - 111]] };
    case 11: return { minSeq: 1, holes: [[maxSeq - 75, maxSeq - 70], [maxSeq - 12, maxSeq - 12]] };
    case 9: return { minSeq: maxSeq - 60 - ((key >>> 8) % 400), holes: [] };
    default: return { minSeq: 1, holes: [] };
  }
}

/** Where a conversation's kept seqs begin when the data set cleared its beginning, else 0 (the server's unset value). */
export function clearedMinSeq(conversationID: string, base: number): number {
  const { minSeq } = damage(hashOf(conversationID), base);
  return minSeq > 1 ? minSeq : 0;
}

function timeline(conversationID: string, sessionType: number, parties: Parties, base: number, lastTime: number, activity?: DemoActivity): Timeline {
  const key = hashOf(conversationID);
  const added = activity?.addedTo(conversationID) ?? [];
  const { minSeq, holes } = damage(key, base);
  return {
    conversationID, sessionType, parties, key, base, maxSeq: base + added.length, minSeq: minSeq || (added.length ? base + 1 : 0),
    lastTime, gapMs: 60_000 * (2 + ((key >>> 4) % 29)), holes, added,
  };
}

/** The single chat's timeline (the pair's indices, any order). */
export function singleTimeline(world: World, a: number, b: number, activity?: DemoActivity): Timeline {
  const [low, high] = a < b ? [a, b] : [b, a];
  const facts = singleFacts(world, low, high);
  const [lowID, highID] = [userIdOf(low), userIdOf(high)];
  const id = `si_${[lowID, highID].sort().join('_')}`;
  return timeline(id, SESSION.single, { kind: 'single', low, high, lowID, highID }, facts.maxSeq, facts.sendTime, activity);
}

export function groupTimeline(world: World, groupIndex: number, activity?: DemoActivity): Timeline {
  // Every message of a page names the group and one of its speakers: each computed once per
  // timeline, and only when a message is read (a search passes thousands of groups by their times).
  const group = once(() => groupAt(world, groupIndex));
  const speakerIDs = once(() => groupSpeakers(world, groupIndex).map(userIdOf));
  return timeline(`sg_${groupIdOf(groupIndex)}`, SESSION.group, { kind: 'group', groupIndex, group, speakerIDs }, groupMaxSeq(groupIndex), groupLastTime(world, groupIndex), activity);
}

function once<T>(compute: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= compute());
}

/** The timeline a conversation ID names in this world, or undefined (a notification session needs its owner). */
export function timelineOf(world: World, conversationID: string, activity?: DemoActivity): Timeline | undefined {
  const members = singleChatMembers(world, conversationID, (userID) => userIndexOf(world, userID));
  if (members) return singleTimeline(world, members[0], members[1], activity);
  if (conversationID.startsWith('sg_')) {
    const groupIndex = groupIndexOf(conversationID.slice(3));
    return groupIndex === undefined ? undefined : groupTimeline(world, groupIndex, activity);
  }
  const notice = /^sn_(.+)_(user_\d+)$/.exec(conversationID);
  const account = NOTIFICATION_ACCOUNTS.find((a) => a.userID === notice?.[1]);
  const owner = notice?.[2] ? userIndexOf(world, notice[2]) : undefined;
  if (!account || owner === undefined) return undefined;
  // A notification session exists only in its owner's list, which holds its latest message and count.
  const record = conversationsOf(world, userIdOf(owner)).find((c) => c.wire.conversationID === conversationID);
  if (!record) return undefined;
  const latest = record.wire.msgInfo;
  return timeline(conversationID, SESSION.notification, { kind: 'notification', owner, account, latest }, record.maxSeq, latest?.LatestMsgRecvTime ?? 0, activity);
}

export function isDeleted(t: Timeline, seq: number): boolean {
  return seq < t.minSeq || seq > t.maxSeq || t.holes.some(([from, to]) => seq >= from && seq <= to);
}

function accountUser(account: SystemAccount): PublicUser {
  return { userID: account.userID, nickname: account.nickname, faceURL: account.faceURL, ex: '' };
}

/** factsAt's sender draw of the seqs below the base, alone (its 4th roll): per-sender counts read nothing else. */
export function senderRolls(t: Timeline): (seq: number) => number {
  return rollOf(3, STREAM.message, t.key);
}

/** The per-seq draws of a message other than the latest: cheap, for filtering. */
export function factsAt(world: World, t: Timeline, seq: number): MessageFacts {
  if (seq > t.base) {
    const added = t.added[seq - t.base - 1]!;
    return { seq, sendTime: added.at, contentType: CT.text, sendID: added.sender.userID, revoked: false };
  }
  const [jitterRoll = 0, typeRoll = 0, typePick = 0, senderRoll = 0, revokeRoll = 0] = rollsInto(ROLLS, STREAM.message, t.key, seq);
  const jitter = Math.floor(jitterRoll * Math.floor(t.gapMs / 2));
  const revoked = seq < t.base && revokeRoll < 0.02;
  if (seq === t.base) {
    const latest = latestOf(world, t);
    return { seq, sendTime: t.lastTime, contentType: latest?.contentType ?? CT.text, sendID: latest?.sender.userID ?? '', revoked: false };
  }
  const sendTime = t.lastTime - (t.base - seq) * t.gapMs - jitter;
  const p = t.parties;
  const pool = p.kind === 'single' ? SINGLE_HISTORY_TYPES : p.kind === 'group' ? GROUP_HISTORY_TYPES : NOTIFICATION_TYPES;
  const contentType = p.kind !== 'notification' && typeRoll < 0.45 ? CT.text : pool[Math.floor(typePick * pool.length)] ?? CT.text;
  let sendID: string;
  if (p.kind === 'single') sendID = senderRoll < 0.5 ? p.lowID : p.highID;
  else if (p.kind === 'group') {
    const speakers = p.speakerIDs();
    sendID = speakers[Math.floor(senderRoll * speakers.length)] ?? speakers[0]!;
  } else sendID = p.account.userID;
  return { seq, sendTime, contentType, sendID, revoked };
}

/**
 * A range of seqs that holds every message sent within [from, to) ms, by arithmetic: callers read
 * each seq's facts for the exact time (and skip deleted ones). Undefined when none can be.
 */
export function seqsBetween(t: Timeline, from: number, to: number): [number, number] | undefined {
  let range: [number, number] | undefined;
  if (t.base > 0) {
    // seq s < base is sent within (lastTime − (base − s) × gap − gap/2, lastTime − (base − s) × gap].
    const lo = Math.max(t.minSeq, Math.ceil(t.base - (t.lastTime - from) / t.gapMs) - 1);
    const hi = Math.min(t.base, Math.floor(t.base - (t.lastTime - to) / t.gapMs + 0.5) + 1);
    if (lo <= hi) range = [lo, hi];
  }
  t.added.forEach((added, i) => {
    if (added.at < from || added.at >= to) return;
    const seq = t.base + 1 + i;
    range = range ? [Math.min(range[0], seq), Math.max(range[1], seq)] : [seq, seq];
  });
  return range;
}

function latestOf(world: World, t: Timeline): MessageRecord | undefined {
  const p = t.parties;
  if (p.kind === 'single') {
    const latest = singleChat(world, p.low, p.high).latest;
    if (!latest) return undefined;
    return record(world, t, t.base, {
      serverMsgID: latest.serverMsgID, clientMsgID: latest.clientMsgID, sender: latest.sender, receiver: latest.receiver,
      contentType: latest.contentType, content: latest.content, sendTime: latest.sendTime, revoked: false,
    });
  }
  if (p.kind === 'group') {
    const chat = groupChat(world, p.groupIndex);
    if (!chat.latest) return undefined;
    return record(world, t, t.base, { ...chat.latest, group: chat.group, revoked: false });
  }
  if (!p.latest) return undefined;
  return record(world, t, t.base, {
    serverMsgID: p.latest.serverMsgID, clientMsgID: p.latest.clientMsgID, sender: accountUser(p.account),
    receiver: publicUserAt(world, p.owner), contentType: p.latest.contentType, content: p.latest.content,
    sendTime: p.latest.LatestMsgRecvTime, revoked: false,
  });
}

type Parts = Pick<MessageRecord, 'serverMsgID' | 'clientMsgID' | 'sender' | 'contentType' | 'content' | 'sendTime' | 'revoked'> &
  Partial<Pick<MessageRecord, 'receiver' | 'group'>>;

function record(world: World, t: Timeline, seq: number, parts: Parts): MessageRecord {
  const rng = rngFor(STREAM.message, t.key, seq, 2);
  const system = parts.contentType >= 1000 || t.sessionType === SESSION.notification;
  return {
    conversationID: t.conversationID,
    seq,
    serverMsgID: parts.serverMsgID,
    clientMsgID: parts.clientMsgID,
    sessionType: t.sessionType,
    sender: parts.sender,
    recvID: t.sessionType === SESSION.group ? '' : parts.receiver?.userID ?? '',
    ...(parts.receiver ? { receiver: parts.receiver } : {}),
    ...(parts.group ? { group: parts.group } : {}),
    senderPlatformID: system ? 10 : PLATFORMS[rng.int(PLATFORMS.length)] ?? 1,
    msgFrom: system ? 200 : 100,
    contentType: parts.contentType,
    content: parts.content,
    sendTime: parts.sendTime,
    createTime: parts.sendTime - rng.between(20, 900),
    revoked: parts.revoked,
  };
}

function userOf(world: World, userID: string): PublicUser {
  const index = userIndexOf(world, userID);
  return index === undefined ? { userID, nickname: '', faceURL: '', ex: '' } : publicUserAt(world, index);
}

/** The receiving user of a message from `senderID`: a single chat's other member, a notification's owner; none in a group. */
function receiverOf(world: World, p: Parties, senderID: string): PublicUser | undefined {
  if (p.kind === 'single') return publicUserAt(world, senderID === p.lowID ? p.high : p.low);
  if (p.kind === 'notification') return publicUserAt(world, p.owner);
  return undefined;
}

/** How far back a revoke notice looks for its revoker's own message. */
const REVOKE_REACH = 2_000;

/**
 * The message a revoke notice at `seq` revokes: the revoker's own latest message before it (the
 * server lets a member revoke only their own, an admin or owner aside; in a single chat never the
 * other side's), with its clientMsgID as messageAt draws it. Undefined when none is within reach.
 */
function ownEarlier(world: World, t: Timeline, seq: number, senderID: string): { seq: number; clientMsgID: string } | undefined {
  for (let s = seq - 1; s >= Math.max(t.minSeq, 1, seq - REVOKE_REACH); s--) {
    if (s >= t.base || isDeleted(t, s)) continue;
    const facts = factsAt(world, t, s);
    if (facts.sendID !== senderID || facts.contentType === CT.revoke) continue;
    const rng = rngFor(STREAM.message, t.key, s, 1);
    rng.hex(32);
    return { seq: s, clientMsgID: rng.hex(32) };
  }
  return undefined;
}

/**
 * The message at a seq, or undefined when it is deleted, cleared or past the end. `facts`: its
 * factsAt, when the caller has them already (the search filters on them first).
 */
export function messageAt(world: World, t: Timeline, seq: number, facts?: MessageFacts): MessageRecord | undefined {
  if (isDeleted(t, seq)) return undefined;
  if (seq === t.base) return latestOf(world, t);
  const p = t.parties;
  const group = p.kind === 'group' ? p.group() : undefined;
  if (seq > t.base) {
    const added = t.added[seq - t.base - 1]!;
    const receiver = receiverOf(world, p, added.sender.userID);
    return record(world, t, seq, {
      serverMsgID: added.id, clientMsgID: added.id.split('').reverse().join(''), sender: added.sender,
      contentType: CT.text, content: added.content, sendTime: added.at, revoked: false,
      ...(receiver ? { receiver } : {}), ...(group ? { group } : {}),
    });
  }
  const { sendID, sendTime, contentType, revoked } = facts ?? factsAt(world, t, seq);
  const sender = p.kind === 'notification' ? accountUser(p.account) : userOf(world, sendID);
  const receiver = receiverOf(world, p, sender.userID);
  const rng = rngFor(STREAM.message, t.key, seq, 1);
  const serverMsgID = rng.hex(32);
  const clientMsgID = rng.hex(32);
  // Only these types name other users; building three users for every message would be most of a page's cost.
  const others = MENTIONING.has(contentType) ? [1, 2, 3].map(() => publicUserAt(world, rng.between(1, Math.max(1, world.population)))) : [];
  const revokes = contentType === CT.revoke ? ownEarlier(world, t, seq, sender.userID) : undefined;
  const ctx: MessageContext = {
    rng, sender, receiver: receiver ?? publicUserAt(world, (group && userIndexOf(world, group.ownerUserID)) ?? 1), others,
    sessionType: t.sessionType, conversationID: t.conversationID, sendTime, ...(group ? { group } : {}), ...(revokes ? { revokes } : {}),
  };
  return record(world, t, seq, {
    serverMsgID, clientMsgID, sender, contentType, content: contentFor(contentType, ctx),
    sendTime, revoked, ...(receiver ? { receiver } : {}), ...(group ? { group } : {}),
  });
}
