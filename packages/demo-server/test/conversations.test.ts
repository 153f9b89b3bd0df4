import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationWire } from '../src/conversations.js';
import { DEMO, HOSTILE_SAMPLES, startDemoServer, type DemoServer } from '../src/server.js';
import { call, data, page } from './helpers.js';

interface ConvData {
  conversationTotal: number;
  unreadTotal: number;
  conversationElems: ConversationWire[] | null;
}

const PATH = '/conversation/get_sorted_conversation_list';
let server: DemoServer;
let all: ConversationWire[];
let full: ConvData;

beforeAll(async () => {
  server = await startDemoServer();
  full = await data<ConvData>(server, PATH, { userID: DEMO.firstUserID, pagination: page(1, 1000) });
  all = full.conversationElems ?? [];
});
afterAll(() => server.close());

const list = (body: object) => data<ConvData>(server, PATH, body);
const key = (c: ConversationWire): number | null => c.msgInfo?.LatestMsgRecvTime ?? null;

describe('get_sorted_conversation_list', () => {
  it('returns the first user\'s conversations with every key', () => {
    expect(Object.keys(full)).toEqual(['conversationTotal', 'unreadTotal', 'conversationElems']);
    expect(all).toHaveLength(DEMO.firstUser.conversations);
    expect(new Set(all.map((c) => c.conversationID)).size).toBe(all.length);
    const withMsg = all.find((c) => c.msgInfo !== null);
    expect(Object.keys(withMsg ?? {})).toEqual(['conversationID', 'recvMsgOpt', 'unreadCount', 'IsPinned', 'msgInfo']);
    expect(Object.keys(withMsg?.msgInfo ?? {})).toEqual([
      'serverMsgID', 'clientMsgID', 'sessionType', 'sendID', 'recvID', 'senderName', 'faceURL', 'groupID', 'groupName',
      'groupFaceURL', 'groupType', 'groupMemberCount', 'LatestMsgRecvTime', 'msgFrom', 'contentType', 'content', 'ex',
    ]);
  });

  it('counts conversationTotal over conversations with a message, and unreadTotal over all', () => {
    const noMessage = all.filter((c) => c.msgInfo === null);
    expect(noMessage).toHaveLength(DEMO.firstUser.withoutMessage);
    expect(full.conversationTotal).toBe(all.length - noMessage.length);
    expect(full.unreadTotal).toBe(all.reduce((s, c) => s + c.unreadCount, 0));
    expect(full.unreadTotal).toBeGreaterThan(0);
  });

  it('sorts pinned first, then newest first, across page boundaries', async () => {
    const pinned = all.filter((c) => c.IsPinned);
    expect(pinned).toHaveLength(DEMO.firstUser.pinned);
    expect(all.slice(0, pinned.length).every((c) => c.IsPinned)).toBe(true);
    const pages: ConversationWire[] = [];
    for (let p = 1; p <= 13; p++) pages.push(...((await list({ userID: DEMO.firstUserID, pagination: page(p, 20) })).conversationElems ?? []));
    expect(pages.map((c) => c.conversationID)).toEqual(all.map((c) => c.conversationID));
    // Within each pinned group, message times strictly decrease (distinct times, nothing dropped).
    for (const group of [pinned, all.filter((c) => !c.IsPinned)]) {
      const times = group.map(key).filter((t): t is number => t !== null);
      for (let i = 1; i < times.length; i++) expect(times[i - 1]).toBeGreaterThan(times[i] ?? Infinity);
    }
  });

  it('pages in memory after the sort, null past the end but totals intact', async () => {
    const p3 = await list({ userID: DEMO.firstUserID, pagination: page(3, 50) });
    expect(p3.conversationElems).toEqual(all.slice(100, 150));
    const past = await list({ userID: DEMO.firstUserID, pagination: page(99, 50) });
    expect(past).toEqual({ conversationTotal: full.conversationTotal, unreadTotal: full.unreadTotal, conversationElems: null });
  });

  it('filters by conversationIDs and drops IDs the user does not own', async () => {
    const picked = [all[5], all[0], all[100]].map((c) => c?.conversationID ?? '');
    const d = await list({ userID: DEMO.firstUserID, conversationIDs: [...picked, 'si_nobody_else'], pagination: page(1, 10) });
    expect(d.conversationElems?.map((c) => c.conversationID)).toEqual([all[0], all[5], all[100]].map((c) => c?.conversationID));
    expect(d.unreadTotal).toBe([all[0], all[5], all[100]].reduce((s, c) => s + (c?.unreadCount ?? 0), 0));
    const none = await call(server, PATH, { userID: DEMO.firstUserID, conversationIDs: ['si_nobody_else'], pagination: page(1, 10) });
    expect(none.body.errCode).toBe(1004);
  });

  it('answers 1004 for a user with no conversations', async () => {
    for (const userID of [DEMO.noConversationsUserID, 'nobody', DEMO.notificationAccountIDs[0]]) {
      const res = await call(server, PATH, { userID, pagination: page(1, 10) });
      expect(res.body).toEqual({ errCode: 1004, errMsg: 'RecordNotFoundError', errDlt: 'RecordNotFoundError' });
    }
  });

  it('has hundreds of conversations for the busy user', async () => {
    const d = await list({ userID: DEMO.manyConversationsUserID, pagination: page(1, 1) });
    expect(d.conversationElems).toHaveLength(1);
    expect(d.conversationTotal).toBeGreaterThanOrEqual(100);
  });

  it('uses the documented ID formats and session fields', () => {
    const byType = (t: number) => all.filter((c) => c.msgInfo?.sessionType === t).map((c) => c as ConversationWire & { msgInfo: NonNullable<ConversationWire['msgInfo']> });
    for (const c of byType(1)) {
      const ids = [c.msgInfo.sendID, c.msgInfo.recvID].sort();
      expect(c.conversationID).toBe(`si_${ids.join('_')}`);
      expect(c.msgInfo.groupID).toBe('');
      expect(c.msgInfo.groupType).toBe(0);
    }
    const groups = byType(3);
    expect(groups.length).toBeGreaterThan(0);
    for (const c of groups) {
      expect(c.conversationID).toBe(`sg_${c.msgInfo.groupID}`);
      expect(c.msgInfo.groupType).toBe(2);
      expect(c.msgInfo.groupName).not.toBe('');
      expect(c.msgInfo.groupMemberCount).toBeGreaterThan(0);
    }
    const notes = byType(4);
    expect(notes.length).toBe(DEMO.notificationAccountIDs.length);
    for (const c of notes) {
      expect(c.conversationID).toMatch(/^sn_notify_[a-z]+_user_000001$/);
      expect(c.msgInfo.senderName).toBe('');
      expect(c.msgInfo.msgFrom).toBe(200);
    }
  });

  it('covers every common content type, with content as a JSON string', () => {
    const types = new Set(all.map((c) => c.msgInfo?.contentType));
    for (const t of [101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 113, 114, 115, 117, 1201, 1203, 1204, 1207, 1400, 1501, 1504, 2001, 2101]) {
      expect(types.has(t), `contentType ${t}`).toBe(true);
    }
    for (const c of all) if (c.msgInfo) expect(() => JSON.parse(c.msgInfo?.content ?? '') as unknown).not.toThrow();
  });

  it('nests notification details as JSON strings (twice for business)', () => {
    const content = (t: number) => JSON.parse(all.find((c) => c.msgInfo?.contentType === t)?.msgInfo?.content ?? '{}') as Record<string, unknown>;
    const apply = JSON.parse(String(content(1203).detail)) as { fromToUserID: { fromUserID: string; toUserID: string }; request: { handleResult: number } };
    expect(Object.keys(apply.fromToUserID)).toEqual(['fromUserID', 'toUserID']);
    expect(apply.request.handleResult).toBe(0);
    const oa = JSON.parse(String(content(1400).detail)) as Record<string, unknown>;
    expect(Object.keys(oa)).toEqual(['notificationName', 'notificationFaceURL', 'notificationType', 'text', 'url', 'mixType', 'ex']);
    const business = JSON.parse(String(content(2001).detail)) as { key: string; data: string };
    expect(typeof business.data).toBe('string');
    expect(JSON.parse(business.data)).toHaveProperty('orderID');
    const quote = content(114) as { quoteMessage: { senderNickname: string; contentType: number; textElem: { content: string } } };
    expect(quote.quoteMessage.contentType).toBe(101);
    expect(typeof quote.quoteMessage.textElem.content).toBe('string');
    const atText = content(106) as { atUsersInfo: Array<{ atUserID: string; groupNickname: string }>; isAtSelf: boolean };
    expect(Object.keys(atText.atUsersInfo[0] ?? {})).toEqual(['atUserID', 'groupNickname']);
  });

  it('carries the hostile message text', () => {
    const sample = HOSTILE_SAMPLES.find((s) => s.field === 'msgInfo.content');
    const texts = all.filter((c) => c.msgInfo?.contentType === 101).map((c) => (JSON.parse(c.msgInfo?.content ?? '{}') as { content: string }).content);
    expect(texts).toContain(sample?.value);
  });
});
