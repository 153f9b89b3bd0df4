// An OpenIM look-alike on 127.0.0.1 whose every string is hostile: row i of every list carries
// HOSTILE[i] (test/fixtures/hostile.ts) in every string field, including the user IDs the app
// navigates by, the fields of msgInfo, message content (as text, inside JSON documents, as JSON
// keys, inside a notification's nested detail), and keys of unknown fields. Lists are paged as
// the real server pages them. Errors can be switched on to send hostile errMsg/errDlt, HTML
// titles and bodies instead.
import { HOSTILE, HOSTILE_VALUES } from '../fixtures/hostile.js';
import { startFaultServer, type Fault, type FaultServer } from '../support/faultServer.js';
import { MORE_ROUTES, answerRead } from './hostileReads.js';

export const CORPUS_SIZE = HOSTILE_VALUES.length;

/** Values over this many characters go to every fifth field only, to keep pages a few MB. */
const LONG = 2000;
const SHORT_VALUES = HOSTILE_VALUES.filter((v) => v.length <= LONG);

/** The hostile string of row `row` for its `field`-th string field. */
export function hostileValue(row: number, field: number): string {
  const value = HOSTILE_VALUES[row % CORPUS_SIZE]!;
  if (value.length > LONG && field % 5 !== 0) return SHORT_VALUES[(row + field) % SHORT_VALUES.length]!;
  return value;
}

/** How many distinct corpus strings each field of a list of CORPUS_SIZE rows receives. */
export function distinctPerField(fields: number): number[] {
  return Array.from({ length: fields }, (_, f) => new Set(Array.from({ length: CORPUS_SIZE }, (_, r) => hostileValue(r, f))).size);
}

export const MS = 1_700_000_000_000;

/** Fills the string fields of `template` (in order) with the row's hostile values. */
export function filler(row: number): () => string {
  let field = 0;
  return () => hostileValue(row, field++);
}

export function hostileUser(row: number): Record<string, unknown> {
  const s = filler(row);
  const h = HOSTILE_VALUES[row % CORPUS_SIZE]!;
  return {
    userID: s(),
    nickname: s(),
    faceURL: s(),
    ex: s(),
    createTime: MS + row,
    appMangerLevel: 1,
    globalRecvMsgOpt: row % 3,
    // An unknown field with a hostile key: kept by the lenient schema, copied by y.
    [h.length > LONG ? 'extra' : h]: s(),
  };
}

export function hostileAccount(row: number): Record<string, unknown> {
  const s = filler(row);
  return { userID: s(), faceURL: s(), nickName: s(), appMangerLevel: 3 + (row % 2) };
}

export function hostileFriendRequest(row: number): Record<string, unknown> {
  const s = filler(row);
  return {
    fromUserID: s(),
    fromNickname: s(),
    fromFaceURL: s(),
    toUserID: s(),
    toNickname: s(),
    toFaceURL: s(),
    handleResult: (row % 3) - 1,
    reqMsg: s(),
    createTime: MS + row,
    handlerUserID: s(),
    handleMsg: s(),
    handleTime: row % 2 === 0 ? 0 : MS + row,
    ex: s(),
  };
}

export function hostileBlack(row: number): Record<string, unknown> {
  const s = filler(row);
  return {
    ownerUserID: s(),
    createTime: 1_700_000_000 + row,
    blackUserInfo: { userID: s(), nickname: s(), faceURL: s(), ex: s() },
    addSource: row % 3,
    operatorUserID: s(),
    ex: s(),
  };
}

/** Message content in the shapes the decoder reads, with the hostile value at every level. */
export function hostileContent(row: number, h: string): { contentType: number; content: string } {
  const key = h.length > LONG ? 'k' : h;
  switch (row % 7) {
    case 0:
      return { contentType: 101, content: JSON.stringify({ content: h }) };
    case 1:
      return { contentType: 101, content: h }; // not JSON at all
    case 2:
      return {
        contentType: 1201,
        content: JSON.stringify({ detail: JSON.stringify({ fromToUserID: { fromUserID: h, toUserID: h }, [key]: h }) }),
      };
    case 3:
      return { contentType: 110, content: JSON.stringify({ data: h, description: h, extension: h, [key]: [h, { [key]: h }] }) };
    case 4:
      return { contentType: 102, content: JSON.stringify({ sourcePath: h, sourcePicture: { url: h, type: h, width: 1, height: 1, size: 1 } }) };
    case 5:
      return {
        contentType: 1400,
        content: JSON.stringify({ detail: JSON.stringify({ notificationName: h, notificationFaceURL: h, text: h, url: h, mixType: 0 }) }),
      };
    default:
      return { contentType: 77_777, content: JSON.stringify({ [key]: h, nested: { [key]: [h] } }) };
  }
}

