// Generated server responses for fuzzing: a seeded PRNG mutates valid OpenIM envelopes of each
// operation (fields dropped or replaced by nulls, wrong types, huge or hostile strings, numbers
// beyond 2^53), or breaks the reply itself (truncation, random bytes, wrong status codes, HTML).
import { HOSTILE_VALUES } from '../fixtures/hostile.js';
import type { Fault } from '../support/faultServer.js';

type Random = () => number;
const int = (r: Random, n: number): number => Math.floor(r() * n);
const pick = <T>(r: Random, items: readonly T[]): T => items[int(r, items.length)]!;

const SHORT_HOSTILE = HOSTILE_VALUES.filter((v) => v.length < 500);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function text(r: Random): string {
  const roll = r();
  if (roll < 0.5) return `v${int(r, 100_000)}`;
  const hostile = pick(r, HOSTILE_VALUES);
  // Keep most replies small: the corpus has 100k-character strings.
  return hostile.length > 2000 && r() < 0.8 ? hostile.slice(0, 300) : hostile;
}

function msgInfo(r: Random): Json {
  const contentType = pick(r, [101, 102, 110, 1201, 1400, 1501, 77_777]);
  const content = r() < 0.6 ? JSON.stringify(r() < 0.5 ? { content: text(r) } : { detail: JSON.stringify({ a: text(r), b: [text(r)] }) }) : text(r);
  return {
    serverMsgID: text(r),
    clientMsgID: text(r),
    sessionType: pick(r, [1, 2, 3, 4]),
    sendID: text(r),
    recvID: text(r),
    senderName: text(r),
    faceURL: text(r),
    groupID: r() < 0.5 ? '' : text(r),
    groupName: text(r),
    groupFaceURL: text(r),
    groupType: 2,
    groupMemberCount: int(r, 500),
    LatestMsgRecvTime: 1_700_000_000_000 + int(r, 1e9),
    msgFrom: 100,
    contentType,
    content,
    ex: text(r),
  };
}

const ROW_BUILDERS: Record<string, { list: string; total: string; row: (r: Random, i: number) => Json; extra?: (r: Random) => Record<string, Json> }> = {
  '/msg/search_msg': {
    list: 'chatLogs',
    total: 'chatLogsNum',
    row: (r, i) => ({
      chatLog: {
        serverMsgID: `m${i}_${text(r)}`, clientMsgID: text(r), sendID: text(r), recvID: text(r), groupID: r() < 0.5 ? '' : text(r), recvNickname: text(r),
        senderPlatformID: odd(r), senderNickname: text(r), senderFaceURL: text(r), groupName: text(r), sessionType: pick(r, [1, 3, 4]), msgFrom: odd(r),
        contentType: pick(r, [101, 1201, 77_777]), content: r() < 0.6 ? JSON.stringify({ content: text(r) }) : text(r), status: odd(r), sendTime: odd(r),
        createTime: odd(r), ex: text(r), groupFaceURL: text(r), groupMemberCount: odd(r), seq: odd(r), groupOwner: text(r), groupType: odd(r),
      },
      isRevoked: r() < 0.3,
    }),
  },
  '/group/get_groups': { list: 'groups', total: 'total', row: (r, i) => ({ groupInfo: r() < 0.1 ? null : groupInfo(r, i), groupOwnerUserName: text(r), groupOwnerUserID: text(r) }) },
  '/group/get_joined_group_list': { list: 'groups', total: 'total', row: groupInfo },
  '/group/get_group_member_list': {
    list: 'members',
    total: 'total',
    row: (r, i) => ({
      groupID: 'g1', userID: `u${i}_${text(r)}`, roleLevel: odd(r), joinTime: odd(r), nickname: text(r), faceURL: text(r), appMangerLevel: odd(r),
      joinSource: odd(r), operatorUserID: text(r), ex: text(r), muteEndTime: odd(r), inviterUserID: text(r),
    }),
  },
  '/user/get_users': {
    list: 'users',
    total: 'total',
    row: (r, i) => ({ userID: `u${i}_${text(r)}`, nickname: text(r), faceURL: text(r), ex: text(r), createTime: 1_700_000_000_000 + i, appMangerLevel: 1, globalRecvMsgOpt: 0 }),
  },
  '/user/search_notification_account': {
    list: 'notificationAccounts',
    total: 'total',
    row: (r, i) => ({ userID: `n${i}_${text(r)}`, faceURL: text(r), nickName: text(r), appMangerLevel: 3 }),
  },
  '/friend/get_self_friend_apply_list': {
    list: 'friendRequests',
    total: 'total',
    row: (r, i) => ({
      fromUserID: 'u1', fromNickname: text(r), fromFaceURL: text(r), toUserID: `t${i}`, toNickname: text(r), toFaceURL: text(r),
      handleResult: pick(r, [-1, 0, 1]), reqMsg: text(r), createTime: 1_700_000_000_000 + i, handlerUserID: text(r), handleMsg: text(r), handleTime: 0, ex: text(r),
    }),
  },
  '/friend/get_black_list': {
    list: 'blacks',
    total: 'total',
    row: (r, i) => ({
      ownerUserID: 'u1', createTime: 1_700_000_000 + i, blackUserInfo: { userID: `b${i}`, nickname: text(r), faceURL: text(r), ex: text(r) },
      addSource: 1, operatorUserID: text(r), ex: text(r),
    }),
  },
  '/conversation/get_sorted_conversation_list': {
    list: 'conversationElems',
    total: 'conversationTotal',
    row: (r, i) => ({ conversationID: `si_u1_${i}_${text(r)}`, recvMsgOpt: 0, unreadCount: int(r, 10), IsPinned: r() < 0.2, msgInfo: r() < 0.1 ? null : msgInfo(r) }),
    extra: (r) => ({ unreadTotal: int(r, 1000) }),
  },
};

