// The hostile server's answers to the lists and reads added with messages, groups and presence:
// the message search, a conversation's read state and history, groups, a group's members, a
// user's groups, who is online, the exact lookup and the token's expiry. As in hostileServer.ts,
// row i carries HOSTILE[i] in every string field (IDs, names, content, nested JSON); the numbers
// are out of range too (platform IDs no table knows, times and counts huge or negative), and
// some lists come as null.
import { deletedPlaceholder, seqsOfRange } from 'openim-demo-server';
import type { Fault } from '../support/faultServer.js';
import { HOSTILE_VALUES } from '../fixtures/hostile.js';
import { LIST_KINDS, type ListKind } from '../../src/lists/names.js';
import { listDef } from '../../src/lists/registry.js';
import { CORPUS_SIZE, filler, hostileContent, hostileFriendRequest, hostileUser, hostileValue, MS, ok, type ListRoute } from './hostileServer.js';

/** Numbers no server should send: out of every enum, past 2^53, negative, past any date. */
const ODD_NUMBERS = [999, -1, 2 ** 31, -(2 ** 53) - 2, 2 ** 53 + 2, 1e21, -1e21, 1e300, 0, 7, 13, 1.5];
/** The row's odd number for its `n`-th numeric field; every third row's numbers are ordinary. */
export const odd = (row: number, n: number): number => (row % 3 === 2 ? n + 1 : ODD_NUMBERS[(row + n) % ODD_NUMBERS.length]!);
/** A time in milliseconds: ordinary on every other row, else an odd number. */
const time = (row: number, n: number): number => (row % 2 === 0 ? MS + row : odd(row, n));

function hostileGroupInfo(row: number, s: () => string): Record<string, unknown> {
  return {
    groupID: s(),
    groupName: s(),
    notification: s(),
    introduction: s(),
    faceURL: s(),
    ownerUserID: s(),
    createTime: time(row, 0),
    memberCount: odd(row, 1),
    ex: s(),
    status: odd(row, 2),
    creatorUserID: s(),
    groupType: odd(row, 3),
    needVerification: odd(row, 4),
    lookMemberInfo: odd(row, 5),
    applyMemberFriend: odd(row, 6),
    notificationUpdateTime: time(row, 7),
    notificationUserID: s(),
  };
}

export const hostileGroup = (row: number): Record<string, unknown> => {
  const s = filler(row);
  return { groupInfo: hostileGroupInfo(row, s), groupOwnerUserName: s(), groupOwnerUserID: s() };
};

export const hostileJoinedGroup = (row: number): Record<string, unknown> => hostileGroupInfo(row, filler(row));

export function hostileFriend(row: number): Record<string, unknown> {
  const s = filler(row);
  return {
    ownerUserID: s(),
    remark: s(),
    createTime: odd(row, 0),
    friendUser: row % 5 === 4 ? null : { userID: s(), nickname: s(), faceURL: s(), ex: s() },
    addSource: odd(row, 1),
    operatorUserID: s(),
    ex: s(),
    isPinned: row % 2 === 0,
  };
}

/** A group join application (sdkws.GroupRequest): its applicant and group hostile, some of them null. */
export function hostileGroupRequest(row: number): Record<string, unknown> {
  const s = filler(row);
  return {
    userInfo: row % 7 === 6 ? null : { userID: s(), nickname: s(), faceURL: s(), ex: s() },
    groupInfo: row % 11 === 10 ? null : hostileGroupInfo(row, s),
    handleResult: odd(row, 0),
    reqMsg: s(),
    handleMsg: s(),
    reqTime: time(row, 1),
    handleUserID: s(),
    handleTime: time(row, 2),
    ex: s(),
    joinSource: odd(row, 3),
    inviterUserID: s(),
  };
}

