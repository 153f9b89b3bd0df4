// Whether a user is online is the one figure on the summary line that no tab's page carries: `r`
// and each live refresh on a user's tab ask for it again, against the living demo over loopback,
// whose clock is the test's (a user's sessions change from one slot of time to the next).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from 'openim-demo-server';
import { getUsersStatus } from '../../src/api/operations.js';
import { currentList } from '../../src/store/selectors.js';
import { createAppStore, type AppStore } from '../../src/store/store.js';
import { demoClient } from '../support/demoClient.js';
import { manualTimers } from '../support/manualTimers.js';

const PACE = 1_000;
/** A user's sessions hold for five paces (the demo's presence.ts). */
const SLOT = 5 * PACE;
const INTERVAL = 5_000;

const demoClock = { now: 0 };
let living: DemoServer;
beforeAll(async () => {
  living = await startDemoServer({ users: 200, activity: { paceMs: PACE, now: () => demoClock.now } });
});
afterAll(() => living.close());

const shown = (store: AppStore, userID: string) => {
  const part = store.getState().summaries[userID]?.presence;
  return part?.state === 'ok' ? `${part.value.status}:${(part.value.platformIDs ?? []).join(',')}` : undefined;
};

/** A user whose sessions differ between the slot at `from` and the next slot, and what each says. */
async function changingUser(from: number): Promise<{ userID: string; before: string; after: string }> {
  const client = demoClient(living);
  const ids = Array.from({ length: 60 }, (_, i) => `user_${String(i + 2).padStart(6, '0')}`);
  const at = async (now: number) => {
    demoClock.now = now;
    const rows = await getUsersStatus(client, ids, new AbortController().signal);
    return new Map(rows.map((r) => [r.userID, `${r.status}:${(r.platformIDs ?? []).join(',')}`]));
  };
  const before = await at(from);
  const after = await at(from + SLOT);
  demoClock.now = from;
  const userID = ids.find((id) => (before.get(id) ?? '0:') !== (after.get(id) ?? '0:'));
  if (!userID) throw new Error('no user of 60 changed sessions between two slots');
  return { userID, before: before.get(userID) ?? '0:', after: after.get(userID) ?? '0:' };
}

async function openUser(userID: string) {
  const clock = manualTimers();
  const store = createAppStore({ client: demoClient(living), pageSize: 20, liveTimers: clock.timers, liveIntervalMs: INTERVAL });
  store.getState().start();
  store.getState().openUser(userID);
  await expect.poll(() => currentList(store.getState())?.loadedPage, { timeout: 5000 }).toBe(1);
  return { store, clock };
}

describe('presence on the summary line', () => {
  it('r asks again whether the user is online, and shows the new answer', async () => {
    const user = await changingUser(0);
    const { store } = await openUser(user.userID);
    await expect.poll(() => shown(store, user.userID), { timeout: 5000 }).toBe(user.before);
    demoClock.now += SLOT;
    store.getState().reload();
    await expect.poll(() => shown(store, user.userID), { timeout: 5000 }).toBe(user.after);
  });

  it('each live refresh of a user tab asks again too', async () => {
    const user = await changingUser(10 * SLOT);
    const { store, clock } = await openUser(user.userID);
    await expect.poll(() => shown(store, user.userID), { timeout: 5000 }).toBe(user.before);
    demoClock.now += SLOT;
    store.getState().toggleLive();
    await expect.poll(() => shown(store, user.userID), { timeout: 5000 }).toBe(user.after);
    clock.advance(INTERVAL);
    store.getState().stopLive();
  });
});
