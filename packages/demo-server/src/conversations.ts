// A user's conversations with their latest messages, generated on demand from the user index.
// Single chats come from the pair (singleChats.ts), so both members list them with the same
// message; groups and notification sessions are generated per user. Times are random to the ms
// over two years, so one user's sort keys practically never tie: the real server drops
// conversations whose keys tie (a map keyed by timestamp), and the demo must not pretend that is
// the contract (its own sort breaks a tie by ID).
import { NOTIFICATION_ACCOUNTS, type SystemAccount } from './accounts.js';
import { CT, contentFor, type MessageContext } from './content.js';
import { groupChat, groupLastTime, groupMaxSeq } from './groupChats.js';
import { groupIdOf, groupIndexOf, type GroupRecord } from './groups.js';
import { groupsOf } from './membership.js';
import { mix, rngFor, STREAM, type Rng } from './prng.js';
import { recentPerWorld } from './recent.js';
import { FIRST_USER_PEERS, isChatty, singleChat, singleChatMembers, singleConversationID, singleFacts, singlePeers } from './singleChats.js';
import type { PublicUser, World } from './users.js';
import { publicUserAt, userIdOf, userIndexOf, worldNow } from './users.js';

export { NO_CONVERSATIONS_EVERY } from './singleChats.js';

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
  /** Messages in the conversation (0 without any); unreadCount is this minus what the owner read. */
  maxSeq: number;
  /** The owner's read seq: maxSeq − unreadCount, but for the planted few (readSkew). */
  hasReadSeq: number;
  /** The latest message's time (msgInfo's LatestMsgRecvTime), null without one: known without building msgInfo. */
  latestAt: number | null;
}

export const SESSION_SINGLE = 1;
export const SESSION_GROUP = 3;
export const SESSION_NOTIFICATION = 4;

export { FIRST_USER_CONVERSATIONS } from './membership.js';
/** Positions, in generation order, of the first user's pinned conversations. */
const FIRST_USER_PINNED = new Set([1, 9, 25, 60, 101, 150, 199, 230]);
const FIRST_USER_PINNED_GROUP_AGE_MS = 200 * 86_400_000;
/** Positions, in generation order, of the first user's conversations whose read seq disagrees with the list. */
const FIRST_USER_READ_SKEWED = new Set([0, 14, 40, 77, 121]);

// A system custom message (110 from msgFrom 200: text data, JSON extension) is a real shape too.
export const NOTIFICATION_TYPES: readonly number[] = [CT.oa, CT.business, CT.text, CT.custom];
const TWO_YEARS_MS = 2 * 365 * 86_400_000;

interface Builder {
  world: World;
  index: number;
  self: PublicUser;
  rng: Rng;
  usedAccounts: Set<string>;
  /** A counter, to cycle the first user's notification sessions through every notification type. */
  cycle: number;
}

/** A conversation row as one member sees it, before the owner's own settings. */
interface Made {
  conversationID: string;
  /** null: the conversation has no message. */
  latestAt: number | null;
  /**
   * Its msgInfo, built when first read: a single chat's or a group's latest message draws from
   * its own stream, so building it late changes nothing, and the read state and the pull never
   * read it (only a list page's rows do).
   */
  msgInfo: () => MsgInfoWire | null;
  sortKey: number;
  maxSeq: number;
}

const NO_MESSAGE = (): null => null;

/** A history page reads its owner's conversations twice: for its read state, then for its pull. */
const recentConversations = recentPerWorld<string, readonly ConversationRecord[]>(8);

/** Conversations of a user in generation order (not sorted). Empty for unknown or system users. Shared: never mutate. */
export function conversationsOf(world: World, userID: string): readonly ConversationRecord[] {
  return recentConversations(world, userID, () => generateConversations(world, userID));
}

function generateConversations(world: World, userID: string): ConversationRecord[] {
  const index = userIndexOf(world, userID);
  if (index === undefined || !isChatty(world, index)) return [];
  const rng = rngFor(STREAM.conversations, index);
  const b: Builder = {
    world, index, self: publicUserAt(world, index), rng, usedAccounts: new Set(), cycle: 0,
  };
  const made: Made[] = [];
  const peers = singlePeers(world, index);
  // The first user: its fixed peers, every notification account, its other chats, then groups.
  const fixedCount = index === 1 ? peers.filter((p) => FIRST_USER_PEERS.includes(p)).length : 0;
  for (const peer of peers.slice(0, fixedCount)) made.push(singleRow(b, peer));
  if (index === 1) for (let k = 0; k < NOTIFICATION_ACCOUNTS.length; k++) pushIf(made, notificationRow(b));
  for (const peer of peers.slice(fixedCount)) made.push(singleRow(b, peer));
  // A group conversation for each of its groups (membership.ts), no more and no fewer: the first
  // user's groups are what its FIRST_USER_CONVERSATIONS leave; a notice now and then between them.
  const groups = shuffled(groupsOf(world, index), rng);
  while (groups.length > 0) {
    if (index !== 1 && rng.chance(0.17)) pushIf(made, notificationRow(b));
    made.push(groupRow(b, takeGroup(b, groups, made.length)));
  }
  return made.map((m, k) => {
    const recvMsgOpt = rng.pick([0, 0, 0, 0, 0, 0, 0, 0, 2, 1]);
    const hasMessage = m.latestAt !== null;
    const unreadCount = hasMessage ? Math.min(unread(rng), m.maxSeq) : 0;
    let built: MsgInfoWire | null | undefined;
    return {
      sortKey: m.sortKey,
      maxSeq: m.maxSeq,
      hasReadSeq: m.maxSeq - unreadCount + (hasMessage ? readSkew(index, k) : 0),
      latestAt: m.latestAt,
      wire: {
        conversationID: m.conversationID,
        recvMsgOpt,
        unreadCount,
        IsPinned: index === 1 ? FIRST_USER_PINNED.has(k) : rng.chance(0.04),
        get msgInfo() {
          return built === undefined ? (built = m.msgInfo()) : built;
        },
      },
    };
  });
}

