// The detail's modes through the keys, against the embedded demo server: full screen below 30
// rows and with `f`, the search's matches with `/`, `n`, `N`, top and bottom with `g`/`G`, and
// the order in which Esc backs out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { dispatchInput, dispatchKey } from '../../src/keys/dispatch.js';
import { screenGeometry } from '../../src/layout/frame.js';
import { paneViewport } from '../../src/layout/detailLines.js';
import { currentList, currentScreen, selectedRow } from '../../src/store/selectors.js';
import { createAppStore } from '../../src/store/store.js';
import { settled, storeFor } from '../support/demoStore.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 100 });
});
afterAll(async () => {
  await demo.close();
});

type Store = ReturnType<typeof createAppStore>;

async function conversations(): Promise<Store> {
  const store = storeFor(demo);
  store.getState().start();
  await settled(store);
  store.getState().openUser(DEMO.firstUserID);
  await expect.poll(() => currentList(store.getState())?.rows.length ?? 0, { timeout: 5000 }).toBeGreaterThan(0);
  return store;
}

function keys(store: Store, rows: number, ...pressed: string[]): void {
  const ctx = { terminal: { columns: 80, rows }, color: false, keys: DEFAULT_KEYS };
  for (const key of pressed) dispatchKey(key, store, ctx);
}

function type(store: Store, rows: number, text: string): void {
  keys(store, rows, ...[...text]);
}

describe('the detail view', () => {
  it('opens full screen below 30 rows and split from 30; f toggles; Esc or q closes the full-screen detail in one step', async () => {
    const store = await conversations();
    keys(store, 24, 'd');
    expect(store.getState().detail).toMatchObject({ open: true, full: true });
    keys(store, 24, 'f');
    expect(store.getState().detail.full).toBe(false);
    keys(store, 24, 'f', 'escape');
    expect(store.getState().detail.open).toBe(false);
    keys(store, 24, 'd', 'q');
    expect(store.getState().detail.open).toBe(false);
    expect(currentScreen(store.getState()).name).toBe('user'); // q closed the detail, not the user
    keys(store, 40, 'd');
    expect(store.getState().detail).toMatchObject({ open: true, full: false });
    // Split: `/` is still the page's filter and `n` the next page.
    keys(store, 40, '/');
    expect(store.getState().prompt?.kind).toBe('filter');
    keys(store, 40, 'escape', 'escape');
    expect(store.getState().detail.open).toBe(false);
    keys(store, 24, 'd');
    expect(store.getState().detail).toMatchObject({ open: true, full: true });
    expect(currentScreen(store.getState()).name).toBe('user');
  });

  it('searches the full-screen detail: n and N go between matches, wrapping; Esc ends the search first', async () => {
    const store = await conversations();
    keys(store, 24, 'd', '/');
    expect(store.getState().prompt?.kind).toBe('detailSearch');
    type(store, 24, DEMO.firstUserID);
    keys(store, 24, 'enter');
    const search = store.getState().detail.search!;
    expect(search.query).toBe(DEMO.firstUserID);
    expect(search.count).toBeGreaterThanOrEqual(2);
    expect(search.match).toBe(0);
    keys(store, 24, 'n');
    expect(store.getState().detail.search!.match).toBe(1);
    keys(store, 24, 'N', 'N');
    expect(store.getState().detail.search!.match).toBe(search.count - 1);
    keys(store, 24, 'escape');
    expect(store.getState().detail).toMatchObject({ open: true, full: true, search: null });
    // A word that is nowhere: said, and no search is left behind.
    keys(store, 24, '/');
    type(store, 24, 'zzqqxx');
    keys(store, 24, 'enter');
    expect(store.getState().detail.search).toBeNull();
    expect(store.getState().flash?.text).toContain('no match for "zzqqxx"');
  });

  it('a search typed and submitted in one read (text then Enter) goes to its first match, as with the Enter key', async () => {
    const store = await conversations();
    keys(store, 24, 'd', '/');
    dispatchInput({ type: 'text', text: `${DEMO.firstUserID}\r`, bracketed: false }, store, { terminal: { columns: 80, rows: 24 }, color: false, keys: DEFAULT_KEYS });
    expect(store.getState().prompt).toBeNull();
    expect(store.getState().detail.search).toMatchObject({ query: DEMO.firstUserID, match: 0 });
    expect(store.getState().detail.search!.count).toBeGreaterThanOrEqual(2);
  });

  it('G goes to the bottom of the detail and g back to the top', async () => {
    const store = await conversations();
    keys(store, 24, 'd', 'G');
    const scroll = store.getState().detail.scroll;
    const row = selectedRow(store.getState())!;
    const list = currentList(store.getState())!;
    // The bottom: the last line of the detail is on screen, and nothing lies below it.
    // The full-screen detail of a user's list: all 24 lines but the chrome (4) and the summary line.
    const view = paneViewport(list.kind, row, 80, 24 - 4 - 1, false, scroll);
    expect(screenGeometry({ columns: 80, rows: 24 }, { screen: 'user', detail: 'full' }).detail?.rows).toBe(19);
    expect(scroll).toBeGreaterThan(0);
    expect(view.exact).toBe(true);
    expect(view.start).toBe(view.maxScroll);
    keys(store, 24, 'g');
    expect(store.getState().detail.scroll).toBe(0);
  });
});