export function hostileConversation(row: number): Record<string, unknown> {
  const s = filler(row);
  const conversationID = s();
  const content = hostileContent(row, s());
  return {
    conversationID,
    recvMsgOpt: row % 3,
    unreadCount: row,
    IsPinned: row % 4 === 0,
    msgInfo: {
      serverMsgID: s(),
      clientMsgID: s(),
      sessionType: row % 2 === 0 ? 1 : 3,
      sendID: s(),
      recvID: s(),
      senderName: s(),
      faceURL: s(),
      groupID: s(),
      groupName: s(),
      groupFaceURL: s(),
      groupType: 2,
      groupMemberCount: row,
      LatestMsgRecvTime: MS + row,
      msgFrom: 100,
      ...content,
      ex: s(),
    },
  };
}

export interface ListRoute {
  key: string;
  build: (row: number) => Record<string, unknown>;
  wrap: (rows: Record<string, unknown>[], total: number) => Record<string, unknown>;
}

export const ROUTES: Record<string, ListRoute> = {
  '/user/get_users': { key: 'users', build: hostileUser, wrap: (users, total) => ({ total, users }) },
  '/user/search_notification_account': {
    key: 'accounts',
    build: hostileAccount,
    wrap: (notificationAccounts, total) => ({ total, notificationAccounts }),
  },
  '/friend/get_self_friend_apply_list': {
    key: 'applications',
    build: hostileFriendRequest,
    wrap: (friendRequests, total) => ({ total, friendRequests }),
  },
  '/friend/get_black_list': { key: 'blacklist', build: hostileBlack, wrap: (blacks, total) => ({ total, blacks }) },
  '/conversation/get_sorted_conversation_list': {
    key: 'conversations',
    build: hostileConversation,
    wrap: (conversationElems, total) => ({ conversationTotal: total, unreadTotal: total * 7, conversationElems }),
  },
};

export const ok = (data: unknown): Fault => ({ kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data } });

/** The page the request asks for, as the real server pages it (pageNumber from 1). */
export function hostilePage(path: string, requestBody: string): Fault {
  // Looked up at call time: hostileReads.ts builds its rows from this file's helpers.
  const route = ROUTES[path] ?? MORE_ROUTES[path];
  if (!route) return { kind: 'json', body: { errCode: 1001, errMsg: 'ArgsError', errDlt: `unknown path ${path}` } };
  let pageNumber = 1;
  let showNumber = 20;
  try {
    const req = JSON.parse(requestBody) as { pagination?: { pageNumber?: number; showNumber?: number } };
    pageNumber = req.pagination?.pageNumber ?? 1;
    showNumber = req.pagination?.showNumber ?? 20;
  } catch {
    // keep the defaults
  }
  const from = (pageNumber - 1) * showNumber;
  const rows = Array.from({ length: Math.max(0, Math.min(showNumber, CORPUS_SIZE - from)) }, (_, i) => route.build(from + i));
  return ok(route.wrap(rows.length > 0 ? rows : (null as unknown as Record<string, unknown>[]), CORPUS_SIZE));
}

/** The ways an error can carry hostile text to the screen. */
export function hostileFailure(index: number, variant: number): Fault {
  const h = HOSTILE_VALUES[index % CORPUS_SIZE]!;
  switch (variant % 5) {
    case 0:
      return { kind: 'json', body: { errCode: 500, errMsg: h, errDlt: h } };
    case 1:
      // A Go stack after the hostile text, as a malformed-body error looks.
      return { kind: 'json', body: { errCode: 1001, errMsg: `Error: Error: ${h} | -> main.go:1 | -> x.go:2`, errDlt: `${h}\n\tat x.go:2` } };
    case 2:
      return { kind: 'status', status: 502, body: `<html><head><title>${h}</title></head><body>${h}</body></html>` };
    case 3:
      return { kind: 'raw', body: `${h}\n<not json>` };
    default:
      return { kind: 'status', status: 503, body: h, contentType: 'text/plain' };
  }
}

export const HOSTILE_NAMES = HOSTILE.map((c) => c.name);

export interface HostileServer extends FaultServer {
  /** Answers lists with hostile pages (the default). */
  serveData(): void;
  /** Answers every list request with this failure until serveData(). */
  serveFailure(fault: Fault): void;
}

export async function startHostileServer(): Promise<HostileServer> {
  let failure: Fault | null = null;
  const server = await startFaultServer((path, _attempt, body) => {
    if (path === '/auth/get_admin_token') return ok({ token: 'hostile-test-token', expireTimeSeconds: 3600 });
    return failure ?? answerRead(path, body) ?? hostilePage(path, body);
  });
  return {
    ...server,
    serveData: () => {
      failure = null;
    },
    serveFailure: (fault) => {
      failure = fault;
    },
  };
}