/** The conversation the fuzzed history asks about (fuzz-api.test.ts). */
export const FUZZ_CONVERSATION = 'si_u1_u2';

const odd = (r: Random): number => pick(r, [0, 1, 2, 5, 13, 999, -1, 2 ** 31, 2 ** 53 + 2, 1e21, 1_700_000_000_000 + int(r, 1e9)]);

function groupInfo(r: Random, i: number): Json {
  return {
    groupID: `g${i}_${text(r)}`, groupName: text(r), notification: text(r), introduction: text(r), faceURL: text(r), ownerUserID: text(r),
    createTime: odd(r), memberCount: odd(r), ex: text(r), status: odd(r), creatorUserID: text(r), groupType: odd(r), needVerification: odd(r),
    lookMemberInfo: odd(r), applyMemberFriend: odd(r), notificationUpdateTime: odd(r), notificationUserID: text(r),
  };
}

function historyMsg(r: Random, seq: number): Json {
  const content = JSON.stringify(r() < 0.5 ? { content: text(r) } : { detail: JSON.stringify({ a: text(r) }) });
  return {
    sendID: text(r), recvID: text(r), groupID: r() < 0.5 ? '' : text(r), clientMsgID: text(r), serverMsgID: text(r), senderPlatformID: odd(r),
    senderNickname: text(r), senderFaceURL: text(r), sessionType: pick(r, [1, 3, 4]), msgFrom: odd(r), contentType: pick(r, [101, 1201, 77_777]),
    content: r() < 0.7 ? Buffer.from(content).toString('base64') : content, seq, sendTime: odd(r), createTime: odd(r), status: odd(r), ex: text(r),
  };
}

/** The replies that are not a page of rows: their data, valid. */
const DATA_BUILDERS: Record<string, (r: Random) => { [key: string]: Json }> = {
  '/user/get_users_status': (r) => ({
    statusList: Array.from({ length: int(r, 6) }, (_, i) => ({ userID: `u${i}_${text(r)}`, status: pick(r, [0, 1, 7]), platformIDs: r() < 0.3 ? null : [odd(r), odd(r)] })),
  }),
  '/user/get_users_info': (r) => ({ usersInfo: [ROW_BUILDERS['/user/get_users']!.row(r, 0) as { [key: string]: Json }].map((u) => ({ ...u, userID: 'u1', appMangerLevel: odd(r) })) }),
  '/auth/parse_token': (r) => ({ userID: text(r), platformID: odd(r), expireTimeSeconds: pick(r, [1_900_000_000, -1, 0, 2 ** 53 + 2, 1e300]) }),
  '/msg/get_conversations_has_read_and_max_seq': (r) => ({ seqs: { [FUZZ_CONVERSATION]: { maxSeq: pick(r, [0, 5, 40, 2 ** 53 + 2]), hasReadSeq: odd(r), maxSeqTime: odd(r) }, [text(r)]: { maxSeq: 1, hasReadSeq: -1, maxSeqTime: 0 } } }),
  '/msg/pull_msg_by_seq': (r) => {
    const top = 40 - int(r, 30);
    return { msgs: { [FUZZ_CONVERSATION]: { Msgs: Array.from({ length: int(r, 6) }, (_, i) => historyMsg(r, top - i)), isEnd: r() < 0.5, endSeq: int(r, 40) } }, notificationMsgs: null };
  },
};

