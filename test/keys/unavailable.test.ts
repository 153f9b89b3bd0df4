// A binding that can do nothing here says why (BindingSpec `disabled`, as lazygit's disabled
// reasons): dispatch says the reason instead of running it, the footer leaves its hint out, help
// writes the reason beside it. And what is in front has one order (store/overlays.ts), which
// both dispatch and the footer read (keymap.scopesInFront), the screens over the body among it
// (store/bodyScreens.ts). Against the demo server on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { BINDINGS, NO_ROW } from '../../src/keys/bindings.js';
import { dispatchKey } from '../../src/keys/dispatch.js';
import { helpEntries } from '../../src/keys/help.js';
import { DEFAULT_KEYS, scopesInFront } from '../../src/keys/keymap.js';
import { BODY_SCREENS, bodyScreenInFront } from '../../src/store/bodyScreens.js';
import type { StoreDeps } from '../../src/store/deps.js';
import { frontOverlay } from '../../src/store/overlays.js';
import { currentList } from '../../src/store/selectors.js';
import { settled, storeFor } from '../support/demoStore.js';
import { NO_SAMPLE, OPEN_BODY_SCREEN } from '../support/bodyScreens.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ users: 30 });
});
afterAll(async () => {
  await server.close();
});

const ctx = { terminal: { columns: 120, rows: 40 }, color: false, keys: DEFAULT_KEYS };

/** A user's conversations tab: with its rows, or narrowed to a conversation no one has (no rows). */
async function conversations(empty: boolean, deps: Partial<StoreDeps> = {}) {
  const store = storeFor(server, deps);
  const s = () => store.getState();
  s().start();
  await settled(store);
  s().openUser(DEMO.firstUserID);
  await settled(store);
  if (empty) {
    s().setQuery({ conversationIDs: ['si_nobody_none'] });
    await settled(store);
  }
  expect(currentList(s())!.rows.length === 0).toBe(empty);
  const key = (...keys: string[]) => keys.forEach((k) => dispatchKey(k, store, ctx));
  return { store, s, key };
}

const ROW_HINTS = ['⏎ open', 'd detail', 'o user'];

describe('a binding unavailable here', () => {
  it('on a page without rows the footer offers no row keys; with rows it does', async () => {
    const empty = await conversations(true);
    const emptyHints = DEFAULT_KEYS.hintsFor(scopesInFront(empty.s()), DEFAULT_KEYS.unavailableHere(empty.s()));
    for (const hint of ROW_HINTS) expect(emptyHints).not.toContain(hint);
    // The keys that still work stay.
    expect(emptyHints).toContain('? help');
    expect(emptyHints).toContain('/ filter');

    const full = await conversations(false);
    const fullHints = DEFAULT_KEYS.hintsFor(scopesInFront(full.s()), DEFAULT_KEYS.unavailableHere(full.s()));
    for (const hint of ROW_HINTS) expect(fullHints).toContain(hint);
  });

  it('d, Enter, o and y say why on the status line and do nothing', async () => {
    const { s, key } = await conversations(true);
    const screens = s().nav.length;
    key('d');
    expect(s().detail.open).toBe(false);
    expect(s().flash?.text).toBe(`d (detail) does nothing here: ${NO_ROW}`);
    key('enter');
    expect(s().nav.length).toBe(screens);
    expect(s().flash?.text).toBe(`Enter (open) does nothing here: ${NO_ROW}`);
    key('o');
    expect(s().flash?.text).toBe(`o (openUser) does nothing here: ${NO_ROW}`);
    key('y');
    expect(s().flash?.text).toBe(`y (copy) does nothing here: ${NO_ROW}`);
  });

  it('with rows, the same keys run: d opens the pane, and d closes it again', async () => {
    const { s, key } = await conversations(false);
    key('d');
    expect(s().detail.open).toBe(true);
    key('d');
    expect(s().detail.open).toBe(false);
    expect(s().flash).toBeNull();
  });

  it('help writes the reason beside each unavailable key, and only there', async () => {
    const empty = await conversations(true);
    const entries = helpEntries(DEFAULT_KEYS, DEFAULT_KEYS.unavailableHere(empty.s()));
    const detail = entries.find((e) => e.action === 'detail')!;
    expect(detail.description).toBe(`show or hide the detail pane (not here: ${NO_ROW})`);
    // A key that works here reads as it always does.
    expect(entries.find((e) => e.action === 'filter')!.description).not.toContain('not here');

    const full = await conversations(false);
    expect(helpEntries(DEFAULT_KEYS, DEFAULT_KEYS.unavailableHere(full.s())).some((e) => e.description.includes('not here'))).toBe(false);
  });
});

describe('one order of what is in front', () => {
  it('keys reach the question first, then the first overlay that takes every key; Esc closes in the same order', async () => {
    const { store, s } = await conversations(false);
    expect(scopesInFront(s()).slice(0, 2)).toEqual(['user', 'conversations']);
    s().toggleHelp();
    expect(scopesInFront(s())).toEqual(['help']);
    expect(frontOverlay(s())?.name).toBe('help');
    // A running export's cancel question asked while help is open: its answers come first, then help's keys.
    store.setState({ exporting: { kind: 'conversations', format: 'json', path: 'x.json', pages: 0, rows: 0, cancelAsked: true } });
    expect(scopesInFront(s())).toEqual(['question', 'help']);
    expect(frontOverlay(s())?.name).toBe('question');
    store.setState({ exporting: null, help: false });
    s().flashInfo('a message for the log');
    s().openLog();
    expect(scopesInFront(s())).toEqual(['log']);
    s().closeLog();
    s().openPrompt('filter');
    expect(scopesInFront(s())).toEqual(['prompt']);
    expect(frontOverlay(s())?.name).toBe('prompt');
  });
});

describe.each(BODY_SCREENS.map((screen) => [screen.name, screen] as const))('the screen over the body %s', (name, screen) => {
  it('has keys of its own, under its title in help', () => {
    const rows = BINDINGS.filter((b) => b.scope === name);
    expect(rows.length).toBeGreaterThan(0);
    expect(helpEntries().filter((e) => e.group === screen.title).map((e) => e.action)).toEqual(rows.map((b) => b.action));
  });

  it('opens in front of the list, takes every key, acts while a page loads, and Esc closes it', async () => {
    const { store, s, key } = await conversations(false, NO_SAMPLE);
    const behind = scopesInFront(s());
    OPEN_BODY_SCREEN[name](store);
    expect(screen.open(s())).toBe(true);
    expect(frontOverlay(s())?.name).toBe(name);
    expect(bodyScreenInFront(s())).toBe(name);
    expect(scopesInFront(s())).toEqual([name]);
    const first = BINDINGS.find((b) => b.scope === name && !(b.keys as readonly string[]).includes('escape'))!;
    expect(DEFAULT_KEYS.bindingFor(first.keys[0]!, scopesInFront(s()))).toBe(first);
    // A page loading behind it does not hold its keys back.
    s().reload();
    expect(currentList(s())!.loading).toBe(true);
    key(first.keys[0]!);
    expect(s().typedAhead).toBe(0);
    expect(screen.open(s())).toBe(true);
    key('escape');
    expect(screen.open(s())).toBe(false);
    expect(scopesInFront(s())).toEqual(behind);
    await settled(store);
  });
});
