// What a history page asks for twice (its owner's conversations and peers) is kept for the last
// few users per world (recent.ts): computed once while recent, computed again once evicted, and
// the same answers either way.
import { afterEach, describe, expect, it } from 'vitest';
import { recentPerWorld } from '../src/recent.js';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import type { World } from '../src/users.js';
import { data, page } from './helpers.js';

const world = (): World => ({ population: 100, adminUserID: 'imAdmin' });

describe('recentPerWorld', () => {
  it('computes a key once while it is among the last `size` used, again once evicted', () => {
    const memo = recentPerWorld<number, { key: number }>(2);
    const w = world();
    let computed = 0;
    const get = (key: number) => memo(w, key, () => (computed++, { key }));
    const first = get(1);
    expect(get(1)).toBe(first);
    get(2);
    // Using 1 again makes 2 the least recently used: 3 evicts 2, not 1.
    get(1);
    get(3);
    expect(computed).toBe(3);
    expect(get(1)).toBe(first);
    get(2);
    expect(computed).toBe(4);
  });

  it('keeps each world apart', () => {
    const memo = recentPerWorld<number, string>(4);
    const [a, b] = [world(), { ...world(), population: 7 }];
    expect(memo(a, 1, () => 'a')).toBe('a');
    expect(memo(b, 1, () => 'b')).toBe('b');
    expect(memo(a, 1, () => 'again')).toBe('a');
  });
});

describe('a history page read from kept conversations', () => {
  const servers: DemoServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('answers the same read state and pull whether the owner was asked for just now or long ago', async () => {
    const server = await startDemoServer({ users: 3000 });
    servers.push(server);
    const userID = DEMO.firstUserID;
    const list = await data<{ conversationElems: { conversationID: string }[] }>(server, '/conversation/get_sorted_conversation_list', { userID, pagination: page(1, 5) });
    const conversationID = list.conversationElems[0]!.conversationID;
    const historyPage = async () => {
      const read = await data<{ seqs: Record<string, { maxSeq: number }> }>(server, '/msg/get_conversations_has_read_and_max_seq', { userID, conversationIDs: [conversationID] });
      const end = read.seqs[conversationID]!.maxSeq;
      const pull = await data(server, '/msg/pull_msg_by_seq', { userID, seqRanges: [{ conversationID, begin: end - 49, end, num: 50 }], order: 1 });
      return { read, pull };
    };
    const fresh = await historyPage();
    // Forty other users' pages push the owner out of what is kept.
    for (let i = 2; i < 42; i++) {
      await data(server, '/msg/get_conversations_has_read_and_max_seq', { userID: `user_${String(i * 61).padStart(6, '0')}`, conversationIDs: [] });
    }
    expect(await historyPage()).toEqual(fresh);
    expect(await historyPage()).toEqual(fresh);
  });
});
