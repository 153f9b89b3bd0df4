// The app's store as the store tests drive it against an embedded demo server: written once so
// that what "the list has settled" means, and the store's test defaults, have one home.
import { expect } from 'vitest';
import type { AppStore } from '../../src/store/store.js';
import { currentList } from '../../src/store/selectors.js';

/** Waits (5 s at most) until the list on screen has no page in flight. */
export async function settled(store: Pick<AppStore, 'getState'>): Promise<void> {
  await expect.poll(() => currentList(store.getState())?.loading, { timeout: 5000 }).toBe(false);
}
