// A user's conversations with their latest messages, generated on demand from the user index.
// Sort keys are distinct per user on purpose: the real server drops conversations whose keys
// tie (a map keyed by timestamp), and the demo must not pretend that is the contract.
import { NOTIFICATION_ACCOUNTS, type SystemAccount } from './accounts.js';
import { CT, contentFor, type MessageContext } from './content.js';
import { GROUP_POOL, groupAt, type GroupRecord } from './groups.js';
import { HOSTILE_NICKNAMES, HOSTILE_TEXT } from './hostile.js';
import { rngFor, STREAM, type Rng } from './prng.js';
import type { PublicUser, World } from './users.js';
import { DEMO_NOW_MS, publicUserAt, userIndexOf } from './users.js';

export interface MsgInfoWire {
  serverMsgID: string;
  clientMsgID: string;
  sessionType: number;
  sendID: string;
  recvID: string;
  senderName: string;
  faceURL: string;
  groupID: string;
  groupName: string;
  groupFaceURL: string;
  groupType: number;
  groupMemberCount: number;
  LatestMsgRecvTime: number;
  msgFrom: number;
  contentType: number;
  content: string;
  ex: string;
}

export interface ConversationWire {
  conversationID: string;
  recvMsgOpt: number;
  unreadCount: number;
  IsPinned: boolean;
  msgInfo: MsgInfoWire | null;
}

export interface ConversationRecord {
  wire: ConversationWire;
  /** Latest message time, or the conversation's creation time when it has none (ms). */
  sortKey: number;
}

export const SESSION_SINGLE = 1;
export const SESSION_GROUP = 3;
export const SESSION_NOTIFICATION = 4;

/** Facts about user_000001 that DEMO documents; conversationsOf enforces them. */
export const FIRST_USER_CONVERSATIONS = 240;
const FIRST_USER_PINNED = new Set([1, 9, 25, 60, 101, 150, 199, 230]);
const FIRST_USER_NO_MESSAGE = new Set([4, 70, 140, 235]);
/** Hostile peers first, so their nicknames show up as senderName; then a couple of plain ones. */
const FIRST_USER_PEERS = [13, ...[...HOSTILE_NICKNAMES.keys()].filter((i) => i !== 13), 31, 2, 3];
/** Every this-many users has no conversation at all (1004 from the server). */
export const NO_CONVERSATIONS_EVERY = 7;

const SINGLE_TYPES = [
  CT.text, CT.picture, CT.voice, CT.video, CT.file, CT.merger, CT.card, CT.location, CT.custom, CT.typing,
  CT.quote, CT.face, CT.advancedText, CT.friendApproved, CT.friendApplication, CT.friendAdded, CT.blackAdded, CT.revoke,
];
const GROUP_TYPES = [
  CT.text, CT.picture, CT.voice, CT.video, CT.file, CT.at, CT.merger, CT.custom, CT.quote, CT.face, CT.advancedText,
  CT.groupCreated, CT.memberQuit, CT.revoke,
];
const NOTIFICATION_TYPES = [CT.oa, CT.business, CT.text];

type Kind = 'single' | 'group' | 'notification';

interface Builder {
  world: World;
  index: number;
  self: PublicUser;
  rng: Rng;
  usedPeers: Set<number>;
  usedGroups: Set<number>;
  usedAccounts: Set<string>;
  /** Per-kind counters, to cycle through every content type for the first user. */
  cycle: Record<Kind, number>;
}

function conversationCount(index: number, rng: Rng): number {
  if (index === 1) return FIRST_USER_CONVERSATIONS;
  if (index % NO_CONVERSATIONS_EVERY === 0) return 0;
  if (index % 50 === 2) return rng.between(150, 400);
  return rng.chance(0.2) ? rng.between(20, 80) : rng.between(1, 20);
}

/** Conversations of a user in generation order (not sorted). Empty for unknown or system users. */
export function conversationsOf(world: World, userID: string): ConversationRecord[] {
  const index = userIndexOf(world, userID);
  if (index === undefined) return [];
  const rng = rngFor(STREAM.conversations, index);
  const count = conversationCount(index, rng);
  const keys = distinctShuffledTimes(rng, count);
  const b: Builder = {
    world, index, self: publicUserAt(world, index), rng,
    usedPeers: new Set([index]), usedGroups: new Set(), usedAccounts: new Set(),
    cycle: { single: 0, group: 0, notification: 0 },
  };
  const out: ConversationRecord[] = [];
  for (let k = 0; k < count; k++) {
    const record = buildConversation(b, k, keys[k] ?? 0);
    if (record) out.push(record);
  }
  return out;
}

