// The live view in the store, against the living demo server over loopback. The live view's
// timers and the demo's clock are both the test's: it decides when a refresh is due and when
// something happens on the server, and waits for answers with a deadline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/api/schemas.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { currentList } from '../../src/store/selectors.js';
import { createAppStore, type AppStore } from '../../src/store/store.js';
import { OpenIMClient } from '../../src/api/client.js';
import { demoClient } from '../support/demoClient.js';
import { settled } from '../support/demoStore.js';
import { startFaultServer } from '../support/faultServer.js';
import { NO_RETRIES } from '../support/retryPolicy.js';
import { manualTimers } from '../support/manualTimers.js';

const PATH = '/conversation/get_sorted_conversation_list';
const INTERVAL = 5_000;
const PACE = 1_000;

const demoClock = { now: 0 };
let living: DemoServer;
let slow: DemoServer;
beforeAll(async () => {
  living = await startDemoServer({ users: 500, activity: { paceMs: PACE, now: () => demoClock.now } });
  slow = await startDemoServer({ users: 500, latencyMs: 150 });
});
afterAll(async () => {
  await living.close();
  await slow.close();
});

async function openFirstUser(server: DemoServer) {
  const clock = manualTimers();
  const store = createAppStore({ client: demoClient(server), pageSize: 20, liveTimers: clock.timers, liveIntervalMs: INTERVAL });
  store.getState().start();
  store.getState().openUser(DEMO.firstUserID);
  await expect.poll(() => currentList(store.getState())?.loadedPage, { timeout: 5000 }).toBe(1);
  return { store, clock };
}

/** Waits until the refresh that went out has come back. */
async function refreshed(store: AppStore): Promise<void> {
  await expect.poll(() => store.getState().live.status.state, { timeout: 5000 }).toBe('scheduled');
}

