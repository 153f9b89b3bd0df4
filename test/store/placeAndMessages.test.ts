// The store against the demo server over loopback: the page size that follows the terminal, the
// selected row kept across sizes, the end of a list, and status messages that belong to a step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, User } from '../../src/api/schemas.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { currentList, selectedRow } from '../../src/store/selectors.js';
import { createAppStore } from '../../src/store/store.js';
import { settled, storeFor } from '../support/demoStore.js';

let demo: DemoServer;
let slow: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 1000 });
  slow = await startDemoServer({ users: 1000, latencyMs: 80 });
});
afterAll(async () => {
  await demo.close();
  await slow.close();
});

type Store = ReturnType<typeof createAppStore>;
// 18 rows a page: what fits under a user's summary line at 24 rows.
const storeAt18 = (server: DemoServer, extra: Parameters<typeof storeFor>[1] = {}): Store =>
  storeFor(server, { pageSize: 18, copy: () => undefined, ...extra });
const selectedID = (store: Store): string | undefined => (selectedRow(store.getState()) as User | undefined)?.userID;

describe('page size', () => {
  it('follows the terminal while none was chosen, keeping the selected row', async () => {
    const store = storeAt18(demo);
    store.getState().start();
    await settled(store);
    store.getState().goToPage(3);
    await settled(store);
    store.getState().moveCursor(13); // row 50
    expect(selectedID(store)).toBe('user_000050');
    store.getState().fitPageSize(34); // the terminal grew
    await settled(store);
    expect(currentList(store.getState())).toMatchObject({ size: 34, page: 2, cursor: 15 });
    expect(selectedID(store)).toBe('user_000050');
  });

  it("gives a user's lists the rows that fit under the summary line, and the top-level lists theirs", async () => {
    const store = storeAt18(demo);
    store.getState().fitPageSize(18, 17);
    store.getState().start();
    await settled(store);
    expect(currentList(store.getState())!.size).toBe(18);
    store.getState().openUser(DEMO.firstUserID);
    await settled(store);
    expect(currentList(store.getState())!.size).toBe(17);
    store.getState().setTab('blacklist');
    await settled(store);
    expect(currentList(store.getState())!.size).toBe(17);
    store.getState().fitPageSize(34, 33); // the terminal grew
    await settled(store);
    expect(currentList(store.getState())!.size).toBe(33);
    store.getState().back();
    await settled(store);
    expect(currentList(store.getState())!.size).toBe(34);
  });

  it('stays as chosen (+) when the terminal changes, and lists shown later take it', async () => {
    const store = storeAt18(demo);
    store.getState().start();
    await settled(store);
    store.getState().changePageSize(1);
    await settled(store);
    expect(store.getState()).toMatchObject({ pageSize: 20, pageSizeFixed: true });
    store.getState().fitPageSize(40);
    expect(currentList(store.getState())!.size).toBe(20);
    store.getState().goTo('accounts');
    await settled(store);
    expect(currentList(store.getState())!.size).toBe(20);
  });

  it('a list shown again takes the size in force, keeping its selected row', async () => {
    const store = storeAt18(demo);
    store.getState().start();
    await settled(store);
    store.getState().moveCursor(4);
    store.getState().goTo('accounts');
    await settled(store);
    store.getState().fitPageSize(10);
    store.getState().goTo('users'); // a jump: replaces the top level (store/history.ts)
    await settled(store);
    expect(currentList(store.getState())!.size).toBe(10);
    expect(selectedID(store)).toBe('user_000005');
  });
});

describe('the end of an estimated list', () => {
  async function conversations20(): Promise<Store> {
    const store = storeFor(demo, { pageSize: 20, pageSizeFixed: true, copy: () => undefined });
    store.getState().openUser(DEMO.firstUserID);
    await settled(store);
    return store;
  }

  it('a step past a full last page stays on it, says "end of list", and keeps the cursor', async () => {
    const store = await conversations20();
    store.getState().goToPage(12);
    await settled(store);
    store.getState().moveCursor(5);
    store.getState().nextPage(); // page 13: empty (240 conversations)
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list).toMatchObject({ page: 12, loadedPage: 12, knownLastPage: 12, cursor: 5 });
    expect(list.rows).toHaveLength(20);
    expect(store.getState().flash?.text).toBe('end of list: page 12 is the last');
    store.getState().nextPage();
    expect(store.getState().flash?.text).toBe('already on the last page');
  });

  it('a jump far past the end shows the last page the total vouches for', async () => {
    const store = await conversations20();
    store.getState().goToPage(20);
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.loadedPage).toBe(12);
    expect((list.rows as Conversation[]).length).toBe(20);
    expect(store.getState().flash?.text).toBe('end of list: page 20 is past it; showing page 12');
  });

  it('the last-page key goes to the estimate, then looks one page further', async () => {
    const store = await conversations20();
    store.getState().lastPage();
    await settled(store);
    expect(currentList(store.getState())!.loadedPage).toBe(12);
    store.getState().lastPage();
    await settled(store);
    expect(currentList(store.getState())!.knownLastPage).toBe(12);
    store.getState().firstPage();
    await settled(store);
    expect(currentList(store.getState())!.loadedPage).toBe(1);
  });
});

describe('status messages', () => {
  it('a step asked for before the first page arrived is taken, not refused', async () => {
    const store = storeAt18(slow);
    store.getState().start();
    store.getState().nextPage();
    expect(store.getState().flash).toBeNull();
    await settled(store);
    expect(currentList(store.getState())!.loadedPage).toBe(2);
  });

  it('belong to their screen: navigating clears them, and a good command clears a usage message', async () => {
    const store = storeAt18(demo);
    store.getState().start();
    await settled(store);
    store.getState().copyRowID();
    expect(store.getState().flash).toMatchObject({ text: `copied ${DEMO.firstUserID} (OSC 52)`, listKey: 'users' });
    store.getState().openRow();
    expect(store.getState().flash).toBeNull();
    store.getState().runCommand('page x');
    expect(store.getState().flash?.text).toMatch(/^usage: :page/);
    store.getState().runCommand('page 2');
    expect(store.getState().flash).toBeNull();
  });
});
