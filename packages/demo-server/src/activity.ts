// The living demo: while the server runs, new messages arrive in a few users' conversations
// (latest message, unread count and order change), friend applications are sent, and new users
// register, so that the explorer's live view has something to show.
//
// Deterministic: event k happens k × pace after the start, and what it is follows from (seed, k)
// alone. Time is read from an injected clock, so a test advances it and sees the same world every
// run. The generated data set is never touched: the activity is an overlay the routes apply to
// the lists they compute.
import { NOTIFICATION_ACCOUNTS } from './accounts.js';
import { CT } from './content.js';
import type { ConversationRecord, MsgInfoWire } from './conversations.js';
import { conversationsOf, SESSION_NOTIFICATION, SESSION_SINGLE } from './conversations.js';
import type { FriendRequestWire } from './friend-requests.js';
import { goJson } from './gojson.js';
import { chatLine } from './names.js';
import { groupSpeakers } from './groupChats.js';
import { groupIndexOf } from './groups.js';
import { rngFor } from './prng.js';
import type { PublicUser, UserRecord, World } from './users.js';
import { publicUserAt, userAt, userIndexOf, worldNow } from './users.js';

export interface ActivityOptions {
  /** Another seed, another sequence of events. Default 1. */
  seed?: number;
  /** Time between two events, ms. Default 4 s: user_000001 gets a message every 16 s. */
  paceMs?: number;
  /** The clock (ms); default Date.now. Read at every request. */
  now?: () => number;
}

export const DEFAULT_PACE_MS = 4_000;
/** A user's online sessions hold for this many paces, then may change (presence.ts). */
const PRESENCE_PACES = 5;
/** Users whose conversations get messages besides user_000001 (all have conversations). */
const LIVELY_USERS = [2, 3, 4, 6, 8, 9, 10];
/** Users who send friend applications now and then. */
const APPLICANTS = [1, 1, 2, 3, 4];
/** Its own random stream, apart from the data set's (prng.ts STREAM). */
const ACTIVITY_STREAM = 101;

/** A message the activity added to a conversation: the conversation's next seq, for every member. */
export interface AddedMessage {
  at: number;
  id: string;
  sender: PublicUser;
  /** The content string: text. */
  content: string;
}

type ActivityEvent =
  | { kind: 'message'; at: number; user: number; pick: number; text: string; sender: number; id: string }
  | { kind: 'application'; at: number; from: number; to: number; reqMsg: string }
  | { kind: 'register'; at: number; index: number };

export class DemoActivity {
  private readonly seed: number;
  private readonly paceMs: number;
  private readonly now: () => number;
  private readonly startedAt: number;
  private readonly events: ActivityEvent[] = [];
  /** When each user who registered while the server ran did: [0] is user population+1. */
  private readonly registeredAt: number[] = [];
  /** The messages added to each conversation, in seq order. */
  private readonly added = new Map<string, AddedMessage[]>();
  /** The lively users' generated conversations (the data set's, which never change). */
  private readonly recordsByUser = new Map<number, readonly ConversationRecord[]>();

  constructor(
    private readonly world: World,
    options: ActivityOptions = {},
  ) {
    this.seed = options.seed ?? 1;
    this.paceMs = Math.max(1, options.paceMs ?? DEFAULT_PACE_MS);
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
  }

  /** How many users registered since the start: user_<population+1> on. */
  registered(): number {
    this.catchUp();
    return this.registeredAt.length;
  }

  /** A user who registered while the server ran (index above the data set's population). */
  newUser(index: number): UserRecord {
    this.catchUp();
    return { ...userAt(this.world, index), createTime: this.registeredAt[index - this.world.population - 1] ?? worldNow(this.world) };
  }

