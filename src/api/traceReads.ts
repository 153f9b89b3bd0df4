// The reads the delivery trace joins (openim-api.md §12.1-12.11) beyond the lists' own: each an
// operation (its name and path, one home: the trace's requests and their curl lines name them
// from here) and a function that sends a body as given (the one the evidence's curl line copies)
// and gives its rows. Every batch read is indexed by ID,
// never by position (§12.0: random order, unknown IDs dropped). The online token detail's
// `token[]` are live session JWTs: its schema has no place for them, so they are dropped as the
// reply is parsed and never stored, shown or exported.
import * as z from 'zod/mini';
import type { OpenIMClient } from './client.js';
import { schemaParts } from './schemas.js';

const { str, intOr, bool, list, or } = schemaParts;

/** Name and path of each operation, as the requests log and the evidence's curl lines name them. */
export const TRACE_OPERATIONS = {
  conversations: { name: 'getConversations', path: '/conversation/get_conversations' },
  specifiedBlacks: { name: 'getSpecifiedBlacks', path: '/friend/get_specified_blacks' },
  isFriend: { name: 'isFriend', path: '/friend/is_friend' },
  groupsInfo: { name: 'getGroupsInfo', path: '/group/get_groups_info' },
  newestSeq: { name: 'getMaxSeq', path: '/msg/newest_seq' },
  onlineTokenDetail: { name: 'getUsersOnlineTokenDetail', path: '/user/get_users_online_token_detail' },
} as const;

/** One user's conversation row (§12.1): `maxSeq` is a cap set when the user left a group (0: none), `minSeq` the user's clear point. */
const ownerConversationSchema = z.looseObject({
  ownerUserID: str,
  conversationID: str,
  /** 0 receive, 1 do not receive, 2 receive without push. */
  recvMsgOpt: intOr(0),
  conversationType: intOr(0),
  userID: str,
  groupID: str,
  isPinned: bool,
  minSeq: intOr(0),
  maxSeq: intOr(0),
});
export type OwnerConversation = z.infer<typeof ownerConversationSchema>;
const conversationsDataSchema = z.looseObject({ conversations: list(ownerConversationSchema) });

/** An owner's conversations of these IDs, by ID: an ID the owner has no record of is absent. */
export async function getConversations(client: OpenIMClient, body: { ownerUserID: string; conversationIDs: readonly string[] }, signal?: AbortSignal): Promise<Map<string, OwnerConversation>> {
  const op = TRACE_OPERATIONS.conversations;
  const data = await client.call(op.name, op.path, body, conversationsDataSchema, signal);
  return new Map(data.conversations.map((c) => [c.conversationID, c]));
}

const specifiedBlackSchema = z.looseObject({
  ownerUserID: str,
  /** Milliseconds here (seconds in get_black_list, §12.4). */
  createTime: intOr(0),
  blackUserInfo: or(z.looseObject({ userID: str, nickname: str }), null),
  addSource: intOr(0),
  operatorUserID: str,
  ex: str,
});
export type SpecifiedBlack = z.infer<typeof specifiedBlackSchema>;
const specifiedBlacksDataSchema = z.looseObject({ blacks: list(specifiedBlackSchema), total: intOr(0) });

/**
 * Which of these users the owner blocked, by blocked user ID. The row's user may be null (the
 * blocked user is gone); the IDs are asked one by one in order, so a one-ID request names its row.
 */
export async function getSpecifiedBlacks(client: OpenIMClient, body: { ownerUserID: string; userIDList: readonly string[] }, signal?: AbortSignal): Promise<Map<string, SpecifiedBlack>> {
  const op = TRACE_OPERATIONS.specifiedBlacks;
  const data = await client.call(op.name, op.path, body, specifiedBlacksDataSchema, signal);
  // Rows come in request order (§12.4): a row without its user is the one asked at its position.
  return new Map(data.blacks.map((b, i) => [b.blackUserInfo?.userID || (body.userIDList[i] ?? ''), b]));
}

const isFriendDataSchema = z.looseObject({ inUser1Friends: bool, inUser2Friends: bool });
export type FriendPair = z.infer<typeof isFriendDataSchema>;

/** Whether each of two users has the other in their friend list (unknown users: false, false). */
export function isFriend(client: OpenIMClient, body: { userID1: string; userID2: string }, signal?: AbortSignal): Promise<FriendPair> {
  const op = TRACE_OPERATIONS.isFriend;
  return client.call(op.name, op.path, body, isFriendDataSchema, signal);
}

const groupInfoSchema = z.looseObject({
  groupID: str,
  groupName: str,
  ownerUserID: str,
  memberCount: intOr(0),
  /** 0 normal, 1 banned, 2 dismissed, 3 muted. */
  status: intOr(0),
  createTime: intOr(0),
});
export type TraceGroupInfo = z.infer<typeof groupInfoSchema>;
const groupsInfoDataSchema = z.looseObject({ groupInfos: list(groupInfoSchema) });

/** Groups by ID, dismissed ones included; an unknown ID is absent. */
export async function getGroupsInfo(client: OpenIMClient, body: { groupIDs: readonly string[] }, signal?: AbortSignal): Promise<Map<string, TraceGroupInfo>> {
  const op = TRACE_OPERATIONS.groupsInfo;
  const data = await client.call(op.name, op.path, body, groupsInfoDataSchema, signal);
  return new Map(data.groupInfos.map((g) => [g.groupID, g]));
}

const newestSeqDataSchema = z.looseObject({ maxSeqs: or(z.record(z.string(), intOr(0)), {} as Record<string, number>) });

/** A user's conversations' global max seqs, by conversation ID; a conversation at seq 0 is absent (§12.10). */
export async function getNewestSeqs(client: OpenIMClient, body: { userID: string }, signal?: AbortSignal): Promise<Record<string, number>> {
  const op = TRACE_OPERATIONS.newestSeq;
  const data = await client.call(op.name, op.path, body, newestSeqDataSchema, signal);
  return data.maxSeqs;
}

/** A platform's connections; z.object, not looseObject: the reply's `token[]` is dropped here, on read. */
const platformSessionsSchema = z.object({ platformID: intOr(0), total: intOr(0) });
const onlineDetailSchema = z.object({ userID: str, status: intOr(0), singlePlatformToken: list(platformSessionsSchema) });
export type OnlineDetail = z.infer<typeof onlineDetailSchema>;
/** A bare array, or `data: null` when nobody is online (which the transport hands on as `{}`). */
const onlineDetailDataSchema = z.union([list(onlineDetailSchema), z.pipe(z.looseObject({}), z.transform((): OnlineDetail[] => []))]);

/**
 * Which platforms each online user is connected on and how many connections each, by user ID;
 * offline users are absent. A user token gets an empty answer, not a refusal (§12.11).
 */
export async function getOnlineTokenDetail(client: OpenIMClient, body: { userIDs: readonly string[] }, signal?: AbortSignal): Promise<Map<string, OnlineDetail>> {
  const op = TRACE_OPERATIONS.onlineTokenDetail;
  const rows = await client.call(op.name, op.path, body, onlineDetailDataSchema, signal);
  return new Map(rows.map((r) => [r.userID, r]));
}
