// A prompt's keys are rows of the one bindings table: rebound in the config file's `keys`, the
// editing keys, Enter's and Esc's rows work by their new keys through the one input path, and
// the old keys no longer do (a character is typed, a name does nothing).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { dispatchInput, dispatchKey } from '../../src/keys/dispatch.js';
import { COMMAND_LINE } from '../../src/keys/commands.js';
import type { KeyOverrides } from '../../src/keys/effective.js';
import { makeSession } from '../../src/keys/session.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { createAppStore } from '../../src/store/store.js';
import { demoClient } from '../support/demoClient.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 50 });
});
afterAll(async () => {
  await demo.close();
});
/** The app on the demo, with a session of the config file's `keys` (the defaults without). */
async function started(overrides?: KeyOverrides) {
  const ctx = { terminal: { columns: 120, rows: 40 }, color: false, keys: makeSession({ keys: overrides, where: 'test' }).keys };
  const store = createAppStore({ client: demoClient(demo), pageSize: 20, commandLine: COMMAND_LINE, quit: vi.fn() });
  store.getState().start();
  await expect.poll(() => currentList(store.getState())?.loadedPage, { timeout: 5000 }).toBe(1);
  const key = (...keys: string[]) => keys.forEach((k) => dispatchKey(k, store, ctx));
  const type = (text: string) => key(...Array.from(text));
  return { key, type, store, ctx, s: () => store.getState() };
}

describe('rebound prompt keys', () => {
  it('a rebound editing key edits; its old key does nothing; a character it had is typed', async () => {
    const { key, type, s } = await started({ killToSpace: ['ctrl+o'], lineStart: ['home'], wordLeft: ['alt+h'] });
    key(':');
    type('user abc');
    key('ctrl+w');
    expect(s().prompt?.line.text).toBe('user abc');
    key('ctrl+o');
    expect(s().prompt?.line.text).toBe('user ');
    // Ctrl-A lost lineStart: nothing moves. Alt-H (the prompt's own now) moves a word left.
    type('xyz');
    key('ctrl+a');
    expect(s().prompt?.line.cursor).toBe('user xyz'.length);
    key('alt+h');
    expect(s().prompt?.line.cursor).toBe('user '.length);
  });

  it('rebound accept and cancel: Enter and Esc no longer send or close, the new keys do', async () => {
    const { key, type, s } = await started({ promptAccept: ['ctrl+g'], promptCancel: ['ctrl+x'] });
    key('u');
    type(DEMO.firstUserID);
    key('enter', 'escape');
    expect(s().prompt?.kind).toBe('user');
    expect(s().prompt?.line.text).toBe(DEMO.firstUserID);
    key('ctrl+x');
    expect(s().prompt).toBeNull();
    expect(currentScreen(s()).name).toBe('users');
    key('u');
    type(DEMO.firstUserID);
    key('ctrl+g');
    await expect.poll(() => currentScreen(s()), { timeout: 5000 }).toMatchObject({ name: 'user', userID: DEMO.firstUserID });
  });
});

describe('rebound keys of what is in front, and texts that name keys', () => {
  it("the message log's own keys: a rebound close closes it, its old key and the page's keys do nothing", async () => {
    const { key, s } = await started({ logClose: ['ctrl+x'], logDown: ['J'] });
    s().flashInfo('one');
    s().flashInfo('two');
    key('L');
    expect(s().log).not.toBeNull();
    key('J');
    expect(s().log?.scroll).toBe(1);
    // q was the log's; n is the page's: neither reaches past the log.
    key('q', 'n', 'escape');
    expect(s().log).not.toBeNull();
    expect(currentList(s())?.page).toBe(1);
    key('ctrl+x');
    expect(s().log).toBeNull();
  });

  it('a paste outside a prompt names the keys in force that open one', async () => {
    const { s, store, ctx } = await started({ userPicker: ['U'], command: [';'] });
    dispatchInput({ type: 'text', text: 'pasted', bracketed: true }, store, ctx);
    expect(s().flash?.text).toBe('pasted text goes into a prompt (U, ;, /, s, c); nothing was done');
  });
});
