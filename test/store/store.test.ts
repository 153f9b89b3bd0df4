// The store against the embedded demo server over loopback: paging, caching, request discipline,
// navigation and the modes, as a user of the keys would notice them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TABS } from '../../src/lists/names.js';
import { OpenIMClient } from '../../src/api/client.js';
import type { Conversation, User } from '../../src/api/schemas.js';
import { settled, storeFor } from '../support/demoStore.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { createAppStore } from '../../src/store/store.js';
import { currentList, currentScreen, selectedRow } from '../../src/store/selectors.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

let demo: DemoServer;
let slow: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 1000 });
  slow = await startDemoServer({ users: 1000, latencyMs: 60 });
});
afterAll(async () => {
  await demo.close();
  await slow.close();
});

describe('store', () => {
  it('loads the first page of users at start and pages forward and back', async () => {
    const store = storeFor(demo);
    store.getState().start();
    await settled(store);
    let list = currentList(store.getState())!;
    expect(list.rows).toHaveLength(20);
    expect(list.total).toBeGreaterThan(900);
    expect((list.rows[0] as User).userID).toBe(DEMO.firstUserID);

    store.getState().nextPage();
    await settled(store);
    list = currentList(store.getState())!;
    expect(list.page).toBe(2);
    expect((list.rows[0] as User).userID).not.toBe(DEMO.firstUserID);

    const before = demo.requestCount('/user/get_users');
    store.getState().prevPage();
    // Served from the cache: no request, and no loading state at all.
    list = currentList(store.getState())!;
    expect(list.loading).toBe(false);
    expect((list.rows[0] as User).userID).toBe(DEMO.firstUserID);
    expect(demo.requestCount('/user/get_users')).toBe(before);
  });

  it('rapid page steps: one request in flight, results in order, the last page wins', async () => {
    const store = storeFor(slow);
    store.getState().start();
    await settled(store);
    const before = slow.requestCount('/user/get_users');
    for (let i = 0; i < 15; i++) store.getState().nextPage();
    expect(currentList(store.getState())!.page).toBe(16);
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.loadedPage).toBe(16);
    expect((list.rows[0] as User).userID).toBe(((await firstIdOfPage(slow, 16))));
    expect(store.stats.maxInFlight).toBe(1);
    // Each step cancels the one before it, here before it even reached the server.
    expect(slow.requestCount('/user/get_users') - before).toBeLessThanOrEqual(3);
  });

  it('keeps the first row in view when the page size changes', async () => {
    const store = storeFor(demo);
    store.getState().start();
    await settled(store);
    store.getState().goToPage(3); // rows 41..60
    await settled(store);
    store.getState().changePageSize(1); // 50 per page: row 41 is on page 1
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.size).toBe(50);
    expect(list.page).toBe(1);
    store.getState().changePageSize(-1);
    store.getState().changePageSize(-1); // 10 per page
    await settled(store);
    expect(currentList(store.getState())!.size).toBe(10);
  });

  it('clamps a page jump past the end and says so', async () => {
    const store = storeFor(demo);
    store.getState().start();
    await settled(store);
    store.getState().goToPage(100_000);
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.page).toBe(Math.ceil(list.total / list.size));
    expect(list.rows.length).toBeGreaterThan(0);
    expect(store.getState().flash?.text).toMatch(/there are \d+ pages/);
  });

  it('opens a user from the users list, with conversations pinned first', async () => {
    const store = storeFor(demo);
    store.getState().start();
    await settled(store);
    store.getState().openRow();
    expect(currentScreen(store.getState())).toEqual({ name: 'user', userID: DEMO.firstUserID, tab: 'conversations' });
    await settled(store);
    const list = currentList(store.getState())!;
    const rows = list.rows as Conversation[];
    expect(rows).toHaveLength(20);
    const firstUnpinned = rows.findIndex((c) => !c.IsPinned);
    expect(firstUnpinned).toBeGreaterThan(0);
    expect(rows.slice(firstUnpinned).every((c) => !c.IsPinned)).toBe(true);
    expect(list.extra?.unreadTotal).toBeGreaterThan(0);
    expect(list.totalExact).toBe(false);
    expect(store.getState().recentUsers[0]).toBe(DEMO.firstUserID);
  });

  it('learns where an estimated conversation list ends from a short page', async () => {
    const store = storeFor(demo);
    store.getState().openUser(DEMO.firstUserID);
    store.getState().changePageSize(1);
    store.getState().changePageSize(1); // 100 per page: 240 conversations → pages 1, 2, 3 (short)
    await settled(store);
    store.getState().goToPage(3);
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.rows).toHaveLength(40);
    expect(list.knownLastPage).toBe(3);
    store.getState().nextPage();
    expect(currentList(store.getState())!.page).toBe(3);
  });

  it('shows a user without conversations as empty with the server\'s 1004 beside it', async () => {
    const store = storeFor(demo);
    store.getState().openUser(DEMO.noConversationsUserID);
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.error).toBeNull();
    expect(list.rows).toEqual([]);
    expect(list.notice).toMatch(/no conversations \(server: 1004 RecordNotFoundError\)/);
  });

  it("each tab keeps its own page: the blacklist opens at its first, the conversations come back at theirs", async () => {
    const store = storeFor(demo);
    store.getState().openUser(DEMO.firstUserID);
    await settled(store);
    store.getState().nextPage();
    await settled(store);
    store.getState().setTab('blacklist');
    await settled(store);
    const blacks = currentList(store.getState())!;
    expect(blacks).toMatchObject({ kind: 'blacklist', page: 1 });
    expect(blacks.rows).toHaveLength(DEMO.firstUser.blacks);
    store.getState().setTab('conversations');
    expect(currentList(store.getState())).toMatchObject({ kind: 'conversations', page: 2 });
  });

  it('Shift-Tab on the first tab wraps to the last', async () => {
    const store = storeFor(demo);
    store.getState().openUser(DEMO.firstUserID);
    await settled(store);
    store.getState().cycleTab(-1);
    await settled(store);
    expect(currentList(store.getState())!.kind).toBe(USER_TABS.at(-1));
  });

  it('opens the user a blacklist row names; Esc comes back to the blacklist', async () => {
    const store = storeFor(demo);
    store.getState().openUser(DEMO.firstUserID);
    await settled(store);
    store.getState().setTab('blacklist');
    await settled(store);
    const blocked = (selectedRow(store.getState()) as { blackUserInfo: { userID: string } }).blackUserInfo.userID;
    expect(blocked).not.toBe(DEMO.firstUserID);
    store.getState().openNamedUser();
    expect(currentScreen(store.getState())).toEqual({ name: 'user', userID: blocked, tab: 'conversations' });
    store.getState().escape();
    expect(currentScreen(store.getState())).toMatchObject({ name: 'user', userID: DEMO.firstUserID, tab: 'blacklist' });
  });

  it('Esc closes the prompt, then the pane, then the filter, then the screen (store/overlays.ts)', async () => {
    const store = storeFor(demo);
    store.getState().openUser(DEMO.firstUserID);
    await settled(store);
    const s = () => store.getState();
    s().toggleDetail();
    s().openPrompt('filter');
    s().editPrompt({ text: 'si_', bracketed: true });
    const filtered = currentList(s())!;
    expect(filtered.filter).toBe('si_');
    s().submitPrompt();
    expect(s().prompt).toBeNull();
    expect(currentList(s())!.filter).toBe('si_');
    s().escape();
    expect(s().detail.open).toBe(false);
    expect(currentList(s())!.filter).toBe('si_');
    s().escape();
    expect(currentList(s())!.filter).toBe('');
    s().escape();
    expect(currentScreen(s()).name).toBe('users');
  });

  it('searches system accounts by exact keyword and starts again at page 1', async () => {
    const store = storeFor(demo);
    store.getState().goTo('accounts');
    await settled(store);
    expect(currentList(store.getState())!.rows.length).toBe(DEMO.notificationAccountIDs.length);
    store.getState().openPrompt('search');
    store.getState().editPrompt({ text: DEMO.robotIDs[0]!, bracketed: true });
    store.getState().submitPrompt();
    await settled(store);
    let list = currentList(store.getState())!;
    expect(list.rows.map((r) => (r as { userID: string }).userID)).toEqual([DEMO.robotIDs[0]]);
    store.getState().openPrompt('search');
    store.getState().editPrompt({ text: 'notify', bracketed: true }); // partial: the server matches exactly only
    store.getState().submitPrompt();
    await settled(store);
    list = currentList(store.getState())!;
    expect(list.rows).toEqual([]);
    expect(list.page).toBe(1);
  });

  it('runs : commands and reports unknown ones', async () => {
    const store = storeFor(demo);
    store.getState().start();
    store.getState().runCommand('user ' + DEMO.firstUserID);
    // The ID is checked on the server first.
    await expect.poll(() => currentScreen(store.getState()), { timeout: 5000 }).toMatchObject({ name: 'user', userID: DEMO.firstUserID });
    store.getState().runCommand('acc');
    expect(currentScreen(store.getState()).name).toBe('accounts');
    store.getState().runCommand('frobnicate');
    expect(store.getState().flash).toMatchObject({ level: 'error', text: expect.stringMatching(/unknown command/) });
  });

  it('obtains a new token once, transparently, when the server says it expired', async () => {
    const store = storeFor(demo);
    store.getState().start();
    await settled(store);
    const logins = demo.requestCount('/auth/get_admin_token');
    demo.expireTokens();
    store.getState().reload();
    await settled(store);
    expect(currentList(store.getState())!.error).toBeNull();
    expect(demo.requestCount('/auth/get_admin_token')).toBe(logins + 1);
  });

  it('shows an auth failure with a way out when there is no secret to log in again', async () => {
    const client = new OpenIMClient({ baseUrl: demo.url, token: 'abc', adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1e6 });
    const store = createAppStore({ client, pageSize: 20 });
    store.getState().start();
    await settled(store);
    const error = currentList(store.getState())!.error;
    expect(error?.kind).toBe('api');
    expect(error && 'errCode' in error ? error.errCode : 0).toBe(1503);
    expect(JSON.stringify(error)).not.toContain('token=abc');
  });

  it('copies the selected row as JSON', async () => {
    const copied: string[] = [];
    const store = storeFor(demo, { copy: (t) => copied.push(t) });
    store.getState().start();
    await settled(store);
    store.getState().moveCursor(2);
    store.getState().copyRow();
    expect(JSON.parse(copied[0]!).userID).toBe((currentList(store.getState())!.rows[2] as User).userID);
  });
});

async function firstIdOfPage(server: DemoServer, page: number): Promise<string> {
  const res = await fetch(`${server.url}/user/get_users`, {
    method: 'POST',
    headers: { operationID: '1', token: server.adminToken(), 'content-type': 'application/json' },
    body: JSON.stringify({ pagination: { pageNumber: page, showNumber: 20 } }),
  });
  const body = (await res.json()) as { data: { users: { userID: string }[] } };
  return body.data.users[0]!.userID;
}
