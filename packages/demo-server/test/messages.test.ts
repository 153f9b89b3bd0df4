// The message model over loopback HTTP: every route that shows a message reads the same one.
// The conversations list's latest message is the last seq of the history; the read seqs give the
// list's unread counts except the planted few; pull_msg_by_seq clips, takes the newest `num`,
// answers a deleted seq with a status-4 placeholder and puts `sn_` conversations under `msgs`; search_msg finds a known message by each filter, in storage order,
// with a lower-bound count and the group quirks; the activity's messages reach all of them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationWire } from '../src/conversations.js';
import { STATUS_DELETED, type PullMsgsWire, type MsgDataWire } from '../src/pull-msg.js';
import type { SeqsWire } from '../src/read-seqs.js';
import type { ChatLogWire } from '../src/search-msg.js';
import { COUNT_DOCS_AFTER_PAGE } from '../src/message-search.js';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import { DEMO_NOW_MS, userIdOf } from '../src/users.js';
import { call, data, page } from './helpers.js';

/** Empty maps are null on the release, absent on main. */
interface Pulled {
  msgs?: Record<string, PullMsgsWire> | null;
  notificationMsgs?: Record<string, PullMsgsWire> | null;
}
interface Found {
  chatLogs: Array<{ chatLog: ChatLogWire; isRevoked: boolean }> | null;
  chatLogsNum: number;
}
interface Range {
  conversationID: string;
  begin: number;
  end: number;
  num: number;
}

let server: DemoServer;
let list: ConversationWire[];
let seqs: Record<string, SeqsWire>;
beforeAll(async () => {
  server = await startDemoServer();
  list = await conversations(server, DEMO.firstUserID);
  seqs = await readSeqs(server, DEMO.firstUserID);
});
afterAll(() => server.close());

const conversations = async (on: DemoServer, userID: string) =>
  (await data<{ conversationElems: ConversationWire[] | null }>(on, '/conversation/get_sorted_conversation_list', { userID, pagination: page(1, 1000) }))
    .conversationElems ?? [];
const readSeqs = async (on: DemoServer, userID: string, conversationIDs: string[] = []) =>
  (await data<{ seqs: Record<string, SeqsWire> }>(on, '/msg/get_conversations_has_read_and_max_seq', { userID, conversationIDs })).seqs;
const pull = (on: DemoServer, userID: string, seqRanges: Range[], order = 0) => data<Pulled>(on, '/msg/pull_msg_by_seq', { userID, seqRanges, order });
const search = (filter: Record<string, unknown>, pageNumber = 1, showNumber = 20, on = server) =>
  data<Found>(on, '/msg/search_msg', { ...filter, pagination: page(pageNumber, showNumber) });
const decoded = (m: MsgDataWire) => Buffer.from(m.content ?? '', 'base64').toString('utf8');
const pulledOf = (p: Pulled, id: string) => p.msgs?.[id] ?? p.notificationMsgs?.[id];
const rangeOf = (p: Pulled, id: string) => pulledOf(p, id)?.Msgs ?? [];
/** The first user's conversations with messages, by kind. */
const withMessages = (prefix: string) => list.filter((c) => c.msgInfo && c.conversationID.startsWith(prefix));
/** The newest 3,000 seqs of a conversation's history, ascending. */
async function history(id: string, userID = DEMO.firstUserID): Promise<MsgDataWire[]> {
  return rangeOf(await pull(server, userID, [{ conversationID: id, begin: 0, end: 1e9, num: 3_000 }]), id);
}

