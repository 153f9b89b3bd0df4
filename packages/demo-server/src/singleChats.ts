// Single chats belong to the pair, not to one side: the real server keeps a conversation row for
// each member and one message history, so `si_a_b` is in both members' lists with the same latest
// message. Who chats with whom must be computable from either side without scanning the world:
// user i starts a chat with ring(i + d) for some offsets d of a fixed set, decided by a hash of
// (i, d); user j finds the chats started with it by checking ring(j - d) for the same offsets.
import { CT, contentFor, type MessageContext } from './content.js';
import { HOSTILE_NICKNAMES, HOSTILE_TEXT } from './hostile.js';
import { mix, rngFor, STREAM, type Rng } from './prng.js';
import { recentPerWorld } from './recent.js';
import type { PublicUser, World } from './users.js';
import { publicUserAt, worldNow } from './users.js';

/** Every this-many users has no conversation at all (1004 from the server). */
export const NO_CONVERSATIONS_EVERY = 7;
/** Hostile peers first, so their nicknames show up as senderName; then a couple of plain ones. */
export const FIRST_USER_PEERS: readonly number[] = [13, ...[...HOSTILE_NICKNAMES.keys()].filter((i) => i !== 13), 31, 2, 3];
/** The first user's chat with this peer has no message at all. */
const FIRST_USER_SILENT_PEER = 29;

export const SINGLE_TYPES: readonly number[] = [
  CT.text, CT.picture, CT.voice, CT.video, CT.file, CT.merger, CT.card, CT.location, CT.custom, CT.typing,
  CT.quote, CT.face, CT.advancedText, CT.friendApproved, CT.friendApplication, CT.friendAdded, CT.blackAdded, CT.revoke,
];

/** Offsets a user may start chats at, distinct, fixed for every world. */
const OFFSETS: readonly number[] = (() => {
  const rng = rngFor(STREAM.pairStart, 0);
  const set = new Set<number>();
  while (set.size < 384) set.add(rng.between(1, 2048));
  return [...set];
})();

/** Whether a user has any conversation (every 7th user has none: the server's 1004). */
export function isChatty(world: World, index: number): boolean {
  return index >= 1 && index <= world.population && index % NO_CONVERSATIONS_EVERY !== 0;
}

/** Chance that user i starts a chat at a given offset: busy users (index % 50 === 2) and the first user start many. */
function startRate(index: number): number {
  if (index === 1) return 0.27;
  if (index % 50 === 2) return 0.25;
  return 0.006;
}

function starts(index: number, offset: number): boolean {
  return mix(STREAM.pairStart, index, offset) / 0x1_0000_0000 < startRate(index);
}

function ring(world: World, index: number): number {
  const n = world.population;
  return ((((index - 1) % n) + n) % n) + 1;
}

/** A history page needs its owner's peers twice: their conversations, then the chat's members. */
const recentPeers = recentPerWorld<number, readonly number[]>(16);

/** The user's single-chat peers, in a stable order (the first user's fixed peers first). Shared: never mutate. */
export function singlePeers(world: World, index: number): readonly number[] {
  return recentPeers(world, index, () => peersOf(world, index));
}

function peersOf(world: World, index: number): number[] {
  if (!isChatty(world, index)) return [];
  const peers = new Set<number>();
  const fixed = (peer: number): boolean => peer !== index && isChatty(world, peer);
  if (index === 1) for (const peer of FIRST_USER_PEERS) if (fixed(peer)) peers.add(peer);
  if (FIRST_USER_PEERS.includes(index) && fixed(1)) peers.add(1);
  for (const offset of OFFSETS) {
    if (offset % world.population === 0) continue;
    const ahead = ring(world, index + offset);
    if (fixed(ahead) && starts(index, offset)) peers.add(ahead);
    const behind = ring(world, index - offset);
    if (fixed(behind) && starts(behind, offset)) peers.add(behind);
  }
  return [...peers];
}

