// The live view on the pulse: whatever its interval, the pulse is asked again once a minute at
// most (each refresh makes the server aggregate every message of the window); the live view's
// timers are the test's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from 'openim-demo-server';
import { createAppStore } from '../../src/store/store.js';
import { demoClient } from '../support/demoClient.js';
import { settled } from '../support/demoStore.js';
import { manualTimers } from '../support/manualTimers.js';

const ACTIVE = '/statistics/user/active';
let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 200 });
});
afterAll(() => demo.close());

describe('the live view on the pulse', () => {
  it('refreshes it once a minute at most on a 5 s interval', async () => {
    const clock = manualTimers();
    const store = createAppStore({ client: demoClient(demo), pageSize: 20, liveTimers: clock.timers, liveIntervalMs: 5_000 });
    store.getState().start();
    store.getState().goTo('pulse');
    await settled(store);
    const before = demo.requestCount(ACTIVE);
    store.getState().toggleLive();
    // On at once (the page may be old): the first refresh goes out.
    await expect.poll(() => demo.requestCount(ACTIVE), { timeout: 5000 }).toBe(before + 1);
    await expect.poll(() => store.getState().live.status.state, { timeout: 5000 }).toBe('scheduled');
    for (let i = 0; i < 11; i++) {
      clock.advance(5_000);
      await expect.poll(() => store.getState().live.status.state, { timeout: 5000 }).toBe('scheduled');
    }
    // 55 s later: no other request.
    expect(demo.requestCount(ACTIVE)).toBe(before + 1);
    clock.advance(5_000);
    await expect.poll(() => demo.requestCount(ACTIVE), { timeout: 5000 }).toBe(before + 2);
    store.getState().stopLive();
  });
});
