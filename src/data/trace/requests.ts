// The requests a delivery trace sends, as data: each its operation, the body it sends for the
// traced message (the body its curl line copies: one value for both) and whether it waits for the
// sender (known from the row traced, a single chat's ID, or the message once pulled). A request
// that does not apply (a group's, for a single chat) has no body.
import type { OpenIMClient } from '../../api/client.js';
import { getReadStates, getUsersInfo, getUsersStatus, READ_STATES, USERS_STATUS } from '../../api/operations.js';
import {
  getConversations, getGroupsInfo, getNewestSeqs, getOnlineTokenDetail, getSpecifiedBlacks, isFriend, TRACE_OPERATIONS,
} from '../../api/traceReads.js';
import { pullSchema } from '../../lists/historyPull.js';
import type { Msg } from '../../lists/historyRows.js';
import { MEMBERS_INFO, membersInfo } from '../../lists/membersInfo.js';

/** What is traced: a message by its conversation and seq, and the receiver asked about. */
export interface TraceTarget {
  conversationID: string;
  seq: number;
  receiverID: string;
  /** When the row traced says who sent it; a single chat's ID says it too. */
  senderID?: string;
}

/** The target with what its requests need: the group, and the sender once known. */
export interface Known extends TraceTarget {
  groupID?: string;
  senderID?: string;
}

const PULL = { name: 'pullMsgBySeq', path: '/msg/pull_msg_by_seq' } as const;
const USERS_INFO = { name: 'getUsersInfo', path: '/user/get_users_info' } as const;

/** One seq of one user's pull: `undefined` when the server left the conversation out (no record, below the min seq). */
async function pullOne(client: OpenIMClient, body: { userID: string; seqRanges: Array<{ conversationID: string }> }, signal?: AbortSignal): Promise<{ msg?: Msg; present: boolean }> {
  const data = await client.call(PULL.name, PULL.path, body, pullSchema, signal);
  const id = body.seqRanges[0]?.conversationID ?? '';
  const answer = data.msgs[id] ?? data.notificationMsgs[id];
  const msg = answer?.Msgs[0];
  return { present: answer !== undefined, ...(msg ? { msg } : {}) };
}

const pullBody = (userID: string, k: Known) => ({ userID, seqRanges: [{ conversationID: k.conversationID, begin: k.seq, end: k.seq, num: 1 }], order: 0 });
const isGroup = (k: Known): boolean => k.groupID !== undefined;

interface RequestDef<B extends object, V> {
  operation: { readonly name: string; readonly path: string };
  /** What this request means, in the evidence's index. */
  about: string;
  /** Sent only once the sender is known. */
  needsSender?: true;
  /** The body for this message, or undefined when the request does not apply to it. */
  body(k: Known): B | undefined;
  send(client: OpenIMClient, body: B, signal: AbortSignal): Promise<V>;
}
const request = <B extends object, V>(def: RequestDef<B, V>) => def;

export const TRACE_REQUESTS = {
  pullAsSender: request({
    operation: PULL,
    about: "the message as its sender's pull returns it",
    needsSender: true,
    body: (k) => (k.senderID && k.senderID !== k.receiverID ? pullBody(k.senderID, k) : undefined),
    send: pullOne,
  }),
  pullAsReceiver: request({ operation: PULL, about: "the seq in the receiver's pull", body: (k) => pullBody(k.receiverID, k), send: pullOne }),
  receiverConversation: request({
    operation: TRACE_OPERATIONS.conversations,
    about: "the receiver's conversation row: its min seq, its cap, its receive option",
    body: (k) => ({ ownerUserID: k.receiverID, conversationIDs: [k.conversationID] }),
    send: (client, body, signal) => getConversations(client, body, signal),
  }),
  readState: request({
    operation: READ_STATES,
    about: "the receiver's read seq and max seq",
    body: (k) => ({ userID: k.receiverID, conversationIDs: [k.conversationID] }),
    send: (client, body, signal) => getReadStates(client, body.userID, body.conversationIDs, signal),
  }),
  newestSeq: request({
    operation: TRACE_OPERATIONS.newestSeq,
    about: "the receiver's conversations' global max seqs",
    body: (k) => ({ userID: k.receiverID }),
    send: (client, body, signal) => getNewestSeqs(client, body, signal),
  }),
  presence: request({
    operation: USERS_STATUS,
    about: 'whether the receiver is online now, and where',
    body: (k) => ({ userIDs: [k.receiverID] }),
    send: (client, body, signal) => getUsersStatus(client, body.userIDs, signal),
  }),
  sessions: request({
    operation: TRACE_OPERATIONS.onlineTokenDetail,
    about: "the receiver's connections per platform (the tokens are dropped on read)",
    body: (k) => ({ userIDs: [k.receiverID] }),
    send: (client, body, signal) => getOnlineTokenDetail(client, body, signal),
  }),
  receiverInfo: request({
    operation: USERS_INFO,
    about: "the receiver's user record: the global receive option",
    body: (k) => ({ userIDs: [k.receiverID] }),
    send: (client, body, signal) => getUsersInfo(client, body.userIDs, signal),
  }),
  blacklist: request({
    operation: TRACE_OPERATIONS.specifiedBlacks,
    about: "whether the sender is on the receiver's blacklist",
    needsSender: true,
    body: (k) => (k.senderID && k.senderID !== k.receiverID ? { ownerUserID: k.receiverID, userIDList: [k.senderID] } : undefined),
    send: (client, body, signal) => getSpecifiedBlacks(client, body, signal),
  }),
  friendship: request({
    operation: TRACE_OPERATIONS.isFriend,
    about: 'whether the receiver and the sender are friends',
    needsSender: true,
    body: (k) => (k.senderID && k.senderID !== k.receiverID ? { userID1: k.receiverID, userID2: k.senderID } : undefined),
    send: (client, body, signal) => isFriend(client, body, signal),
  }),
  group: request({
    operation: TRACE_OPERATIONS.groupsInfo,
    about: "the group's status and member count",
    body: (k) => (k.groupID !== undefined ? { groupIDs: [k.groupID] } : undefined),
    send: (client, body, signal) => getGroupsInfo(client, body, signal),
  }),
  members: request({
    operation: MEMBERS_INFO,
    about: "the sender's and the receiver's membership of the group",
    needsSender: true,
    body: (k) => (isGroup(k) ? { groupID: k.groupID ?? '', userIDs: [...new Set([k.receiverID, ...(k.senderID ? [k.senderID] : [])])] } : undefined),
    send: async (client, body, signal) => {
      const members = await membersInfo(client, body.groupID, body.userIDs, signal);
      return new Map(members.map((m) => [m.userID, m]));
    },
  }),
};

export type RequestID = keyof typeof TRACE_REQUESTS;
/** What each request gives when it succeeds. */
export type Values = { [K in RequestID]: Awaited<ReturnType<(typeof TRACE_REQUESTS)[K]['send']>> };