/**
 * How far the owner's read seq is from what the list's unread count implies: 0 but for a few
 * planted conversations (about one in 37; the first user's at FIRST_USER_READ_SKEWED), where the
 * read seq is behind or, past maxSeq, ahead: the disagreement operators chase.
 */
function readSkew(index: number, position: number): number {
  const h = mix(STREAM.conversations, index, position, 1);
  const planted = index === 1 ? FIRST_USER_READ_SKEWED.has(position) : h % 37 === 0;
  if (!planted) return 0;
  const size = 1 + ((h >>> 8) % 40);
  return (h >>> 16) % 2 === 0 ? size : -size;
}

function pushIf(list: Made[], row: Made | undefined): void {
  if (row) list.push(row);
}

/** Pinned first, then newest first; equal keys (practically never) by conversation ID. */
export function sortConversations(records: readonly ConversationRecord[]): ConversationRecord[] {
  return [...records].sort(
    (a, b) =>
      Number(b.wire.IsPinned) - Number(a.wire.IsPinned) ||
      b.sortKey - a.sortKey ||
      (a.wire.conversationID < b.wire.conversationID ? -1 : a.wire.conversationID > b.wire.conversationID ? 1 : 0),
  );
}

function unread(rng: Rng): number {
  const roll = rng.next();
  if (roll < 0.6) return 0;
  if (roll < 0.9) return rng.between(1, 20);
  if (roll < 0.98) return rng.between(21, 300);
  return rng.between(1000, 5000);
}

/** When a conversation without messages was created: its sort key (the server's fallback). */
function createdAt(rng: Rng, world: World): number {
  return worldNow(world) - rng.int(TWO_YEARS_MS);
}

function singleRow(b: Builder, peerIndex: number): Made {
  const facts = singleFacts(b.world, b.index, peerIndex);
  const conversationID = singleConversationID(b.self.userID, userIdOf(peerIndex));
  if (facts.maxSeq === 0) return { conversationID, latestAt: null, msgInfo: NO_MESSAGE, sortKey: createdAt(b.rng, b.world), maxSeq: 0 };
  return { conversationID, latestAt: facts.sendTime, msgInfo: () => singleInfo(b, peerIndex), sortKey: facts.sendTime, maxSeq: facts.maxSeq };
}

function singleInfo(b: Builder, peerIndex: number): MsgInfoWire | null {
  const { latest } = singleChat(b.world, b.index, peerIndex);
  if (!latest) return null;
  // The server names the peer (its nickname and face) whichever member sent the last message.
  const peer = latest.sender.userID === b.self.userID ? latest.receiver : latest.sender;
  return {
      serverMsgID: latest.serverMsgID,
      clientMsgID: latest.clientMsgID,
      sessionType: SESSION_SINGLE,
      sendID: latest.sender.userID,
      recvID: latest.receiver.userID,
      senderName: peer.nickname,
      faceURL: peer.faceURL,
      groupID: '',
      groupName: '',
      groupFaceURL: '',
      groupType: 0,
      groupMemberCount: 0,
      LatestMsgRecvTime: latest.sendTime,
      msgFrom: latest.contentType >= 1000 ? 200 : 100,
      contentType: latest.contentType,
      content: latest.content,
      ex: '',
  };
}

function nextType(b: Builder, types: readonly number[]): number {
  if (b.index !== 1) return b.rng.pick(types);
  const type = types[b.cycle % types.length] ?? CT.text;
  b.cycle++;
  return type;
}

function shuffled<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * The next of the user's groups to list. The first user's pinned positions take a group whose
 * latest message is old enough that its system notice leads its list (docs and tests open it).
 */
function takeGroup(b: Builder, groups: number[], position: number): number {
  let at = 0;
  if (b.index === 1 && FIRST_USER_PINNED.has(position)) {
    const old = groups.findIndex((g) => groupMaxSeq(g) > 0 && groupLastTime(b.world, g) < worldNow(b.world) - FIRST_USER_PINNED_GROUP_AGE_MS);
    if (old >= 0) at = old;
  }
  return groups.splice(at, 1)[0]!;
}

