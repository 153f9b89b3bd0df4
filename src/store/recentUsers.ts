// The user picker's history: the users the server answered for, newest first, kept between runs
// by the deps' `recent` (config/recentUsers.ts writes the file).
import type { StoreDeps, StoreGet, StoreSet } from './deps.js';

/** How many user IDs the picker remembers. */
export const RECENT_LIMIT = 10;

/** Puts a user the server answered for at the head of the picker's history. */
export function createRememberUser(set: StoreSet, get: StoreGet, recent: StoreDeps['recent']): (userID: string) => void {
  return (userID) => {
    const recentUsers = [userID, ...get().recentUsers.filter((id) => id !== userID)].slice(0, RECENT_LIMIT);
    set({ recentUsers });
    recent?.save(recentUsers);
  };
}
