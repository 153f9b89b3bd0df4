// The user picker's history: the users the server answered for, newest first, kept between runs
// by the deps' `recent` (config/recentUsers.ts writes the file, one list per server).
import type { StoreDeps, StoreGet, StoreSet } from './deps.js';
import type { Flasher } from './flash.js';

/** How many user IDs the picker remembers. */
export const RECENT_LIMIT = 10;

/**
 * Puts a user the server answered for at the head of the picker's history. A history that cannot
 * be saved is said once on the status line (not at every user opened: it is a convenience).
 */
export function createRememberUser(set: StoreSet, get: StoreGet, recent: StoreDeps['recent'], flash: Flasher['show']): (userID: string) => void {
  let told = false;
  return (userID) => {
    const recentUsers = [userID, ...get().recentUsers.filter((id) => id !== userID)].slice(0, RECENT_LIMIT);
    set({ recentUsers });
    const problem = recent?.save(recentUsers);
    if (problem === undefined || told) return;
    told = true;
    flash(`recent users not saved: ${problem}`, 'error');
  };
}
