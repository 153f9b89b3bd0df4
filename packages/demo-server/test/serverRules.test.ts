// The demo keeps the server's rules over its generated data (contract §12.7, §12.17, issue 48): a
// sender's read seq moves to each message they send, so no one "never read" a message they
// replied after (but for the planted disagreements, which stay disagreements).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationWire } from '../src/conversations.js';
import type { PullMsgsWire } from '../src/pull-msg.js';
import type { SeqsWire } from '../src/read-seqs.js';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import { data, page } from './helpers.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server.close());

const conversations = async (userID: string) =>
  (await data<{ conversationElems: ConversationWire[] | null }>(server, '/conversation/get_sorted_conversation_list', { userID, pagination: page(1, 1000) }))
    .conversationElems ?? [];
const readSeqs = async (userID: string, conversationIDs: string[] = []) =>
  (await data<{ seqs: Record<string, SeqsWire> }>(server, '/msg/get_conversations_has_read_and_max_seq', { userID, conversationIDs })).seqs;
const pulled = async (userID: string, conversationID: string, begin: number, end: number) => {
  const p = await data<{ msgs?: Record<string, PullMsgsWire> | null }>(server, '/msg/pull_msg_by_seq', { userID, seqRanges: [{ conversationID, begin, end, num: end - begin + 1 }], order: 0 });
  return p.msgs?.[conversationID]?.Msgs ?? [];
};

describe("a sender's read seq", () => {
  it.each([DEMO.firstUserID, 'user_000017', 'user_001626'])('of %s is never below their own latest message, but where a disagreement is planted', async (userID) => {
    const list = await conversations(userID);
    const seqs = await readSeqs(userID);
    let checked = 0;
    for (const c of list) {
      const s = seqs[c.conversationID];
      if (!c.msgInfo || !s || c.conversationID.startsWith('sn_')) continue;
      // A planted disagreement (the list's count is not max seq − read seq) is what the doctor finds: left as planted.
      if (c.unreadCount !== s.maxSeq - s.hasReadSeq || s.hasReadSeq >= s.maxSeq || s.maxSeq - s.hasReadSeq > 500) continue;
      const unread = await pulled(userID, c.conversationID, s.hasReadSeq + 1, s.maxSeq);
      expect(unread.filter((m) => m.sendID === userID).map((m) => m.seq), c.conversationID).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("leaves user_000001's planted disagreements in place", async () => {
    const list = await conversations(DEMO.firstUserID);
    const seqs = await readSeqs(DEMO.firstUserID);
    const disagree = list.filter((c) => c.msgInfo && c.unreadCount !== seqs[c.conversationID]!.maxSeq - seqs[c.conversationID]!.hasReadSeq);
    expect(disagree).toHaveLength(5);
  });

  it('"B never got my picture": user_001626 read up to below user_000001\'s latest picture', async () => {
    const id = 'si_user_000001_user_001626';
    const [latest] = (await conversations(DEMO.firstUserID)).filter((c) => c.conversationID === id);
    expect(latest?.msgInfo).toMatchObject({ sendID: DEMO.firstUserID, contentType: 102 });
    const peer = (await readSeqs('user_001626', [id]))[id]!;
    expect(peer.hasReadSeq).toBeLessThan(peer.maxSeq);
  });
});

interface MemberWire {
  userID: string;
  roleLevel: number;
  joinSource: number;
  inviterUserID: string;
}

describe("a member's inviter and join source (§12.7)", () => {
  it('the creator and invitees 2 with the op user, an approved application no inviter, a direct join 0 with the joiner', async () => {
    const rows = (await data<{ groups: Array<{ groupInfo: { groupID: string }; groupOwnerUserID: string }> | null }>(server, '/group/get_groups', { pagination: page(1, 20) })).groups ?? [];
    const groups = rows.map((r) => ({ groupID: r.groupInfo.groupID, ownerUserID: r.groupOwnerUserID }));
    expect(groups.length).toBeGreaterThan(10);
    const seen = new Set<number>();
    for (const g of groups) {
      const members = (await data<{ members: MemberWire[] | null }>(server, '/group/get_group_member_list', { groupID: g.groupID, pagination: page(1, 100) })).members ?? [];
      for (const m of members) {
        seen.add(m.joinSource);
        const why = `${g.groupID} ${m.userID} joinSource ${m.joinSource}`;
        if (m.roleLevel === 100) expect(m, why).toMatchObject({ joinSource: 2, inviterUserID: g.ownerUserID });
        else if (m.joinSource === 2) expect(m.inviterUserID, why).toBe(g.ownerUserID);
        else if (m.joinSource === 0) expect(m.inviterUserID, why).toBe(m.userID);
        else expect(m.inviterUserID, why).toBe('');
      }
    }
    // Every way in is in the data.
    expect([...seen].sort()).toEqual([0, 2, 3, 4]);
  });
});

describe('a revoke notice', () => {
  it("points at a real seq of the revoker's own message, earlier in the conversation (never the other side's)", async () => {
    const list = await conversations(DEMO.firstUserID);
    const seqs = await readSeqs(DEMO.firstUserID);
    let notices = 0;
    for (const c of list.filter((x) => x.msgInfo && !x.conversationID.startsWith('sn_')).slice(0, 60)) {
      const max = seqs[c.conversationID]!.maxSeq;
      const msgs = await pulled(DEMO.firstUserID, c.conversationID, Math.max(1, max - 400), max);
      const bySeq = new Map(msgs.map((m) => [m.seq, m]));
      // The latest message is the conversations list's own (singleChats.ts, groupChats.ts): left as drawn.
      for (const m of msgs.filter((x) => x.contentType === 2101 && x.seq < max)) {
        const tips = JSON.parse((JSON.parse(Buffer.from(m.content ?? '', 'base64').toString('utf8')) as { detail: string }).detail) as { seq: number; revokerUserID: string; clientMsgID: string };
        // A revoked message comes back in its own place as the tips of its revoke (pull-msg.ts): not a notice of its own.
        if (tips.seq === m.seq) continue;
        const target = bySeq.get(tips.seq);
        expect(tips.seq, `${c.conversationID} seq ${m.seq}`).toBeLessThan(m.seq);
        if (!target) continue; // before the range pulled
        notices++;
        expect(target.sendID, `${c.conversationID} seq ${m.seq} revokes ${tips.seq}`).toBe(m.sendID);
        expect(tips.revokerUserID).toBe(m.sendID);
        expect(target.clientMsgID).toBe(tips.clientMsgID);
      }
    }
    expect(notices).toBeGreaterThan(5);
  });
});