export function hostileMember(row: number): Record<string, unknown> {
  const s = filler(row);
  return {
    groupID: s(),
    userID: s(),
    roleLevel: odd(row, 0),
    joinTime: time(row, 1),
    nickname: s(),
    faceURL: s(),
    appMangerLevel: odd(row, 2),
    joinSource: odd(row, 3),
    operatorUserID: s(),
    ex: s(),
    muteEndTime: row % 4 === 1 ? Date.now() + 86_400_000 : time(row, 4),
    inviterUserID: s(),
  };
}

export function hostileChatLog(row: number): Record<string, unknown> {
  const s = filler(row);
  const serverMsgID = s();
  const content = hostileContent(row, s());
  return {
    chatLog: {
      serverMsgID,
      clientMsgID: s(),
      sendID: s(),
      recvID: s(),
      groupID: row % 2 === 0 ? s() : '',
      recvNickname: s(),
      senderPlatformID: odd(row, 0),
      senderNickname: s(),
      senderFaceURL: s(),
      groupName: s(),
      sessionType: [1, 3, 2, 4, 99][row % 5],
      msgFrom: odd(row, 1),
      ...content,
      status: odd(row, 2),
      sendTime: time(row, 3),
      createTime: time(row, 4),
      ex: s(),
      groupFaceURL: s(),
      groupMemberCount: odd(row, 5),
      seq: odd(row, 6),
      groupOwner: s(),
      groupType: odd(row, 7),
    },
    isRevoked: row % 3 === 0,
  };
}

/** A count map as the statistics routes write it, its keys and numbers hostile: the client reads only the window's days. */
function hostileCounts(total: number): Record<string, unknown> {
  const today = new Date().toISOString().slice(0, 10);
  const map: Record<string, unknown> = { [today]: odd(total, 0) };
  for (let row = 0; row < 8; row++) map[hostileValue(row, 0).slice(0, 120)] = odd(row, 1);
  return map;
}

/** A top sender (/statistics/user/active): a hostile user, some of them absent, an odd count. */
export function hostileSender(row: number): Record<string, unknown> {
  const s = filler(row);
  return { user: row % 9 === 8 ? null : { userID: s(), nickname: s(), faceURL: s(), ex: s(), createTime: time(row, 0) }, count: odd(row, 1) };
}

export const hostileBusyGroup = (row: number): Record<string, unknown> => ({ group: hostileGroupInfo(row, filler(row)), count: odd(row, 8) });

/**
 * Each paged list's hostile row, by its kind: the one hand-written part of its route. The route
 * itself (the path, and the reply's fields for the rows and the total) is made of the list's
 * operation (PageOperation `reply`), so a new list is served once it names its row here; the
 * obligations test (test/lists/obligations.test.ts) names a list that does not. The five first
 * lists' routes, with their extra figures, are hostileServer.ts ROUTES.
 */
const HOSTILE_ROWS: Partial<Record<ListKind, (row: number) => Record<string, unknown>>> = {
  messages: hostileChatLog,
  groups: hostileGroup,
  members: hostileMember,
  joinedGroups: hostileJoinedGroup,
  friends: hostileFriend,
  receivedApplications: hostileFriendRequest,
  groupApplications: hostileGroupRequest,
  groupApplicationsReceived: hostileGroupRequest,
  topSenders: hostileSender,
  topGroups: hostileBusyGroup,
};

/** The statistics routes carry figures beside their rows (and the pulse's count routes no rows): their wraps are written out. */
const WITH_FIGURES: Record<string, ListRoute> = {
  '/statistics/user/active': { key: 'topSenders', build: hostileSender, wrap: (users, total) => ({ msgCount: odd(total, 2), userCount: total, dateCount: hostileCounts(total), users }) },
  '/statistics/group/active': { key: 'topGroups', build: hostileBusyGroup, wrap: (groups, total) => ({ msgCount: odd(total, 3), groupCount: total, dateCount: hostileCounts(total), groups }) },
  // The pulse's count routes: no rows, a hostile map (pagination-free: the page's rows are not read).
  '/statistics/user/register': { key: 'pulse', build: () => ({}), wrap: (_rows, total) => ({ total: odd(total, 4), before: -1, count: hostileCounts(total) }) },
  '/statistics/group/create': { key: 'pulse', build: () => ({}), wrap: (_rows, total) => ({ total, before: 1e300, count: hostileCounts(total) }) },
};

