// The top-level lists are reached the way their definitions say (lists/<list>.ts `jump`): each has
// a `:` command named as its scripting command, with its aliases, and a list that declares a key
// has that key from anywhere. Driven on a store against the demo, through the one input path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from 'openim-demo-server';
import { USER_NAME_SEARCH } from '../../src/keys/bindings.js';
import { dispatchKey } from '../../src/keys/dispatch.js';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';
import { LIST_NAMES, TOP_LISTS, type TopList } from '../../src/lists/names.js';
import { listDef } from '../../src/lists/registry.js';
import { currentScreen } from '../../src/store/selectors.js';
import { settled, storeFor } from '../support/demoStore.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 60 });
});
afterAll(async () => {
  await demo.close();
});

const ctx = { terminal: { columns: 120, rows: 40 }, color: false, keys: DEFAULT_KEYS };

/** A store started on the demo, moved away from `kind` first (onto a user's screen), so that reaching it is the key's doing. */
async function awayFrom() {
  const store = storeFor(demo);
  store.getState().start();
  await settled(store);
  store.getState().pickUser('user_000001');
  await expect.poll(() => currentScreen(store.getState()).name, { timeout: 5000 }).toBe('user');
  return store;
}

const type = (store: Awaited<ReturnType<typeof awayFrom>>, keys: string[]) => keys.forEach((k) => dispatchKey(k, store, ctx));
const shows = (store: Awaited<ReturnType<typeof awayFrom>>, kind: TopList) =>
  expect.poll(() => currentScreen(store.getState()).name, { timeout: 5000 }).toBe(kind);

describe('a top-level list is reached as its definition says', () => {
  it('the registry has top-level lists, and one of them declares a key', () => {
    expect(TOP_LISTS.length).toBeGreaterThan(0);
    expect(TOP_LISTS.some((kind) => listDef(kind).jump?.key)).toBe(true);
  });

  it.each(TOP_LISTS)('%s: its scripting command and each alias, typed after `:`, open it', async (kind) => {
    for (const name of [LIST_NAMES[kind].command, ...(listDef(kind).jump?.aliases ?? [])]) {
      const store = await awayFrom();
      type(store, [':', ...name, 'enter']);
      await shows(store, kind);
    }
  });

  it.each(TOP_LISTS.filter((kind) => listDef(kind).jump?.key))('%s: the key its definition declares opens it from a user screen', async (kind) => {
    const keys = listDef(kind).jump!.key!.keys;
    expect(DEFAULT_KEYS.keyFor(kind)).toBe(keys[0]);
    for (const key of keys) {
      const store = await awayFrom();
      type(store, [key]);
      await shows(store, kind);
    }
  });

  it("the user picker's find-by-name hint names the key of the list that says it finds users by name", () => {
    expect(USER_NAME_SEARCH).toBeDefined();
    const key = listDef(USER_NAME_SEARCH!.scope).keys!.find((k) => k.action === USER_NAME_SEARCH!.action)!;
    expect(key.findsUsersByName).toBe(true);
    expect(DEFAULT_KEYS.keyFor(USER_NAME_SEARCH!.action, USER_NAME_SEARCH!.scope)).toBe(key.keys[0]);
  });
});
