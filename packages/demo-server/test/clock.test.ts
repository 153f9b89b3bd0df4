// The demo's clock runs on now: every time of the data set is counted back from the moment it
// starts (server.ts nowMs), while the population, its order and its shape stay the same; a fixed
// now repeats to the ms.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationWire } from '../src/conversations.js';
import type { FriendRequestWire } from '../src/friend-requests.js';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import { DEMO_NOW_MS } from '../src/users.js';
import { data, page } from './helpers.js';

const servers: DemoServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function at(nowMs?: number): Promise<DemoServer> {
  const server = await startDemoServer({ users: 300, ...(nowMs !== undefined ? { nowMs } : {}) });
  servers.push(server);
  return server;
}

const conversations = async (server: DemoServer) =>
  (await data<{ conversationElems: ConversationWire[] | null }>(server, '/conversation/get_sorted_conversation_list', { userID: DEMO.firstUserID, pagination: page(1, 1000) }))
    .conversationElems ?? [];
const applications = async (server: DemoServer) =>
  (await data<{ friendRequests: FriendRequestWire[] | null }>(server, '/friend/get_self_friend_apply_list', { userID: DEMO.firstUserID, pagination: page(1, 100) })).friendRequests ?? [];
const users = async (server: DemoServer) =>
  (await data<{ users: { userID: string; createTime: number }[] | null }>(server, '/user/get_users', { pagination: page(1, 50) })).users ?? [];

describe("the demo's clock", () => {
  const NOW = Date.UTC(2026, 10, 26, 14, 2, 11);
  const SHIFT = NOW - DEMO_NOW_MS;

  it('counts messages, applications and creation times back from its now, the shape unchanged', async () => {
    const [reference, today] = await Promise.all([at(), at(NOW)]);
    const [before, after] = await Promise.all([conversations(reference), conversations(today)]);
    expect(after.map((c) => c.conversationID)).toEqual(before.map((c) => c.conversationID));
    const newest = Math.max(...after.map((c) => c.msgInfo?.LatestMsgRecvTime ?? 0));
    expect(newest).toBeLessThanOrEqual(NOW);
    expect(newest).toBeGreaterThan(NOW - 365 * 86_400_000); // this year's, not last year's
    after.forEach((c, i) => {
      if (c.msgInfo) expect(c.msgInfo.LatestMsgRecvTime).toBe(before[i]!.msgInfo!.LatestMsgRecvTime + SHIFT);
    });
    const [appsBefore, appsAfter] = await Promise.all([applications(reference), applications(today)]);
    expect(appsAfter.map((r) => r.createTime)).toEqual(appsBefore.map((r) => r.createTime + SHIFT));
    const [usersBefore, usersAfter] = await Promise.all([users(reference), users(today)]);
    // Registrations follow the world's own UTC days (weekdays, the spike day: registrations.ts), so
    // they move with the clock to within a week of the shift, keep their order, and end by its now.
    let previous = 0;
    usersAfter.forEach((u, i) => {
      const old = usersBefore[i]!.createTime;
      // The server's "not set" sentinels stay what they are.
      if (old <= 0) return expect(u.createTime).toBe(old);
      expect(Math.abs(u.createTime - (old + SHIFT))).toBeLessThan(7 * 86_400_000);
      expect(u.createTime).toBeGreaterThanOrEqual(previous);
      expect(u.createTime).toBeLessThan(NOW);
      previous = u.createTime;
    });
  });

  it('repeats to the ms with the same now', async () => {
    const [a, b] = await Promise.all([at(NOW), at(NOW)]);
    expect(await conversations(a)).toEqual(await conversations(b));
  });
});
