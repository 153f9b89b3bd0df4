// The first frame waits for the first page, but never longer than its bound: a slow server gets
// the connecting frame, a fast one a first frame with rows.
import { describe, expect, it, vi } from 'vitest';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { firstAnswer, type Timers } from '../../src/explorer/firstAnswer.js';
import type { AppStore } from '../../src/store/actions.js';

interface Slim {
  nav: Array<{ name: string }>;
  lists: Record<string, { loading: boolean }>;
}

function slimStore(lists: Slim['lists']): StoreApi<Slim> {
  return createStore<Slim>(() => ({ nav: [{ name: 'users' }], lists }));
}

function fakeTimers(): Timers & { fire(): void; pending(): number } {
  let run: (() => void) | undefined;
  return {
    setTimeout: (r) => ((run = r), 1),
    clearTimeout: () => (run = undefined),
    fire: () => run?.(),
    pending: () => (run ? 1 : 0),
  };
}

describe('firstAnswer', () => {
  it('resolves when the list on screen stops loading, and drops its timer', async () => {
    const store = slimStore({ users: { loading: true } });
    const timers = fakeTimers();
    const done = vi.fn();
    void firstAnswer(store as unknown as AppStore, 250, timers).then(done);
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    store.setState({ lists: { users: { loading: false } } });
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(timers.pending()).toBe(0);
  });

  it('waits while there is no list yet or another list answered', async () => {
    const store = slimStore({});
    const timers = fakeTimers();
    const done = vi.fn();
    void firstAnswer(store as unknown as AppStore, 250, timers).then(done);
    store.setState({ lists: { accounts: { loading: false } } });
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
  });

  it('resolves at the bound when the server has not answered', async () => {
    const store = slimStore({ users: { loading: true } });
    const timers = fakeTimers();
    const done = vi.fn();
    void firstAnswer(store as unknown as AppStore, 250, timers).then(done);
    timers.fire();
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    // Unsubscribed: a later answer changes nothing (no second resolve, no error).
    store.setState({ lists: { users: { loading: false } } });
  });

  it('resolves at once when the answer is already there', async () => {
    const store = slimStore({ users: { loading: false } });
    await expect(firstAnswer(store as unknown as AppStore, 250, fakeTimers())).resolves.toBeUndefined();
  });
});