describe('the history and the conversations list', () => {
  it('ends every conversation with exactly the latest message the list shows', async () => {
    const ranges = list.filter((c) => c.msgInfo).map((c) => ({ conversationID: c.conversationID, begin: seqs[c.conversationID]!.maxSeq, end: 1e9, num: 1 }));
    expect(ranges.length).toBe(DEMO.firstUser.conversations - DEMO.firstUser.withoutMessage);
    const pulled = await pull(server, DEMO.firstUserID, ranges);
    for (const c of list) {
      if (!c.msgInfo) continue;
      const [last, ...rest] = rangeOf(pulled, c.conversationID);
      expect(rest, c.conversationID).toEqual([]);
      expect(last?.seq).toBe(seqs[c.conversationID]?.maxSeq);
      expect(last?.serverMsgID).toBe(c.msgInfo.serverMsgID);
      expect(last?.contentType).toBe(c.msgInfo.contentType);
      expect(last?.sendTime).toBe(c.msgInfo.LatestMsgRecvTime);
      expect(last && decoded(last)).toBe(c.msgInfo.content);
      expect(seqs[c.conversationID]?.maxSeqTime).toBe(c.msgInfo.LatestMsgRecvTime);
    }
    // The server puts only `n_` conversations under notificationMsgs (msgprocessor.IsNotification):
    // the notification accounts' `sn_` sessions come under msgs like the chats.
    expect(pulled.notificationMsgs, 'an empty map is null on the release').toBeNull();
    expect(Object.keys(pulled.msgs ?? {}).filter((id) => id.startsWith('sn_'))).toHaveLength(DEMO.notificationAccountIDs.length);
  });

  it('gives unread = maxSeq − hasReadSeq for all but the planted conversations, where they disagree', async () => {
    const disagree = list.filter((c) => c.unreadCount !== seqs[c.conversationID]!.maxSeq - seqs[c.conversationID]!.hasReadSeq);
    expect(disagree.length).toBeGreaterThanOrEqual(3);
    expect(disagree.length).toBeLessThan(10);
    // Some read seqs run past maxSeq: an unread count of less than nothing, which the list cannot show.
    expect(disagree.some((c) => seqs[c.conversationID]!.hasReadSeq > seqs[c.conversationID]!.maxSeq)).toBe(true);
    expect(Object.keys(seqs).sort()).toEqual(list.map((c) => c.conversationID).sort());
    for (const c of list.filter((x) => !x.msgInfo)) expect(seqs[c.conversationID]).toEqual({ maxSeq: 0, hasReadSeq: 0, maxSeqTime: 0 });
  });

  it('is the same history for both members of a single chat', async () => {
    const chat = withMessages('si_').find((c) => c.conversationID.endsWith(userIdOf(2)))!;
    const mine = await pull(server, DEMO.firstUserID, [{ conversationID: chat.conversationID, begin: 1, end: 1e9, num: 30 }]);
    const theirs = await pull(server, userIdOf(2), [{ conversationID: chat.conversationID, begin: 1, end: 1e9, num: 30 }]);
    expect(rangeOf(theirs, chat.conversationID)).toEqual(rangeOf(mine, chat.conversationID));
    expect(rangeOf(mine, chat.conversationID)).toHaveLength(30);
  });
});