/** A valid reply for the operation at `path`. */
export function validEnvelope(r: Random, path: string): { [key: string]: Json } {
  const plain = DATA_BUILDERS[path];
  if (plain) return { errCode: 0, errMsg: '', errDlt: '', data: plain(r) };
  const builder = ROW_BUILDERS[path] ?? ROW_BUILDERS['/user/get_users']!;
  const count = int(r, 6);
  const rows = Array.from({ length: count }, (_, i) => builder.row(r, i));
  const data: { [key: string]: Json } = { [builder.total]: count + int(r, 100), [builder.list]: count === 0 ? null : rows, ...builder.extra?.(r) };
  return { errCode: 0, errMsg: '', errDlt: '', data };
}

/** Values of the wrong kind, for a field of any type. */
function wrongValue(r: Random): Json | string {
  switch (int(r, 14)) {
    case 0: return null;
    case 1: return pick(r, [true, false]);
    case 2: return pick(r, [-1, 0, 1.5, -0.000001, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e300]);
    case 3: return text(r);
    case 4: return 'x'.repeat(50_000 + int(r, 100_000));
    case 5: return [];
    case 6: return {};
    case 7: return [text(r), null, 3];
    case 8: return { nested: { deeper: [text(r)] } };
    case 9: return String(int(r, 1000));
    case 10: return '12345678901234567890123';
    case 11: return pick(r, SHORT_HOSTILE);
    case 12: return '';
    default: return pick(r, [Number.MIN_VALUE, -1e-300]);
  }
}

/** Every container and the keys (or indices) inside it, to choose a place to mutate. */
function places(root: Json): { parent: Json[] | { [key: string]: Json }; key: string | number }[] {
  const found: { parent: Json[] | { [key: string]: Json }; key: string | number }[] = [];
  const stack: Json[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Array.isArray(node)) node.forEach((child, i) => (found.push({ parent: node, key: i }), stack.push(child)));
    else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        found.push({ parent: node, key });
        stack.push(child);
      }
    }
  }
  return found;
}

/** Literal numbers JSON can carry but JavaScript cannot hold exactly (or at all). */
const BIG_NUMBERS = ['18446744073709551616', '-9223372036854775809', '9007199254740993', '1e400', '-1e400', '1.7976931348623157e309', '0.1e-400'];

const STATUSES = [200, 201, 202, 203, 204, 206, 301, 302, 304, 400, 401, 403, 404, 405, 408, 409, 413, 418, 429, 500, 501, 502, 503, 504];

/** One generated reply for a request to `path`. */
export function fuzzReply(r: Random, path: string): Fault {
  const envelope: Json = validEnvelope(r, path);
  const mutations = 1 + int(r, 3);
  for (let n = 0; n < mutations; n++) {
    const spots = places(envelope);
    if (spots.length === 0) break;
    const { parent, key } = pick(r, spots);
    const op = int(r, 5);
    if (op === 0) {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[String(key)];
    } else if (op === 1 && !Array.isArray(parent)) {
      parent[text(r).slice(0, 40)] = wrongValue(r); // an unknown (maybe hostile) key
    } else {
      (parent as Record<string, Json>)[key] = wrongValue(r);
    }
  }
  // Sometimes the envelope says something else entirely.
  const e = envelope as { [key: string]: Json };
  const roll = r();
  if (roll < 0.12) {
    e.errCode = pick(r, [1, 2, 4, 8, 14, 500, 1001, 1002, 1004, 1501, 1503, 1505, 90002, -1, 1e10]);
    e.errMsg = text(r);
    e.errDlt = r() < 0.3 ? `${text(r)} | -> a.go:1 | -> b.go:2` : text(r);
  } else if (roll < 0.16) {
    e.errCode = wrongValue(r);
  }
  let body = JSON.stringify(envelope);
  // Numbers beyond 2^53 and beyond float64, written as JSON literals.
  if (r() < 0.15) body = body.replace(/:(\d{1,6})([,}])/, `:${pick(r, BIG_NUMBERS)}$2`);

  const shape = r();
  if (shape < 0.08) return { kind: 'raw', body: body.slice(0, int(r, body.length)) }; // truncated
  if (shape < 0.12) return { kind: 'bytes', body: Uint8Array.from({ length: int(r, 2000) }, () => int(r, 256)) };
  if (shape < 0.15) return { kind: 'raw', body: `<html><title>${text(r)}</title></html>`, contentType: 'text/html', status: pick(r, STATUSES) };
  if (shape < 0.25) return { kind: 'raw', body, status: pick(r, STATUSES) };
  if (shape < 0.27) return { kind: 'raw', body: pick(r, ['null', '0', '""', '[]', 'true', '{}', '{"errCode":0}', '{"errCode":"0","data":[]}']) };
  if (shape < 0.28) return { kind: 'reset' };
  if (shape < 0.29) return { kind: 'resetMidBody' };
  return { kind: 'raw', body };
}