/** Pinned first, then newest first. Keys are distinct, so the order is total. */
export function sortConversations(records: readonly ConversationRecord[]): ConversationRecord[] {
  return [...records].sort((a, b) => Number(b.wire.IsPinned) - Number(a.wire.IsPinned) || b.sortKey - a.sortKey);
}

function distinctShuffledTimes(rng: Rng, count: number): number[] {
  const times: number[] = [];
  let t = DEMO_NOW_MS - rng.between(0, 600_000);
  for (let k = 0; k < count; k++) {
    times.push(t);
    t -= rng.between(1_000, 2 * 86_400_000);
  }
  for (let k = times.length - 1; k > 0; k--) {
    const j = rng.int(k + 1);
    [times[k], times[j]] = [times[j] ?? 0, times[k] ?? 0];
  }
  return times;
}

function kindFor(b: Builder, k: number): Kind {
  if (b.index === 1) {
    if (k < FIRST_USER_PEERS.length) return 'single';
    if (k < FIRST_USER_PEERS.length + NOTIFICATION_ACCOUNTS.length) return 'notification';
  }
  const roll = b.rng.next();
  return roll < 0.6 ? 'single' : roll < 0.93 ? 'group' : 'notification';
}

function buildConversation(b: Builder, k: number, key: number): ConversationRecord | undefined {
  const kind = kindFor(b, k);
  const first = b.index === 1;
  const pinned = first ? FIRST_USER_PINNED.has(k) : b.rng.chance(0.04);
  const hasMessage = first ? !FIRST_USER_NO_MESSAGE.has(k) : !b.rng.chance(0.02);
  const made = kind === 'group' ? groupConversation(b, key) : kind === 'notification' ? notificationConversation(b, key) : undefined;
  const result = made ?? singleConversation(b, key, first ? FIRST_USER_PEERS[k] : undefined);
  if (!result) return undefined;
  const unreadCount = hasMessage ? unread(b.rng) : 0;
  return {
    sortKey: key,
    wire: {
      conversationID: result.conversationID,
      recvMsgOpt: b.rng.pick([0, 0, 0, 0, 0, 0, 0, 0, 2, 1]),
      unreadCount,
      IsPinned: pinned,
      msgInfo: hasMessage ? result.msgInfo : null,
    },
  };
}

function unread(rng: Rng): number {
  const roll = rng.next();
  if (roll < 0.6) return 0;
  if (roll < 0.9) return rng.between(1, 20);
  if (roll < 0.98) return rng.between(21, 300);
  return rng.between(1000, 5000);
}

function nextType(b: Builder, kind: Kind, types: readonly number[]): number {
  if (b.index !== 1) return b.rng.next() < 0.45 ? CT.text : b.rng.pick(types);
  const type = types[b.cycle[kind] % types.length] ?? CT.text;
  b.cycle[kind]++;
  return type;
}

interface Made {
  conversationID: string;
  msgInfo: MsgInfoWire;
}

function singleConversation(b: Builder, key: number, forcedPeer: number | undefined): Made | undefined {
  const peerIndex = pickPeer(b, forcedPeer);
  if (peerIndex === undefined) return undefined;
  const peer = publicUserAt(b.world, peerIndex);
  const ids = [b.self.userID, peer.userID].sort();
  const conversationID = `si_${ids.join('_')}`;
  const hostile = b.index === 1 && peerIndex === 13;
  const contentType = hostile ? CT.text : nextType(b, 'single', SINGLE_TYPES);
  const selfSent = contentType < 1000 && b.rng.chance(0.5);
  const sender = selfSent ? b.self : peer;
  const receiver = selfSent ? peer : b.self;
  const ctx = messageContext(b, { sender, receiver, sessionType: SESSION_SINGLE, conversationID, sendTime: key });
  if (hostile) ctx.text = HOSTILE_TEXT;
  return {
    conversationID,
    // The server shows the peer's name and face whoever sent the last message.
    msgInfo: msgInfo(b, ctx, contentType, { recvID: receiver.userID, senderName: peer.nickname, faceURL: peer.faceURL }),
  };
}

