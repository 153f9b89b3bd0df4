// The prompts through the store, against the demo server over loopback: refused IDs, which users
// are remembered, pasted newlines, history per prompt and the kill ring across prompts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { createAppStore } from '../../src/store/store.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { settled, storeFor } from '../support/demoStore.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 1000 });
});
afterAll(async () => {
  await demo.close();
});

function storeRemembering(extra: Parameters<typeof storeFor>[1] = {}) {
  const saved: string[][] = [];
  const store = storeFor(demo, {
    recent: {
      load: () => [],
      save: (ids) => {
        saved.push(ids);
        return undefined;
      },
    },
    ...extra,
  });
  return { store, saved, s: () => store.getState() };
}

const type = (s: () => ReturnType<ReturnType<typeof createAppStore>['getState']>, text: string): void => {
  for (const ch of text) s().editPrompt(ch);
};

describe('prompts in the store', () => {
  it('refuses an ID with a space: the prompt stays open with the reason, nothing opens, nothing is remembered', async () => {
    const { store, saved, s } = storeRemembering();
    s().start();
    await settled(store);
    s().openPrompt('command');
    type(s, `user ${DEMO.firstUserID} jjj`);
    s().submitPrompt();
    expect(s().prompt?.note).toEqual({ level: 'error', text: `refused: a user ID cannot have a space after "${DEMO.firstUserID}"` });
    expect(s().prompt?.line.text).toBe(`user ${DEMO.firstUserID} jjj`);
    expect(s().nav).toHaveLength(1);
    // The refused line is remembered nowhere.
    expect(saved).toEqual([]);
    // Fixing the line and pressing Enter again works.
    s().editPrompt({ edit: 'killToSpace' });
    s().editPrompt({ edit: 'deleteBack' });
    s().submitPrompt();
    expect(s().prompt).toBeNull();
    // The ID is looked up on the server before its screen opens; once the server has answered for
    // the user (a page of theirs), the user is a recent one, and only then.
    await vi.waitFor(() => expect(currentScreen(s())).toMatchObject({ name: 'user', userID: DEMO.firstUserID }), { timeout: 10_000 });
    await vi.waitFor(() => expect(saved.at(-1)).toEqual([DEMO.firstUserID]), { timeout: 10_000 });
  });

  it('remembers a user once the server answered for them, not when the ID was typed', async () => {
    const { store, saved, s } = storeRemembering();
    s().openPrompt('user');
    type(s, ` ${DEMO.noConversationsUserID} `);
    s().submitPrompt();
    expect(s().recentUsers).toEqual([]);
    await vi.waitFor(() => expect(currentScreen(s())).toMatchObject({ userID: DEMO.noConversationsUserID }), { timeout: 10_000 });
    await settled(store);
    expect(currentList(s())!.notice).toBeDefined(); // 1004: no conversations, still an answer
    expect(s().recentUsers).toEqual([DEMO.noConversationsUserID]);
    expect(saved.at(-1)).toEqual([DEMO.noConversationsUserID]);
  });

  it('a pasted newline submits the line before it; the dropped rest is flashed', async () => {
    const { s } = storeRemembering();
    s().openPrompt('user');
    s().editPrompt({ text: `${DEMO.firstUserID}\rz\r`, bracketed: false });
    // The picker stays open while the server is asked whether the user exists.
    expect(s().prompt?.note?.text).toMatch(/^looking up user_000001/);
    expect(s().flash?.text).toBe('dropped 1 more pasted line');
    await vi.waitFor(() => expect(currentScreen(s())).toMatchObject({ name: 'user', userID: DEMO.firstUserID }), { timeout: 10_000 });
    expect(s().prompt).toBeNull();
    expect(s().flash?.text).toBe('dropped 1 more pasted line');
  });

  it('an unknown user ID keeps the picker open with the text, and is in its history to fix', async () => {
    const { s } = storeRemembering();
    s().openPrompt('user');
    type(s, 'user_99999x');
    s().submitPrompt();
    await vi.waitFor(() => expect(s().prompt?.note).toMatchObject({ level: 'error', text: expect.stringMatching(/^no such user: user_99999x/) }), { timeout: 10_000 });
    expect(s().prompt?.line.text).toBe('user_99999x');
    expect(s().nav).toHaveLength(1);
    s().cancelPrompt();
    s().openPrompt('user');
    s().editPrompt({ edit: 'historyBack' });
    expect(s().prompt?.line.text).toBe('user_99999x');
  });

  it('a bracketed paste stays on the line for Enter', () => {
    const { s } = storeRemembering();
    s().openPrompt('user');
    s().editPrompt({ text: `${DEMO.firstUserID}\n`, bracketed: true });
    expect(s().prompt?.line).toMatchObject({ text: DEMO.firstUserID, cursor: DEMO.firstUserID.length });
    expect(s().nav).toHaveLength(1);
  });

  it('keeps a history per prompt for the session; ↑ brings it back', async () => {
    const { store, s } = storeRemembering();
    s().start();
    await settled(store);
    s().openPrompt('command');
    type(s, 'accounts');
    s().submitPrompt();
    s().openPrompt('filter');
    s().editPrompt({ edit: 'historyBack' });
    expect(s().prompt?.line.text).toBe('');
    s().cancelPrompt();
    s().openPrompt('command');
    s().editPrompt({ edit: 'historyBack' });
    expect(s().prompt?.line.text).toBe('accounts');
    expect(s().promptHistory).toEqual({ command: ['accounts'] });
  });

  it('the user picker\'s ↑ walks the recent users', () => {
    const { s } = storeRemembering({ recent: { load: () => ['user_000009', 'user_000004'], save: () => undefined } });
    s().openPrompt('user');
    s().editPrompt({ edit: 'historyBack' });
    s().editPrompt({ edit: 'historyBack' });
    expect(s().prompt?.line.text).toBe('user_000004');
  });

  it('what Ctrl-U killed in one prompt, Ctrl-Y puts into the next', () => {
    const { s } = storeRemembering();
    s().openPrompt('command');
    type(s, `user ${DEMO.firstUserID}`);
    s().editPrompt({ edit: 'killToSpace' });
    s().cancelPrompt();
    s().openPrompt('user');
    s().editPrompt({ edit: 'yank' });
    expect(s().prompt?.line.text).toBe(DEMO.firstUserID);
  });

  it('Tab completes :profile from the config file names, shown as candidates', () => {
    const { s } = storeRemembering({ profileNames: () => ['staging', 'lab'] });
    s().openPrompt('command');
    type(s, 'profile ');
    expect(s().prompt?.candidates).toEqual(['profile lab', 'profile staging']);
    s().editPrompt({ edit: 'completeNext' });
    s().editPrompt({ edit: 'completeNext' });
    expect(s().prompt?.line.text).toBe('profile staging');
  });

  it('the page filter narrows as keys edit it, and Tab completes from the rows', async () => {
    const { store, s } = storeRemembering();
    s().start();
    await settled(store);
    s().openPrompt('filter');
    type(s, '000017');
    expect(currentList(s())!.filter).toBe('000017');
    s().editPrompt({ edit: 'killToStart' });
    expect(currentList(s())!.filter).toBe('');
    type(s, '0019');
    s().editPrompt({ edit: 'completeNext' });
    expect(s().prompt?.line.text).toBe('user_000019');
    expect(currentList(s())!.filter).toBe('user_000019');
  });
});