  /**
   * The user's conversations with the messages that arrived since the start, in any member's list:
   * one more seq each, unread unless the owner sent it (a sender has read their own message).
   */
  conversations(userID: string, records: readonly ConversationRecord[]): ConversationRecord[] {
    this.catchUp();
    return records.map((record) => {
      const added = this.added.get(record.wire.conversationID);
      // msgInfo is built when first read (conversations.ts): only for a conversation that changed.
      const old = added?.length ? record.wire.msgInfo : null;
      if (!added?.length || !old) return record;
      const last = added[added.length - 1]!;
      let hasReadSeq = record.hasReadSeq;
      added.forEach((m, i) => {
        if (m.sender.userID === userID) hasReadSeq = Math.max(hasReadSeq, record.maxSeq + 1 + i);
      });
      const unreadCount = Math.max(0, record.wire.unreadCount + added.length - (hasReadSeq - record.hasReadSeq));
      return {
        ...record,
        sortKey: last.at,
        latestAt: last.at,
        maxSeq: record.maxSeq + added.length,
        hasReadSeq,
        wire: { ...record.wire, unreadCount, msgInfo: newMessage(userID, record.wire.conversationID, old, last) },
      };
    });
  }

  /** The messages added to a conversation since the start, oldest first (seqs maxSeq + 1 on). */
  addedTo(conversationID: string): readonly AddedMessage[] {
    this.catchUp();
    return this.added.get(conversationID) ?? [];
  }

  /** The user's sent friend applications with the ones sent since the start, newest first. */
  friendRequests(userID: string, requests: readonly FriendRequestWire[]): FriendRequestWire[] {
    const index = userIndexOf(this.world, userID);
    this.catchUp();
    let out = [...requests];
    if (index === undefined) return out;
    for (const event of this.events) {
      if (event.kind !== 'application' || event.from !== index) continue;
      const me = publicUserAt(this.world, index);
      const to = publicUserAt(this.world, event.to);
      // Applying again to the same user replaces the old application (the server updates the row).
      out = out.filter((r) => r.toUserID !== to.userID);
      out.unshift({
        fromUserID: me.userID, fromNickname: me.nickname, fromFaceURL: me.faceURL,
        toUserID: to.userID, toNickname: to.nickname, toFaceURL: to.faceURL,
        handleResult: 0, reqMsg: event.reqMsg, createTime: event.at,
        handlerUserID: '', handleMsg: '', handleTime: 0, ex: '',
      });
    }
    return out.sort((a, b) => b.createTime - a.createTime);
  }

  /** Who sent `index` an application since the start, each once (their rows come from friendRequests). */
  applicantsTo(index: number): number[] {
    this.catchUp();
    const from = new Set<number>();
    for (const event of this.events) if (event.kind === 'application' && event.to === index) from.add(event.from);
    return [...from];
  }

  /** Time since the start and the length of a presence slot: who is online follows from both (presence.ts). */
  presenceClock(): { elapsedMs: number; slotMs: number } {
    return { elapsedMs: this.now() - this.startedAt, slotMs: this.paceMs * PRESENCE_PACES };
  }

  /** Generates the events whose time has come. */
  private catchUp(): void {
    const due = Math.floor((this.now() - this.startedAt) / this.paceMs);
    while (this.events.length < due) {
      const event = this.event(this.events.length + 1);
      this.events.push(event);
      if (event.kind === 'message') this.deliver(event);
    }
  }

  /** Puts a message event into one of its user's conversations, from that conversation's other side. */
  private deliver(event: Extract<ActivityEvent, { kind: 'message' }>): void {
    let records = this.recordsByUser.get(event.user);
    if (!records) this.recordsByUser.set(event.user, (records = conversationsOf(this.world, publicUserAt(this.world, event.user).userID)));
    const candidates = records.filter((r) => r.latestAt !== null);
    // The picked conversation, or the next one that has someone else in it (a group of one has not).
    const first = Math.floor(event.pick * candidates.length);
    let id = '';
    let sender: PublicUser | undefined;
    for (let k = 0; k < candidates.length && !sender; k++) {
      id = candidates[(first + k) % candidates.length]!.wire.conversationID;
      sender = this.senderIn(id, event);
    }
    if (!sender) return;
    const list = this.added.get(id) ?? [];
    list.push({ at: event.at, id: event.id, sender, content: goJson({ content: event.text }) });
    this.added.set(id, list);
  }