/** The message side of a single chat, the same whichever member asks. */
export interface SingleChat {
  conversationID: string;
  /** Messages in the conversation; each member's unread count is maxSeq minus what it has read. */
  maxSeq: number;
  latest: {
    serverMsgID: string;
    clientMsgID: string;
    sender: PublicUser;
    receiver: PublicUser;
    sendTime: number;
    contentType: number;
    content: string;
  } | null;
}

export function singleConversationID(a: string, b: string): string {
  return `si_${[a, b].sort().join('_')}`;
}

const firstUserPeers = new WeakMap<World, readonly number[]>();

/** The first user's chats cycle through every single-chat content type, by the peer's rank. */
function firstUserType(world: World, peer: number): number {
  let peers = firstUserPeers.get(world);
  if (!peers) firstUserPeers.set(world, (peers = singlePeers(world, 1)));
  return SINGLE_TYPES[Math.max(0, peers.indexOf(peer)) % SINGLE_TYPES.length] ?? CT.text;
}

const TWO_YEARS_MS = 2 * 365 * 86_400_000;

/** The facts of a chat that cost no content: whether it is silent, its last time and its message count. */
export interface SingleFacts {
  silent: boolean;
  sendTime: number;
  maxSeq: number;
}

function factsFrom(rng: Rng, world: World, low: number, high: number): SingleFacts {
  const silent = low === 1 ? high === FIRST_USER_SILENT_PEER : rng.chance(0.02);
  // Spread over two years to the ms, so that one user's chats practically never share a time.
  const sendTime = worldNow(world) - rng.int(TWO_YEARS_MS);
  // Above any unread count a member can have (at most 5,000); a stream of its own, so the history's timeline is cheap.
  const maxSeq = silent ? 0 : rngFor(STREAM.pair, low, high, 1).between(5_001, 20_000);
  return { silent, sendTime, maxSeq };
}

/** The chat's facts without its content (the message search reads these for every chat it passes). */
export function singleFacts(world: World, a: number, b: number): SingleFacts {
  const [low, high] = a < b ? [a, b] : [b, a];
  return factsFrom(rngFor(STREAM.pair, low, high), world, low, high);
}

export function singleChat(world: World, a: number, b: number): SingleChat {
  const [low, high] = a < b ? [a, b] : [b, a];
  const rng: Rng = rngFor(STREAM.pair, low, high);
  const lowUser = publicUserAt(world, low);
  const highUser = publicUserAt(world, high);
  const conversationID = singleConversationID(lowUser.userID, highUser.userID);
  const { silent, sendTime, maxSeq } = factsFrom(rng, world, low, high);
  if (silent) return { conversationID, maxSeq: 0, latest: null };
  const hostile = low === 1 && high === 13;
  const contentType = hostile ? CT.text : low === 1 ? firstUserType(world, high) : rng.next() < 0.45 ? CT.text : rng.pick(SINGLE_TYPES);
  const lowSent = rng.chance(0.5);
  const sender = lowSent ? lowUser : highUser;
  const receiver = lowSent ? highUser : lowUser;
  const others = [1, 2, 3].map(() => publicUserAt(world, rng.between(1, world.population)));
  const ctx: MessageContext = { rng, sender, receiver, others, sessionType: 1, conversationID, sendTime };
  if (hostile) ctx.text = HOSTILE_TEXT;
  return {
    conversationID,
    maxSeq,
    latest: { serverMsgID: rng.hex(32), clientMsgID: rng.hex(32), sender, receiver, sendTime, contentType, content: contentFor(contentType, ctx) },
  };
}

/** The two user indices of `si_<a>_<b>`, if it names a chat of this world. */
export function singleChatMembers(world: World, conversationID: string, indexOf: (userID: string) => number | undefined): [number, number] | undefined {
  const match = /^si_(user_\d+)_(user_\d+)$/.exec(conversationID);
  if (!match?.[1] || !match[2]) return undefined;
  const a = indexOf(match[1]);
  const b = indexOf(match[2]);
  if (a === undefined || b === undefined || singleConversationID(match[1], match[2]) !== conversationID) return undefined;
  return singlePeers(world, a).includes(b) ? [a, b] : undefined;
}
