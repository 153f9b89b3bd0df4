// The one input path over a slow server (the demo with latency, over loopback): keys typed while a
// page loads wait for it, Ctrl-C and q's quit never do, Esc gives the step up, and Esc closes one
// thing in front at a time (store/overlays.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { dispatchKey } from '../../src/keys/dispatch.js';
import { NO_ROW } from '../../src/keys/bindings.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { settled, storeFor } from '../support/demoStore.js';

let slow: DemoServer;
beforeAll(async () => {
  slow = await startDemoServer({ users: 1000, latencyMs: 150 });
});
afterAll(async () => {
  await slow.close();
});

const ctx = { terminal: { columns: 120, rows: 40 }, color: false, keys: DEFAULT_KEYS };

async function started() {
  const quit = vi.fn();
  const store = storeFor(slow, { quit });
  store.getState().start();
  await expect.poll(() => currentList(store.getState())?.loadedPage, { timeout: 5000 }).toBe(1);
  const key = (...keys: string[]) => keys.forEach((k) => dispatchKey(k, store, ctx));
  return { store, quit, key, s: () => store.getState() };
}

describe('keys during a slow page', () => {
  it('n j j: the cursor moves on the new page, not the old one', async () => {
    const { key, s } = await started();
    key('n', 'j', 'j');
    expect(currentList(s())!.cursor).toBe(0);
    expect(s().typedAhead).toBe(2);
    await expect.poll(() => currentList(s())!.loadedPage, { timeout: 5000 }).toBe(2);
    expect(currentList(s())!.cursor).toBe(2);
    expect(s().typedAhead).toBe(0);
  });

  it('n n ?: page steps and help act at once (bindings marked atOnce), never behind the load', async () => {
    const { key, s } = await started();
    key('n', 'n');
    expect(s().typedAhead).toBe(0);
    key('?');
    expect(s().help).toBe(true);
    expect(s().typedAhead).toBe(0);
    key('?');
    await expect.poll(() => currentList(s())!.loadedPage, { timeout: 5000 }).toBe(3);
  });

  it('Ctrl-C and q on a top-level list quit at once, behind no load', async () => {
    const a = await started();
    a.key('n', 'd', 'ctrl+c');
    expect(a.quit).toHaveBeenCalledTimes(1);
    const b = await started();
    b.key('n', 'd', 'q');
    expect(b.quit).toHaveBeenCalledTimes(1);
    expect(b.s().typedAhead).toBe(0);
  });

  it('Esc gives the step up: the page on screen stays, the keys behind it go', async () => {
    const { key, s, store } = await started();
    key('n', 'd', 'escape');
    const list = currentList(s())!;
    expect(list).toMatchObject({ page: 1, loadedPage: 1, loading: false });
    expect(s().flash?.text).toBe('stopped loading page 2; showing page 1 (1 key typed ahead dropped)');
    expect(store.stats.started).toBe(2);
    // Nothing comes back to change the page: a later reload ends after the given-up step would have.
    key('r');
    await settled(store);
    expect(currentList(s())).toMatchObject({ page: 1, loadedPage: 1 });
    expect(s().detail.open).toBe(false);
  });

  it('a key that cannot apply says so: d on a page with no rows', async () => {
    const { key, s, store } = await started();
    s().openUser(DEMO.firstUserID);
    s().setQuery({ conversationIDs: ['si_nobody_none'] });
    key('d');
    await settled(store);
    expect(currentList(s())!.rows).toEqual([]);
    expect(s().detail.open).toBe(false);
    expect(s().flash?.text).toBe(`d (detail) does nothing here: ${NO_ROW}`);
  });
});

describe('Esc closes one thing at a time, innermost first', () => {
  it('help, the log, then the pane, then the filter, then the screen', async () => {
    const { key, s } = await started();
    key('enter');
    await expect.poll(() => currentList(s())?.loadedPage, { timeout: 5000 }).toBe(1);
    s().openPrompt('filter');
    s().editPrompt({ text: 'si_', bracketed: true });
    s().submitPrompt();
    key('d');
    expect(s().detail.open).toBe(true);
    key('?');
    expect(s().help).toBe(true);
    key('escape');
    expect(s().help).toBe(false);
    s().flashInfo('an earlier message');
    key('L');
    expect(s().log).toEqual({ scroll: 0 });
    // The log is read-only and in front: its keys scroll it, none reaches the page behind.
    key('n');
    expect(currentList(s())!.page).toBe(1);
    key('escape');
    expect(s().log).toBeNull();
    expect(s().detail.open).toBe(true);
    key('escape');
    expect(s().detail.open).toBe(false);
    expect(currentList(s())!.filter).toBe('si_');
    key('escape');
    expect(currentList(s())!.filter).toBe('');
    expect(currentScreen(s()).name).toBe('user');
    key('escape');
    expect(currentScreen(s()).name).toBe('users');
  });

  it('the next key dismisses the message; the log still has it', async () => {
    const { key, s } = await started();
    s().runCommand('columns bogus');
    expect(s().flash?.text).toMatch(/^no column shows bogus here/);
    key('j');
    expect(s().flash).toBeNull();
    expect(s().messageLog[0]!.text).toMatch(/^no column shows bogus here/);
  });
});
