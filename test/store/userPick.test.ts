// A typed user ID is checked before its screen opens, and every user screen gets its summary,
// each figure fetched on its own: against the demo server over loopback, and through a proxy of
// the test's own that holds the summary's requests back.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { USER_TABS } from '../../src/lists/names.js';
import { summaryPart } from '../../src/lists/registry.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { storeFor } from '../support/demoStore.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 1000 });
});
afterAll(() => demo.close());

function storeOn(url: string) {
  const store = storeFor({ url });
  store.getState().start();
  return store;
}
type Store = ReturnType<typeof storeOn>;
const flash = (store: Store) => store.getState().flash?.text ?? '';

describe('picking a user by ID', () => {
  it('an unknown ID says so and opens nothing', async () => {
    const store = storeOn(demo.url);
    store.getState().pickUser('nosuch');
    await expect.poll(() => flash(store), { timeout: 5000 }).toBe('no such user: nosuch');
    expect(store.getState().nav).toEqual([{ name: 'users' }]);
    expect(store.getState().recentUsers).not.toContain('nosuch');
  });

  it('an ID in the wrong case names the one that exists', async () => {
    const store = storeOn(demo.url);
    store.getState().pickUser(DEMO.firstUserID.toUpperCase());
    await expect.poll(() => flash(store), { timeout: 5000 }).toMatch(/^no such user: USER_000001 \(user_000001 exists: IDs are case-sensitive\)$/);
  });

  it('a system account opens, with a note saying what it is', async () => {
    const store = storeOn(demo.url);
    const id = DEMO.notificationAccountIDs[0]!;
    store.getState().runCommand(`user ${id}`);
    await expect.poll(() => currentScreen(store.getState()), { timeout: 5000 }).toMatchObject({ name: 'user', userID: id });
    expect(flash(store)).toMatch(/is a system account \(level 3, notification account\)/);
    expect(store.getState().summaries[id]?.profile).toMatchObject({ state: 'ok', value: { kind: 'system' } });
  });

  it('a robot and the admin are found by their exact ID too, each with its level (get_users_info lists every level)', async () => {
    const store = storeOn(demo.url);
    const robot = DEMO.robotIDs[0]!;
    store.getState().pickUser(robot);
    await expect.poll(() => currentScreen(store.getState()), { timeout: 5000 }).toMatchObject({ name: 'user', userID: robot });
    expect(flash(store)).toMatch(/is a system account \(level 4, /);
    store.getState().pickUser(DEMO.adminUserID);
    await expect.poll(() => currentScreen(store.getState()), { timeout: 5000 }).toMatchObject({ name: 'user', userID: DEMO.adminUserID });
    expect(flash(store)).toMatch(/is the admin user \(level 3, notification account\)/);
  });

  it('an ordinary user opens, and the summary gets every figure', async () => {
    const store = storeOn(demo.url);
    store.getState().pickUser(DEMO.firstUserID);
    await expect.poll(() => currentScreen(store.getState()).name, { timeout: 5000 }).toBe('user');
    await expect
      .poll(() => Object.values(store.getState().summaries[DEMO.firstUserID] ?? {}).every((p) => p.state === 'ok' || p.state === 'unasked'), { timeout: 5000 })
      .toBe(true);
    const summary = store.getState().summaries[DEMO.firstUserID]!;
    expect(summary.profile).toMatchObject({ value: { kind: 'user', user: { userID: DEMO.firstUserID } } });
    // Who is online: one get_users_status for the user (the demo's first user is on iOS and the web).
    expect(summary.presence).toMatchObject({ state: 'ok', value: { userID: DEMO.firstUserID, status: 1, platformIDs: [1, 5] } });
    expect(summary.conversations).toMatchObject({
      value: { withMessages: DEMO.firstUser.conversations - DEMO.firstUser.withoutMessage, none: false },
    });
    expect(summary.blacklist).toEqual({ state: 'ok', value: DEMO.firstUser.blacks });
    expect(summary.applications).toEqual({ state: 'ok', value: DEMO.firstUser.friendRequests });
    // A list whose figure is not cheap to ask for waits for its tab (its `userSummary.eager`).
    for (const tab of USER_TABS) expect(summary[tab].state, tab).toBe(summaryPart(tab).eager ? 'ok' : 'unasked');
    const lazy = USER_TABS.find((tab) => !summaryPart(tab).eager);
    if (lazy) {
      store.getState().setTab(lazy);
      await expect.poll(() => store.getState().summaries[DEMO.firstUserID]?.[lazy].state, { timeout: 5000 }).toBe('ok');
    }
  });

  it('a user without conversations has "none" in the summary, not an error', async () => {
    const store = storeOn(demo.url);
    store.getState().openUser(DEMO.noConversationsUserID);
    await expect
      .poll(() => store.getState().summaries[DEMO.noConversationsUserID]?.conversations, { timeout: 5000 })
      .toMatchObject({ state: 'ok', value: { withMessages: 0, unread: 0, none: true } });
  });
});

describe('the summary never holds the tab back', () => {
  let proxy: Server;
  const held: (() => void)[] = [];
  beforeAll(async () => {
    // Forwards to the demo server, but holds every one-row page (the summary's) until released.
    proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const forward = () => {
          const out = httpRequest(demo.url + (req.url ?? '/'), { method: req.method, headers: req.headers }, (reply) => {
            res.writeHead(reply.statusCode ?? 502, reply.headers);
            reply.pipe(res);
          });
          out.on('error', () => res.destroy());
          out.end(body);
        };
        if (body.toString().includes('"showNumber":1}')) held.push(forward);
        else forward();
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('the tab in view loads while every figure of the summary is still on its way', async () => {
    const store = storeOn(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
    store.getState().openUser(DEMO.firstUserID);
    await expect.poll(() => currentList(store.getState())?.rows.length, { timeout: 5000 }).toBe(20);
    const summary = store.getState().summaries[DEMO.firstUserID]!;
    // The tab's own reply already gave the conversations' figures (store/figures.ts); the others wait.
    expect([summary.conversations.state, summary.blacklist.state, summary.applications.state]).toEqual(['ok', 'loading', 'loading']);
    // One held one-row page per figure asked for on open: each eager list's, the tab's own too.
    await expect.poll(() => held.length, { timeout: 5000 }).toBe(USER_TABS.filter((tab) => summaryPart(tab).eager).length);
    for (const release of held.splice(0)) release();
    await expect.poll(() => store.getState().summaries[DEMO.firstUserID]?.blacklist, { timeout: 5000 }).toEqual({
      state: 'ok',
      value: DEMO.firstUser.blacks,
    });
  });
});