describe('pull_msg_by_seq', () => {
  it('answers the real shape: capital Msgs, base64 content holding a JSON document, times rising with seq', async () => {
    const id = withMessages('sg_')[0]!.conversationID;
    const pulled = await pull(server, DEMO.firstUserID, [{ conversationID: id, begin: 1, end: 1e9, num: 50 }]);
    expect(Object.keys(pulled)).toEqual(['msgs', 'notificationMsgs']);
    expect(Object.keys(pulled.msgs![id]!)).toEqual(['Msgs', 'isEnd', 'endSeq']);
    const msgs = pulled.msgs![id]!.Msgs!.filter((m) => m.status !== STATUS_DELETED);
    expect(Object.keys(msgs[0]!)).toEqual([
      'sendID', 'recvID', 'groupID', 'clientMsgID', 'serverMsgID', 'senderPlatformID', 'senderNickname', 'senderFaceURL', 'sessionType',
      'msgFrom', 'contentType', 'content', 'seq', 'sendTime', 'createTime', 'status', 'isRead', 'options', 'offlinePushInfo',
      'atUserIDList', 'attachedInfo', 'ex',
    ]);
    for (const m of msgs) {
      expect(m.content).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(() => JSON.parse(decoded(m)) as unknown).not.toThrow();
      expect(m.groupID).toBe(id.slice(3));
      expect(m.sessionType).toBe(3);
    }
    for (let i = 1; i < msgs.length; i++) {
      expect(msgs[i]!.seq).toBeGreaterThan(msgs[i - 1]!.seq);
      expect(msgs[i]!.sendTime).toBeGreaterThan(msgs[i - 1]!.sendTime);
    }
  });

  it('clips the range to [minSeq, maxSeq], takes the newest num seqs, ascending whatever `order` says, endSeq 0', async () => {
    const id = withMessages('si_')[0]!.conversationID;
    const max = seqs[id]!.maxSeq;
    const asc = await pull(server, DEMO.firstUserID, [{ conversationID: id, begin: max - 9, end: max + 500, num: 4 }]);
    expect(rangeOf(asc, id).map((m) => m.seq)).toEqual([max - 3, max - 2, max - 1, max]);
    expect(asc.msgs?.[id]).toMatchObject({ isEnd: true, endSeq: 0 });
    // `order` 1 (descending) sets isEnd alone: the rows still come ascending.
    const desc = await pull(server, DEMO.firstUserID, [{ conversationID: id, begin: max - 9, end: max - 6, num: 10 }], 1);
    expect(rangeOf(desc, id).map((m) => m.seq)).toEqual([max - 9, max - 8, max - 7, max - 6]);
    expect(desc.msgs?.[id]).toMatchObject({ isEnd: false, endSeq: 0 });
    // A range wholly past the end, one that ends before it begins, or a conversation the user has no record of: left out, no error.
    const none = await pull(server, DEMO.firstUserID, [
      { conversationID: id, begin: max + 1, end: max + 9, num: 5 },
      { conversationID: id, begin: 9, end: 3, num: 5 },
      { conversationID: 'si_user_000002_user_000003', begin: 1, end: 9, num: 9 },
    ]);
    expect(none).toEqual({ msgs: null, notificationMsgs: null });
  });

  it('answers each deleted seq (holes) with a status-4 placeholder, and leaves the cleared seqs below minSeq out', async () => {
    const ranges = withMessages('s').slice(0, 60).map((c) => ({ conversationID: c.conversationID, begin: seqs[c.conversationID]!.maxSeq - 300, end: 1e9, num: 1000 }));
    const pulled = await pull(server, DEMO.firstUserID, ranges);
    const placeholdersOf = (id: string) => rangeOf(pulled, id).filter((m) => m.status === STATUS_DELETED);
    const holes = ranges.filter((r) => placeholdersOf(r.conversationID).length > 0);
    expect(holes.length).toBeGreaterThan(3);
    for (const r of ranges) {
      // Every seq of the clipped range is there, message or placeholder, in order.
      const got = rangeOf(pulled, r.conversationID).map((m) => m.seq);
      const first = Math.max(r.begin, got[0] ?? r.begin);
      expect(got, r.conversationID).toEqual(Array.from({ length: seqs[r.conversationID]!.maxSeq - first + 1 }, (_, i) => first + i));
    }
    // The placeholder: seq, status 4 and the send time of the nearest earlier message still stored; nothing else.
    const id = holes[0]!.conversationID;
    const all = rangeOf(pulled, id);
    const at = all.findIndex((m) => m.status === STATUS_DELETED);
    const before = all[at - 1]!;
    expect(all[at]).toEqual({
      sendID: '', recvID: '', groupID: '', clientMsgID: '', serverMsgID: '', senderPlatformID: 0, senderNickname: '', senderFaceURL: '',
      sessionType: 0, msgFrom: 0, contentType: 0, content: null, seq: before.seq + 1, sendTime: before.sendTime, createTime: 0,
      status: STATUS_DELETED, isRead: false, options: null, offlinePushInfo: null, atUserIDList: null, attachedInfo: '', ex: '',
    });
    // One hole is longer than a page: 150 placeholders in a row, all with the time before the hole.
    const widest = holes.map((r) => placeholdersOf(r.conversationID)).reduce((a, b) => (b.length > a.length ? b : a));
    expect(widest).toHaveLength(150);
    expect(new Set(widest.map((m) => m.sendTime)).size).toBe(1);
    const owners = await data<{ total: number; conversations: Array<{ conversationID: string; minSeq: number }> }>(
      server, '/conversation/get_owner_conversation', { userID: DEMO.firstUserID, pagination: page(1, 1000) },
    );
    const cleared = owners.conversations.filter((c) => c.minSeq > 1);
    expect(cleared.length).toBeGreaterThan(2);
    for (const c of cleared) {
      const asked = await pull(server, DEMO.firstUserID, [{ conversationID: c.conversationID, begin: 1, end: c.minSeq + 2, num: 1000 }]);
      expect(rangeOf(asked, c.conversationID).map((m) => [m.seq, m.status])).toEqual([[c.minSeq, 2], [c.minSeq + 1, 2], [c.minSeq + 2, 2]]);
      expect(await pull(server, DEMO.firstUserID, [{ conversationID: c.conversationID, begin: 1, end: c.minSeq - 1, num: 1000 }])).toEqual({ msgs: null, notificationMsgs: null });
    }
  });

  it('sends a message the reader deleted for themselves with status 4 and no content, every other field kept; the other member sees it whole', async () => {
    const chats = withMessages('si_').map((c) => ({ conversationID: c.conversationID, begin: seqs[c.conversationID]!.maxSeq - 5, end: 1e9, num: 6 }));
    const pulled = await pull(server, DEMO.firstUserID, chats);
    const own = chats.flatMap((r) => rangeOf(pulled, r.conversationID).filter((m) => m.status === STATUS_DELETED).map((m) => ({ id: r.conversationID, m })));
    expect(own.length).toBeGreaterThan(0);
    for (const { id, m } of own) {
      expect(m).toMatchObject({ content: null, seq: seqs[id]!.maxSeq - 3 });
      expect(m.sendID).not.toBe('');
      expect(m.serverMsgID).toMatch(/^[0-9a-f]{32}$/);
      const peer = id.split('_').slice(3).join('_');
      const theirs = rangeOf(await pull(server, peer, [{ conversationID: id, begin: m.seq, end: m.seq, num: 1 }]), id);
      expect(theirs.map((x) => [x.serverMsgID, x.status])).toEqual([[m.serverMsgID, 2]]);
    }
  });

  it('turns revoked messages into 2101 with who revoked what', async () => {
    const id = withMessages('si_')[1]!.conversationID;
    const revoked = (await history(id)).filter((m) => m.contentType === 2101 && decoded(m).includes('sourceMessageSendID'));
    expect(revoked.length).toBeGreaterThan(0);
    const detail = JSON.parse(String((JSON.parse(decoded(revoked[0]!)) as { detail: string }).detail)) as { seq: number };
    expect(detail.seq).toBe(revoked[0]!.seq);
  });
});