  /** A single chat's peer of the event's user, a speaker of a group, or the notification account. */
  private senderIn(conversationID: string, event: Extract<ActivityEvent, { kind: 'message' }>): PublicUser | undefined {
    const me = publicUserAt(this.world, event.user).userID;
    if (conversationID.startsWith('si_')) {
      const peer = userIndexOf(this.world, peerOf(conversationID, me) ?? '');
      return peer === undefined ? undefined : publicUserAt(this.world, peer);
    }
    if (conversationID.startsWith('sg_')) {
      const groupIndex = groupIndexOf(conversationID.slice(3));
      if (groupIndex === undefined) return undefined;
      // Another member speaks (the user itself would have read its own message); none in a group of one.
      const speakers = groupSpeakers(this.world, groupIndex).filter((index) => index !== event.user);
      const speaker = speakers[event.sender % Math.max(1, speakers.length)];
      return speaker === undefined ? undefined : publicUserAt(this.world, speaker);
    }
    const account = NOTIFICATION_ACCOUNTS.find((a) => conversationID.startsWith(`sn_${a.userID}_`));
    return account ? { userID: account.userID, nickname: account.nickname, faceURL: account.faceURL, ex: '' } : undefined;
  }

  private event(k: number): ActivityEvent {
    const rng = rngFor(ACTIVITY_STREAM, this.seed, k);
    const population = this.world.population;
    // Later than anything in the data set (whose "now" is the world's), one pace apart.
    const at = worldNow(this.world) + k * this.paceMs;
    const someone = (): number => rng.between(1, Math.max(1, population));
    switch (k % 4) {
      case 1:
      case 2: {
        const lively = LIVELY_USERS.filter((i) => i <= population);
        const user = k % 4 === 1 || lively.length === 0 ? 1 : rng.pick(lively);
        return { kind: 'message', at, user, pick: rng.next(), text: chatLine(rng), sender: someone(), id: rng.hex(32) };
      }
      case 3: {
        if (population < 2) return this.register(at);
        const from = Math.min(rng.pick(APPLICANTS), population);
        let to = someone();
        if (to === from) to = (to % Math.max(1, population)) + 1;
        return { kind: 'application', at, from, to, reqMsg: rng.pick(['Hi, can we connect?', '你好，加个好友吧', 'From the meetup 👋', '']) };
      }
      default:
        return this.register(at);
    }
  }

  private register(at: number): ActivityEvent {
    this.registeredAt.push(at);
    return { kind: 'register', at, index: this.world.population + this.registeredAt.length };
  }
}

/** The conversation's new latest message as the owner's list shows it (the list names the peer of a single chat whoever sent). */
function newMessage(ownerID: string, conversationID: string, old: MsgInfoWire, added: AddedMessage): MsgInfoWire {
  const single = old.sessionType === SESSION_SINGLE;
  const notification = old.sessionType === SESSION_NOTIFICATION;
  return {
    ...old,
    serverMsgID: added.id,
    clientMsgID: added.id.split('').reverse().join(''),
    sendID: added.sender.userID,
    recvID: single ? peerOf(conversationID, added.sender.userID) ?? ownerID : notification ? ownerID : '',
    senderName: single ? old.senderName : notification ? '' : added.sender.nickname,
    LatestMsgRecvTime: added.at,
    msgFrom: notification ? 200 : 100,
    contentType: CT.text,
    content: added.content,
  };
}

/** The other user of a single chat, from its ID (si_<a>_<b>, IDs sorted). */
function peerOf(conversationID: string, ownerID: string): string | undefined {
  const rest = conversationID.replace(/^si_/, '');
  if (rest.startsWith(`${ownerID}_`)) return rest.slice(ownerID.length + 1);
  if (rest.endsWith(`_${ownerID}`)) return rest.slice(0, -(ownerID.length + 1));
  return undefined;
}