describe('the live view (store)', () => {
  it('w refreshes the page on the interval, and marks what changed on the server', async () => {
    const { store, clock } = await openFirstUser(living);
    const requests = () => store.stats.started;
    const start = requests();
    store.getState().toggleLive();
    // On at once: the page on screen may be old.
    expect(requests()).toBe(start + 1);
    await refreshed(store);
    expect(living.requestCount(PATH)).toBeGreaterThanOrEqual(2); // the page, and its refresh, reached the server
    expect(currentList(store.getState())?.changes).toBeUndefined();
    expect(store.getState().live.refreshedAt).not.toBeNull();

    demoClock.now += PACE; // a message arrives for user_000001
    clock.advance(INTERVAL - 1);
    expect(requests()).toBe(start + 1);
    clock.advance(1);
    expect(requests()).toBe(start + 2);
    await refreshed(store);
    const list = currentList(store.getState())!;
    expect(list.changes?.summary).toMatch(/^(1 new, 1 gone|1 changed)$/);
    const marked = Object.keys(list.changes!.marks);
    expect(marked).toHaveLength(1);
    // The marked conversation is the one with the new message, now the first of its group.
    const row = list.rows.find((r) => (r as Conversation).conversationID === marked[0]) as Conversation;
    expect(row.msgInfo?.LatestMsgRecvTime).toBeGreaterThan(0);
    store.getState().quit();
  });

  it('sends nothing while a prompt or help is open or the terminal has lost focus; catches up after', async () => {
    const { store, clock } = await openFirstUser(living);
    const requests = () => store.stats.started;
    store.getState().toggleLive();
    await refreshed(store);
    const start = requests();
    for (const [pause, resume] of [
      [() => store.getState().openPrompt('filter'), () => store.getState().cancelPrompt()],
      [() => store.getState().toggleHelp(), () => store.getState().toggleHelp()],
      [() => store.getState().setFocus(false), () => store.getState().setFocus(true)],
    ] as const) {
      const before = requests();
      pause();
      expect(store.getState().live.status.state).toBe('paused');
      clock.advance(INTERVAL * 3);
      expect(requests()).toBe(before);
      resume(); // the refresh that fell due goes out now
      expect(requests()).toBe(before + 1);
      await refreshed(store);
    }
    expect(requests()).toBe(start + 3);
    store.getState().quit();
  });

  it('w again turns it off and cancels the refresh in flight; no marks stay', async () => {
    const { store, clock } = await openFirstUser(slow);
    store.getState().toggleLive();
    expect(store.getState().live.status.state).toBe('refreshing');
    store.getState().toggleLive();
    expect(store.getState().live).toMatchObject({ on: false, status: { state: 'off' } });
    clock.advance(INTERVAL * 10);
    expect(store.getState().live.status.state).toBe('off');
    // A reload sent after it answers after the cancelled refresh would have: nothing of it shows.
    const started = store.stats.started;
    store.getState().reload();
    await settled(store);
    expect(store.stats.started).toBe(started + 1);
    const list = currentList(store.getState())!;
    expect(list).toMatchObject({ loading: false, error: null, loadedPage: 1 });
    expect(list.changes).toBeUndefined();
    store.getState().quit();
  });

  it('a page step taken while a refresh runs wins: the refresh never replaces the page moved to', async () => {
    const { store } = await openFirstUser(slow);
    const start = store.stats.started;
    store.getState().toggleLive();
    expect(store.getState().live.status.state).toBe('refreshing');
    store.getState().nextPage();
    // Page 2 goes out at once and the refresh is cancelled: still one request of this list on the wire.
    expect(store.stats.started).toBe(start + 2);
    await expect.poll(() => currentList(store.getState())?.loadedPage, { timeout: 5000 }).toBe(2);
    await refreshed(store);
    const list = currentList(store.getState())!;
    expect(list.page).toBe(2);
    expect(list.loading).toBe(false);
    expect(list.changes).toBeUndefined();
    expect(store.stats.started).toBe(start + 2);
    store.getState().quit();
  });

  it('backs off on 5xx and a refused connection, says the server is not answering, and recovers', async () => {
    const users = (n: number) => ({ errCode: 0, errMsg: '', errDlt: '', data: { total: n, users: Array.from({ length: n }, (_, i) => ({ userID: `u${i}` })) } });
    let failing = false;
    const fault = await startFaultServer((_path, attempt) => {
      if (failing) return attempt % 2 ? { kind: 'status', status: 502, body: 'Bad Gateway' } : { kind: 'reset' };
      return { kind: 'json', body: users(attempt === 1 ? 2 : 3) };
    });
    const clock = manualTimers();
    const client = new OpenIMClient({ baseUrl: fault.url, token: 't', adminUserID: 'imAdmin', timeoutMs: 2000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });
    const store = createAppStore({ client, pageSize: 20, liveTimers: clock.timers, liveIntervalMs: INTERVAL });
    try {
      store.getState().start();
      await expect.poll(() => currentList(store.getState())?.loadedPage, { timeout: 5000 }).toBe(1);
      failing = true;
      store.getState().toggleLive();
      await expect.poll(() => store.getState().live.status.state, { timeout: 5000 }).toBe('backing-off');
      expect(store.getState().live.status).toMatchObject({ failures: 1, at: 2 * INTERVAL });
      clock.advance(2 * INTERVAL);
      await expect.poll(() => store.getState().live.status, { timeout: 5000 }).toMatchObject({ state: 'backing-off', failures: 2 });
      expect(store.getState().connection).toBe('failing');
      // The last good rows stay, with no error bar: the status line speaks for the live view.
      expect(currentList(store.getState())).toMatchObject({ rows: [{ userID: 'u0' }, { userID: 'u1' }], error: null });
      failing = false;
      clock.advance(4 * INTERVAL);
      await refreshed(store);
      expect(store.getState().connection).toBe('ok');
      expect(currentList(store.getState())?.changes?.summary).toBe('1 new');
    } finally {
      store.getState().quit();
      await fault.close();
    }
  });
});
