// The app's store as the store tests drive it against an embedded demo server: written once so
// that what "the list has settled" means, and the store's test defaults, have one home.
import { expect } from 'vitest';
import { COMMAND_LINE } from '../../src/keys/commands.js';
import { createAppStore, type AppStore, type StoreDeps } from '../../src/store/store.js';
import { currentList } from '../../src/store/selectors.js';
import { demoClient } from './demoClient.js';

/** Waits (5 s at most) until the list on screen has no page in flight. */
export async function settled(store: Pick<AppStore, 'getState'>): Promise<void> {
  await expect.poll(() => currentList(store.getState())?.loading, { timeout: 5000 }).toBe(false);
}

/** A store on `server` with the app's `:` commands and 20 rows a page; `extra` replaces any of it. */
export function storeFor(server: { url: string }, extra: Partial<StoreDeps> = {}): ReturnType<typeof createAppStore> {
  return createAppStore({ client: demoClient(server), pageSize: 20, commandLine: COMMAND_LINE, ...extra });
}