export const MORE_ROUTES: Record<string, ListRoute> = {
  ...Object.fromEntries(
  LIST_KINDS.flatMap((kind) => {
    const build = HOSTILE_ROWS[kind];
    const { path, reply } = listDef(kind).operation;
    if (!build || !reply) return [];
    const route: ListRoute = { key: kind, build, wrap: (rows, total) => ({ [reply.total]: total, [reply.rows]: rows }) };
    return [[path, route]];
  }),
),
  ...WITH_FIGURES,
};

/** History: seqs 1..CORPUS_SIZE, newest (row 0) first; these rows' seqs are not messages: half never returned, half placeholders (a gap row each). */
export const ABSENT_ROW = (row: number): boolean => row % 19 === 18;
const PLACEHOLDER_ROW = (row: number): boolean => row % 38 === 37;
/** The list rows that are a placeholder's gap row (one seq each: no two absent rows are adjacent). */
export const PLACEHOLDER_ROWS: readonly number[] = Array.from({ length: CORPUS_SIZE }, (_, row) => row).filter((row) => ABSENT_ROW(row) && PLACEHOLDER_ROW(row));
/** These rows are status 4 (deleted) and still carry every hostile field. */
const DELETED_ROW = (row: number): boolean => row % 23 === 11;


/** The history row at `row` (seq CORPUS_SIZE - row): content as base64 JSON, as plain text, or as bytes that are not UTF-8. */
export function hostileHistoryMsg(row: number): Record<string, unknown> {
  const s = filler(row);
  const serverMsgID = s();
  const { contentType, content } = hostileContent(row, s());
  const bytes = row % 4 === 2 ? Buffer.concat([Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from(content)]) : Buffer.from(content);
  return {
    serverMsgID,
    clientMsgID: s(),
    sendID: s(),
    recvID: s(),
    groupID: row % 2 === 0 ? s() : '',
    senderPlatformID: odd(row, 0),
    senderNickname: s(),
    senderFaceURL: s(),
    sessionType: [1, 3, 4, 99][row % 4],
    msgFrom: odd(row, 1),
    contentType,
    content: row % 4 === 1 ? content : bytes.toString('base64'),
    seq: CORPUS_SIZE - row,
    sendTime: time(row, 2),
    createTime: time(row, 3),
    status: DELETED_ROW(row) ? 4 : odd(row, 4),
    ex: s(),
  };
}

/** The read state's hasReadSeq, by how many times it was asked: past the max seq, negative, huge, ordinary. */
const READ_SEQS = [3, -5, 2 ** 53 + 2, 1e21, CORPUS_SIZE + 40, -1e300, 0];

/** A user ID the status list is asked about: `h12` is corpus row 12 (the reply names that row's hostile ID). */
export const statusAsk = (row: number): string => `h${row}`;

function statusRow(asked: string, at: number): Record<string, unknown> {
  const named = /^h(\d+)$/.exec(asked);
  const known = HOSTILE_VALUES.indexOf(asked);
  const row = named ? Number(named[1]) : known >= 0 ? known : at;
  const platforms: unknown[][] = [[1, 2, 999, -1], [2 ** 53 + 2, 0, 13], [5, '7', 1e21], [1.5, -1e300], []];
  return {
    userID: named ? hostileValue(row, 0) : asked,
    status: row % 5 === 4 ? 0 : odd(row, 0) === 0 ? 1 : row % 2 === 0 ? 1 : odd(row, 1),
    platformIDs: row % 6 === 5 ? null : platforms[row % platforms.length],
    [hostileValue(row, 5).length < 200 ? hostileValue(row, 5) : 'k']: hostileValue(row, 2),
  };
}

