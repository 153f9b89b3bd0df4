// The users search in the store, against the demo server over loopback: a query of the users
// list that pages like any list, keeps the full list's page and row for Esc, and survives a
// pattern the server rejects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchQuery } from '../../src/domain/search.js';
import type { User } from '../../src/api/schemas.js';
import { startDemoServer, type DemoServer } from 'openim-demo-server';
import { currentList, selectedRow } from '../../src/store/selectors.js';
import { settled, storeFor } from '../support/demoStore.js';
import { literalMatches } from '../support/literalSearch.js';

const USERS = 1000;
let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: USERS });
});
afterAll(() => demo.close());

function started() {
  const store = storeFor(demo);
  store.getState().start();
  return store;
}
type Store = ReturnType<typeof started>;

const ids = (store: Store) => (currentList(store.getState())!.rows as User[]).map((u) => u.userID);

describe('users search', () => {
  it('finds what a literal match finds, pages over the matches, and Esc goes back to the page and row it left', async () => {
    const store = started();
    await settled(store);
    store.getState().goToPage(3);
    await settled(store);
    store.getState().moveCursor(5);
    const left = (selectedRow(store.getState()) as User).userID;

    store.getState().narrow('Ar');
    await settled(store);
    const expected = literalMatches(USERS, 'ar');
    expect(expected.length).toBeGreaterThan(40);
    let list = currentList(store.getState())!;
    expect(list.query).toMatchObject({ search: 'Ar', regex: false });
    expect(list.total).toBe(expected.length);
    expect(list.page).toBe(1);
    expect(ids(store)).toEqual(expected.slice(0, 20));
    store.getState().nextPage();
    await settled(store);
    expect(ids(store)).toEqual(expected.slice(20, 40));

    const requests = demo.requestCount('/user/get_users');
    store.getState().escape();
    list = currentList(store.getState())!;
    expect((list.query as SearchQuery).search).toBe('');
    expect(list.page).toBe(3);
    expect((selectedRow(store.getState()) as User).userID).toBe(left);
    expect(list.total).toBe(USERS);
    // The full list's page came back from the cache.
    expect(demo.requestCount('/user/get_users')).toBe(requests);
  });

  it('escapes regex characters unless the text starts with re:', async () => {
    const store = started();
    await settled(store);
    store.getState().narrow('.');
    await settled(store);
    expect(currentList(store.getState())!.total).toBe(literalMatches(USERS, '.').length);
    store.getState().narrow('re:^user_00000[1-3]$');
    await settled(store);
    expect(ids(store)).toEqual(['user_000001', 'user_000002', 'user_000003']);
    expect(currentList(store.getState())!.query).toMatchObject({ regex: true });
    // `s` again edits the search in force, prefix included.
    store.getState().openPrompt('search');
    expect(store.getState().prompt?.line.text).toBe('re:^user_00000[1-3]$');
  });

  it('a pattern the server rejects is an error with its text; the list stays usable and Esc returns to all users', async () => {
    const store = started();
    await settled(store);
    const before = ids(store);
    store.getState().openPrompt('search');
    store.getState().editPrompt({ text: 're:(', bracketed: true });
    store.getState().submitPrompt();
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.error).toMatchObject({ kind: 'api', errCode: 500 });
    expect(list.error?.kind === 'api' && list.error.errDlt).toMatch(/Regular expression is invalid/);
    expect(ids(store)).toEqual(before);
    store.getState().moveCursor(1); // keys still work
    store.getState().escape();
    await settled(store);
    expect(currentList(store.getState())!.error).toBeNull();
    expect((currentList(store.getState())!.query as SearchQuery).search).toBe('');
    expect(ids(store)).toEqual(before);
  });

  it('an empty search is all users', async () => {
    const store = started();
    await settled(store);
    store.getState().narrow('karen');
    await settled(store);
    store.getState().narrow('   ');
    await settled(store);
    expect(currentList(store.getState())!.total).toBe(USERS);
  });
});
