// The delivery trace's planted cases (trace-plants.ts), over the demo's own routes: each is there
// at the populations the docs and the tests use, and each has what makes its case on the wire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../src/server.js';
import { TRACE_CASES, tracePlants } from '../src/trace-plants.js';
import { data } from './helpers.js';

describe.each([[1000], [5000]])('at %i users', (users) => {
  const plants = tracePlants(users);
  let demo: DemoServer;
  beforeAll(async () => {
    demo = await startDemoServer({ users });
  });
  afterAll(() => demo.close());

  it('plants every case, each to the first user', () => {
    for (const name of TRACE_CASES) expect(plants[name], name).toMatchObject({ receiverID: 'user_000001' });
  });

  it('each case has its mark on the wire', async () => {
    const pull = async (userID: string, conversationID: string, seq: number) => {
      const d = await data<{ msgs: Record<string, { Msgs: Array<{ status: number; sendID: string }> }> | null }>(demo, '/msg/pull_msg_by_seq', {
        userID, seqRanges: [{ conversationID, begin: seq, end: seq, num: 1 }], order: 0,
      });
      return d.msgs?.[conversationID]?.Msgs[0];
    };
    const row = async (conversationID: string) =>
      (await data<{ conversations: Array<{ recvMsgOpt: number }> }>(demo, '/conversation/get_conversations', { ownerUserID: 'user_000001', conversationIDs: [conversationID] })).conversations[0]!;
    const read = async (conversationID: string) =>
      (await data<{ seqs: Record<string, { hasReadSeq: number }> }>(demo, '/msg/get_conversations_has_read_and_max_seq', { userID: 'user_000001', conversationIDs: [conversationID] })).seqs[conversationID]!.hasReadSeq;
    const { read: r, notRead, hole, muted, blacklisted, dismissedGroup } = plants as Required<typeof plants>;
    expect(await read(r.conversationID)).toBeGreaterThanOrEqual(r.seq);
    expect(await read(notRead.conversationID)).toBeLessThan(notRead.seq);
    expect((await pull('user_000001', hole.conversationID, hole.seq))?.status).toBe(4);
    expect((await row(muted.conversationID)).recvMsgOpt).toBe(1);
    const blocks = await data<{ total: number }>(demo, '/friend/get_specified_blacks', { ownerUserID: 'user_000001', userIDList: [blacklisted.senderID] });
    expect(blocks.total).toBe(1);
    expect((await pull('user_000001', blacklisted.conversationID, blacklisted.seq))?.sendID).toBe(blacklisted.senderID);
    const groups = await data<{ groupInfos: Array<{ status: number }> }>(demo, '/group/get_groups_info', { groupIDs: [dismissedGroup.conversationID.slice(3)] });
    expect(groups.groupInfos[0]!.status).toBe(2);
    expect((await pull('user_000001', dismissedGroup.conversationID, dismissedGroup.seq))?.sendID).toBe(dismissedGroup.senderID);
  });
});