/** The token's owner, platform and expiry, by how many times it was asked. */
export function hostileToken(asked: number): Record<string, unknown> {
  const expiries = [Math.floor(Date.now() / 1000) + 86_400 * 90, -1, 2 ** 53 + 2, 1e300, 0, Math.floor(Date.now() / 1000) + 600];
  return { userID: hostileValue(asked, 0), platformID: odd(asked, 0), expireTimeSeconds: expiries[asked % expiries.length], [hostileValue(asked, 5).slice(0, 100)]: hostileValue(asked, 1) };
}

const parse = (body: string): Record<string, unknown> => {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
};

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

const counts = { readState: 0, token: 0 };

/** The answer to a read that is not a page of rows, or undefined for hostilePage to answer. */
export function answerRead(path: string, body: string): Fault | undefined {
  const req = parse(body);
  switch (path) {
    case '/auth/parse_token':
      return ok(hostileToken(counts.token++));
    case '/user/get_users_status':
      return ok({ statusList: strings(req.userIDs).map(statusRow) });
    case '/user/get_users_info': {
      // The ID asked for, at the row it names (`h12`) or is (a hostile user's own ID): an even row
      // answers that ID with the row's hostile fields, an odd one another ID (the lookup then asks
      // get_users for the ID in another case, and is answered a hostile page).
      const asked = strings(req.userIDs)[0] ?? '';
      const named = /^h(\d+)$/.exec(asked);
      const row = named ? Number(named[1]) : Math.max(0, HOSTILE_VALUES.indexOf(asked));
      const user = hostileUser(row);
      return ok({ usersInfo: row % 2 === 0 ? [{ ...user, userID: asked }] : [user] });
    }
    case '/msg/get_conversations_has_read_and_max_seq': {
      const hasReadSeq = READ_SEQS[counts.readState++ % READ_SEQS.length]!;
      const seqs: Record<string, unknown> = { [hostileValue(counts.readState, 1).slice(0, 200)]: { maxSeq: -1, hasReadSeq: 1e300 } };
      const asked = strings(req.conversationIDs);
      for (const id of asked) seqs[id] = { maxSeq: CORPUS_SIZE, hasReadSeq, maxSeqTime: odd(counts.readState, 0) };
      // No IDs: the whole read state (the read-state tab), a hostile conversation ID a row, its numbers odd.
      if (asked.length === 0) {
        for (let row = 0; row < CORPUS_SIZE; row++) seqs[`${row} ${hostileValue(row, 0)}`] = { maxSeq: odd(row, 0), hasReadSeq: odd(row, 1), maxSeqTime: time(row, 2) };
        delete seqs[hostileValue(counts.readState, 1).slice(0, 200)];
      }
      return ok({ seqs });
    }
    case '/msg/pull_msg_by_seq': {
      const range = (Array.isArray(req.seqRanges) ? req.seqRanges[0] : undefined) as { conversationID?: string; begin?: number; end?: number; num?: number } | undefined;
      // Clipped to the max seq, the newest `num` of a longer range kept, as GetMsgBySeqsRange does.
      const asked = seqsOfRange(range?.begin ?? 1, range?.end ?? 0, range?.num ?? CORPUS_SIZE, 1, CORPUS_SIZE);
      const begin = asked?.seqs[0] ?? 1;
      const msgs: Record<string, unknown>[] = [];
      for (const seq of [...(asked?.seqs ?? [])].reverse()) {
        const row = CORPUS_SIZE - seq;
        if (!ABSENT_ROW(row)) msgs.push(hostileHistoryMsg(row));
        // A deleted seq as the server answers it, with an odd send time.
        else if (PLACEHOLDER_ROW(row)) msgs.push({ ...deletedPlaceholder(seq, 0), sendTime: odd(row, 2) });
      }
      const id = range?.conversationID ?? '';
      return ok({ msgs: { [id]: { Msgs: msgs.length > 0 ? msgs : null, isEnd: begin <= 1, endSeq: begin } }, notificationMsgs: null });
    }
    default:
      return undefined;
  }
}
