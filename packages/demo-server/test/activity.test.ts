// The living demo over loopback HTTP, driven by an injected clock: what arrives, when, and that it
// is the same every run. The server without `activity` (every other test) does not change.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationWire } from '../src/conversations.js';
import type { FriendRequestWire } from '../src/friend-requests.js';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import { DEMO_NOW_MS } from '../src/users.js';
import { data, page } from './helpers.js';

const PACE = 1_000;
const servers: DemoServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A living server whose clock the test moves. */
async function living(seed = 1) {
  // The data set counts back from the clock it starts with (server.ts nowMs): start where a still demo is.
  const clock = { now: DEMO_NOW_MS };
  const server = await startDemoServer({ users: 500, activity: { seed, paceMs: PACE, now: () => clock.now } });
  servers.push(server);
  return { server, advance: (ms: number) => (clock.now += ms) };
}

const conversations = async (server: DemoServer, userID = DEMO.firstUserID) =>
  (await data<{ conversationElems: ConversationWire[] | null }>(server, '/conversation/get_sorted_conversation_list', { userID, pagination: page(1, 1000) }))
    .conversationElems ?? [];
const applications = async (server: DemoServer, userID = DEMO.firstUserID) =>
  (await data<{ friendRequests: FriendRequestWire[] | null; total: number }>(server, '/friend/get_self_friend_apply_list', { userID, pagination: page(1, 100) }));
const users = async (server: DemoServer, pageNumber = 1) =>
  data<{ total: number; users: { userID: string; createTime: number }[] | null }>(server, '/user/get_users', { pagination: page(pageNumber, 100) });

describe('the living demo', () => {
  it('changes nothing until its first event is due', async () => {
    const still = await startDemoServer({ users: 500 });
    servers.push(still);
    const { server, advance } = await living();
    advance(PACE - 1);
    expect(await conversations(server)).toEqual(await conversations(still));
    expect(await applications(server)).toEqual(await applications(still));
    expect((await users(server)).total).toBe(500);
  });

  it("brings user_000001 a message: one more unread, the latest message, and the top of its group", async () => {
    const { server, advance } = await living();
    const before = await conversations(server);
    advance(PACE); // event 1: a message to user_000001
    const after = await conversations(server);
    expect(after).toHaveLength(before.length);
    const changed = after.filter((c) => JSON.stringify(c) !== JSON.stringify(before.find((b) => b.conversationID === c.conversationID)));
    expect(changed).toHaveLength(1);
    const conversation = changed[0]!;
    const old = before.find((b) => b.conversationID === conversation.conversationID)!;
    expect(conversation.unreadCount).toBe(old.unreadCount + 1);
    expect(conversation.msgInfo?.contentType).toBe(101);
    expect(conversation.msgInfo?.LatestMsgRecvTime).toBe(DEMO_NOW_MS + PACE);
    expect(conversation.msgInfo?.sendID).not.toBe(DEMO.firstUserID);
    // Pinned first, then newest first: it leads its group.
    const group = after.filter((c) => c.IsPinned === conversation.IsPinned);
    expect(group[0]?.conversationID).toBe(conversation.conversationID);
  });

  it('sends friend applications and registers users as time goes on', async () => {
    const { server, advance } = await living();
    const appsBefore = await applications(server);
    advance(40 * PACE);
    const appsAfter = await applications(server);
    expect(appsAfter.total).toBeGreaterThan(appsBefore.total);
    const newest = appsAfter.friendRequests![0]!;
    expect(newest).toMatchObject({ fromUserID: DEMO.firstUserID, handleResult: 0 });
    expect(newest.createTime).toBeGreaterThan(DEMO_NOW_MS);
    // Every fourth event is a registration: 10 new users after the data set's 500.
    const all = await users(server, 6);
    expect(all.total).toBe(510);
    expect(all.users?.map((u) => u.userID)).toEqual(Array.from({ length: 10 }, (_, i) => `user_000${501 + i}`));
    expect(all.users?.every((u) => u.createTime > DEMO_NOW_MS)).toBe(true);
  });

  it('is the same world for the same seed and time, another for another seed', async () => {
    const a = await living(1);
    const b = await living(1);
    const c = await living(2);
    for (const s of [a, b, c]) s.advance(30 * PACE);
    const [ca, cb, cc] = await Promise.all([conversations(a.server), conversations(b.server), conversations(c.server)]);
    expect(cb).toEqual(ca);
    expect(cc).not.toEqual(ca);
  });

  it('changes user_000001 within a minute at the default pace', async () => {
    const clock = { now: 0 };
    const server = await startDemoServer({ users: 500, activity: { now: () => clock.now } });
    servers.push(server);
    const before = await conversations(server);
    clock.now += 60_000;
    expect(await conversations(server)).not.toEqual(before);
  });
});