describe('get_owner_conversation', () => {
  it('lists every conversation, with or without messages, with an exact total and never 1004', async () => {
    const d = await data<{ total: number; conversations: Array<Record<string, unknown>> }>(server, '/conversation/get_owner_conversation', { userID: DEMO.firstUserID, pagination: page(2, 100) });
    expect(d.total).toBe(DEMO.firstUser.conversations);
    expect(d.conversations).toHaveLength(100);
    expect(Object.keys(d.conversations[0]!)).toEqual([
      'ownerUserID', 'conversationID', 'recvMsgOpt', 'conversationType', 'userID', 'groupID', 'isPinned', 'attachedInfo', 'isPrivateChat',
      'groupAtType', 'ex', 'burnDuration', 'minSeq', 'maxSeq', 'msgDestructTime', 'latestMsgDestructTime', 'isMsgDestruct',
    ]);
    const none = await data<{ total: number; conversations: null }>(server, '/conversation/get_owner_conversation', { userID: DEMO.noConversationsUserID, pagination: page(1, 10) });
    expect(none).toEqual({ total: 0, conversations: null });
  });
});

describe('search_msg', () => {
  it('finds a known message by sender, receiver, type, session and UTC day', async () => {
    const id = withMessages('si_')[2]!.conversationID;
    const known = (await history(id)).find((m) => m.contentType === 101 && m.seq % 7 === 3)!;
    const day = new Date(known.sendTime).toISOString().slice(0, 10);
    const filters = [
      { sendID: known.sendID, sendTime: day },
      { recvID: known.recvID, sendTime: day },
      { sendID: known.sendID, contentType: 101, sendTime: day },
      { sendID: known.sendID, sessionType: 1, sendTime: day },
      { sendID: known.sendID, recvID: known.recvID, sendTime: day },
    ];
    for (const filter of filters) {
      const rows: ChatLogWire[] = [];
      for (let p = 1; p <= 20 && !rows.some((r) => r.serverMsgID === known.serverMsgID); p++) rows.push(...((await search(filter, p, 100)).chatLogs ?? []).map((r) => r.chatLog));
      expect(rows.map((r) => r.serverMsgID), JSON.stringify(filter)).toContain(known.serverMsgID);
      const row = rows.find((r) => r.serverMsgID === known.serverMsgID)!;
      expect(row.content).toBe(decoded(known));
      expect(row.seq).toBe(known.seq);
    }
    // Another session type finds nothing of a single chat's.
    expect((await search({ sendID: known.sendID, recvID: known.recvID, sessionType: 3 })).chatLogsNum).toBe(0);
  });

  it("never searches notification sessions", async () => {
    expect(await search({ sendID: DEMO.notificationAccountIDs[0] })).toEqual({ chatLogs: null, chatLogsNum: 0 });
    expect((await search({ sessionType: 4 })).chatLogsNum).toBe(0);
    const rows = (await search({}, 1, 200)).chatLogs ?? [];
    expect(rows.every((r) => r.chatLog.sessionType === 1 || r.chatLog.sessionType === 3)).toBe(true);
  });

  it("puts the group's ID in recvID and the group's face in senderFaceURL, content a JSON string", async () => {
    const group = withMessages('sg_').find((c) => c.msgInfo?.groupFaceURL)!;
    const d = await search({ recvID: group.msgInfo!.groupID }, 1, 30);
    expect(d.chatLogs).toHaveLength(30);
    for (const { chatLog } of d.chatLogs!) {
      expect(chatLog.recvID).toBe(group.msgInfo!.groupID);
      expect(chatLog.groupID).toBe(group.msgInfo!.groupID);
      expect(chatLog.senderFaceURL).toBe(group.msgInfo!.groupFaceURL);
      expect(typeof chatLog.content).toBe('string');
      expect(() => JSON.parse(chatLog.content) as unknown).not.toThrow();
    }
  });

  it('answers in storage order, not by time, with a count that is a lower bound', async () => {
    // A day's messages of one conversation, then the next conversation's: time jumps back between them.
    const times = ((await search({ sendTime: '2025-10-01' }, 1, 300)).chatLogs ?? []).map((r) => r.chatLog.sendTime);
    expect(times.length).toBe(300);
    expect(times).not.toEqual([...times].sort((a, b) => a - b));
    expect(times).not.toEqual([...times].sort((a, b) => b - a));
    const first = await search({ contentType: 101 }, 1, 50);
    // The count stops a few documents after the page: walking on finds more than it said.
    expect(first.chatLogsNum).toBeGreaterThan(50);
    expect(first.chatLogsNum).toBeLessThan(50 + (COUNT_DOCS_AFTER_PAGE + 2) * 100);
    const later = await search({ contentType: 101 }, Math.ceil(first.chatLogsNum / 50) + 1, 50);
    expect(later.chatLogs?.length).toBe(50);
    expect(later.chatLogsNum).toBeGreaterThan(first.chatLogsNum);
  });

  it('refuses a day that does not parse, and finds nothing on a day before any message', async () => {
    const bad = await call(server, '/msg/search_msg', { sendTime: '2026-02-30', pagination: page(1, 10) });
    expect(bad.body.errCode).toBe(1001);
    expect(await search({ sendTime: '2019-01-01' })).toEqual({ chatLogs: null, chatLogsNum: 0 });
  });

  it('at a million users finds a page by type, by day, by sender and by group', { timeout: 60_000 }, async () => {
    const big = await startDemoServer({ users: 1_000_000 });
    try {
      for (const filter of [{ contentType: 118 }, { sendTime: '2025-06-01' }, { sendID: userIdOf(999_998) }, { recvID: '3100000000' }, { sessionType: 3, sendTime: '2025-12-24' }]) {
        const d = await search(filter, 1, 20, big);
        expect(d.chatLogs?.length, JSON.stringify(filter)).toBe(20);
      }
    } finally {
      await big.close();
    }
  });
});