function groupRow(b: Builder, groupIndex: number): Made {
  const conversationID = `sg_${groupIdOf(groupIndex)}`;
  const maxSeq = groupMaxSeq(groupIndex);
  if (maxSeq === 0) return { conversationID, latestAt: null, msgInfo: NO_MESSAGE, sortKey: createdAt(b.rng, b.world), maxSeq: 0 };
  const sendTime = groupLastTime(b.world, groupIndex);
  return { conversationID, latestAt: sendTime, msgInfo: () => groupInfo(b.world, groupIndex), sortKey: sendTime, maxSeq };
}

function groupInfo(world: World, groupIndex: number): MsgInfoWire | null {
  const { group, latest } = groupChat(world, groupIndex);
  if (!latest) return null;
  return {
      serverMsgID: latest.serverMsgID,
      clientMsgID: latest.clientMsgID,
      sessionType: SESSION_GROUP,
      sendID: latest.sender.userID,
      recvID: '',
      // A group shows the sender's global nickname and no face.
      senderName: latest.sender.nickname,
      faceURL: '',
      groupID: group.groupID,
      groupName: group.groupName,
      groupFaceURL: group.faceURL,
      groupType: 2,
      groupMemberCount: group.memberCount,
      LatestMsgRecvTime: latest.sendTime,
      msgFrom: latest.contentType >= 1000 ? 200 : 100,
      contentType: latest.contentType,
      content: latest.content,
      ex: '',
  };
}

function notificationRow(b: Builder): Made | undefined {
  const free = NOTIFICATION_ACCOUNTS.filter((a) => !b.usedAccounts.has(a.userID));
  if (free.length === 0) return undefined;
  // The first user gets every account in order; others a random free one.
  const account: SystemAccount = b.index === 1 ? b.rng.pick(free.slice(0, 1)) : b.rng.pick(free);
  b.usedAccounts.add(account.userID);
  const ids = [account.userID, b.self.userID].sort();
  const conversationID = `sn_${ids.join('_')}`;
  const sender: PublicUser = { userID: account.userID, nickname: account.nickname, faceURL: account.faceURL, ex: '' };
  const contentType = nextType(b, NOTIFICATION_TYPES);
  const sendTime = worldNow(b.world) - b.rng.int(TWO_YEARS_MS);
  const ctx = messageContext(b, { sender, receiver: b.self, sessionType: SESSION_NOTIFICATION, conversationID, sendTime });
  // Notification sessions carry no sender name or face. Built now: their content draws from the user's stream.
  const maxSeq = b.rng.between(5_001, 20_000);
  const info = msgInfo(b, ctx, contentType, { recvID: b.self.userID, senderName: '', faceURL: '' });
  return { conversationID, latestAt: sendTime, msgInfo: () => info, sortKey: sendTime, maxSeq };
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

/**
 * unreadTotal and conversationTotal over the requested IDs as the server computes them
 * (S:internal/rpc/conversation/conversation.go:139-165,192): over every requested ID, owned or
 * not. An ID the user does not own has no read position, so all its messages count as unread;
 * an ID that names no conversation counts nothing.
 */
export function conversationTotals(world: World, owned: readonly ConversationRecord[], requested: readonly string[]): { unreadTotal: number; conversationTotal: number } {
  const mine = new Map(owned.map((c) => [c.wire.conversationID, c]));
  let unreadTotal = 0;
  let conversationTotal = 0;
  for (const id of requested) {
    const row = mine.get(id);
    const facts = row ? { unread: row.wire.unreadCount, hasMessage: row.latestAt !== null } : foreignConversation(world, id);
    unreadTotal += facts.unread;
    if (facts.hasMessage) conversationTotal++;
  }
  return { unreadTotal, conversationTotal };
}

/** A conversation seen from outside: its messages (all unread for a non-member) and whether it has a latest one. */
function foreignConversation(world: World, id: string): { unread: number; hasMessage: boolean } {
  const members = singleChatMembers(world, id, (userID) => userIndexOf(world, userID));
  if (members) {
    const chat = singleChat(world, members[0], members[1]);
    return { unread: chat.maxSeq, hasMessage: chat.latest !== null };
  }
  const groupIndex = id.startsWith('sg_') ? groupIndexOf(id.slice(3)) : undefined;
  if (groupIndex !== undefined) return { unread: groupMaxSeq(groupIndex), hasMessage: groupMaxSeq(groupIndex) > 0 };
  const notice = /^sn_.*_(user_\d+)$/.exec(id);
  const owner = notice?.[1] ? conversationsOf(world, notice[1]).find((c) => c.wire.conversationID === id) : undefined;
  if (owner) return { unread: owner.maxSeq, hasMessage: owner.latestAt !== null };
  return { unread: 0, hasMessage: false };
}