function pickPeer(b: Builder, forced: number | undefined): number | undefined {
  if (forced !== undefined && forced <= b.world.population && !b.usedPeers.has(forced)) {
    b.usedPeers.add(forced);
    return forced;
  }
  for (let attempt = 0; attempt < 8; attempt++) {
    const candidate = b.rng.between(1, b.world.population);
    if (b.usedPeers.has(candidate)) continue;
    b.usedPeers.add(candidate);
    return candidate;
  }
  return undefined;
}

function groupConversation(b: Builder, key: number): Made | undefined {
  let groupIndex = -1;
  for (let attempt = 0; attempt < 8 && groupIndex < 0; attempt++) {
    const candidate = b.rng.int(GROUP_POOL);
    if (!b.usedGroups.has(candidate)) groupIndex = candidate;
  }
  if (groupIndex < 0) return undefined;
  b.usedGroups.add(groupIndex);
  const group = groupAt(groupIndex, b.world.population);
  const conversationID = `sg_${group.groupID}`;
  const contentType = nextType(b, 'group', GROUP_TYPES);
  const sender = b.rng.chance(0.2) ? b.self : publicUserAt(b.world, b.rng.between(1, b.world.population));
  const ctx = messageContext(b, { sender, receiver: b.self, group, sessionType: SESSION_GROUP, conversationID, sendTime: key });
  return { conversationID, msgInfo: msgInfo(b, ctx, contentType, { recvID: '', senderName: sender.nickname, faceURL: '', group }) };
}

function notificationConversation(b: Builder, key: number): Made | undefined {
  const free = NOTIFICATION_ACCOUNTS.filter((a) => !b.usedAccounts.has(a.userID));
  if (free.length === 0) return undefined;
  // The first user gets every account in order; others a random free one.
  const account: SystemAccount = b.index === 1 ? b.rng.pick(free.slice(0, 1)) : b.rng.pick(free);
  b.usedAccounts.add(account.userID);
  const ids = [account.userID, b.self.userID].sort();
  const conversationID = `sn_${ids.join('_')}`;
  const sender: PublicUser = { userID: account.userID, nickname: account.nickname, faceURL: account.faceURL, ex: '' };
  const contentType = b.index === 1 ? (NOTIFICATION_TYPES[b.cycle.notification++ % NOTIFICATION_TYPES.length] ?? CT.oa) : b.rng.pick(NOTIFICATION_TYPES);
  const ctx = messageContext(b, { sender, receiver: b.self, sessionType: SESSION_NOTIFICATION, conversationID, sendTime: key });
  // Notification sessions carry no sender name or face.
  return { conversationID, msgInfo: msgInfo(b, ctx, contentType, { recvID: b.self.userID, senderName: '', faceURL: '' }) };
}

function messageContext(b: Builder, parts: Omit<MessageContext, 'rng' | 'others'>): MessageContext {
  const others = [1, 2, 3].map(() => publicUserAt(b.world, b.rng.between(1, b.world.population)));
  return { rng: b.rng, others, ...parts };
}

interface Addressing {
  recvID: string;
  senderName: string;
  faceURL: string;
  group?: GroupRecord;
}

function msgInfo(b: Builder, ctx: MessageContext, contentType: number, addr: Addressing): MsgInfoWire {
  const system = contentType >= 1000 || ctx.sessionType === SESSION_NOTIFICATION;
  return {
    serverMsgID: b.rng.hex(32),
    clientMsgID: b.rng.hex(32),
    sessionType: ctx.sessionType,
    sendID: ctx.sender.userID,
    recvID: addr.recvID,
    senderName: addr.senderName,
    faceURL: addr.faceURL,
    groupID: addr.group?.groupID ?? '',
    groupName: addr.group?.groupName ?? '',
    groupFaceURL: addr.group?.faceURL ?? '',
    groupType: addr.group ? 2 : 0,
    groupMemberCount: addr.group?.memberCount ?? 0,
    LatestMsgRecvTime: ctx.sendTime,
    msgFrom: system ? 200 : 100,
    contentType,
    content: contentFor(contentType, ctx),
    ex: '',
  };
}