describe('the living demo', () => {
  const servers: DemoServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it("adds its message as the conversation's next seq, seen by pull, read state, list and search", async () => {
    const clock = { now: DEMO_NOW_MS };
    const living = await startDemoServer({ users: 500, activity: { paceMs: 1_000, now: () => clock.now } });
    servers.push(living);
    const before = await readSeqs(living, DEMO.firstUserID);
    clock.now += 1_000; // event 1: a message to user_000001
    const after = await readSeqs(living, DEMO.firstUserID);
    const changed = Object.keys(after).filter((id) => after[id]!.maxSeq !== before[id]!.maxSeq);
    expect(changed).toHaveLength(1);
    const id = changed[0]!;
    expect(after[id]).toEqual({ maxSeq: before[id]!.maxSeq + 1, hasReadSeq: before[id]!.hasReadSeq, maxSeqTime: DEMO_NOW_MS + 1_000 });
    const newest = rangeOf(await pull(living, DEMO.firstUserID, [{ conversationID: id, begin: 1, end: 1e9, num: 1 }]), id)[0]!;
    expect(newest.seq).toBe(after[id]!.maxSeq);
    const row = (await conversations(living, DEMO.firstUserID)).find((c) => c.conversationID === id)!;
    expect(row.msgInfo?.serverMsgID).toBe(newest.serverMsgID);
    expect(decoded(newest)).toBe(row.msgInfo?.content);
    if (!id.startsWith('sn_')) {
      const day = new Date(DEMO_NOW_MS + 1_000).toISOString().slice(0, 10);
      const found = (await search({ sendID: newest.sendID, sendTime: day }, 1, 1000, living)).chatLogs ?? [];
      expect(found.map((r) => r.chatLog.serverMsgID)).toContain(newest.serverMsgID);
    }
  });
});
