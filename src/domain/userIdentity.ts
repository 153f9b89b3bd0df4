// What a user-ID lookup found, in the words the explorer and the scripting commands both use.
// The texts hold server strings: whoever shows them sanitises them.
import type { UserLookup } from '../api/userLookup.js';
import { appMangerLevelName } from '../content/enums.js';

/** `no such user: ID`, with why it may be so (another case exists). */
export function noSuchUserText(userID: string, lookup: Extract<UserLookup, { kind: 'none' }>): string {
  return `no such user: ${userID}${lookup.otherCase !== undefined ? ` (${lookup.otherCase} exists: IDs are case-sensitive)` : ''}`;
}

/** For an ID above level 1, what it is; undefined for an ordinary user (or none). */
export function systemUserNote(userID: string, lookup: UserLookup): string | undefined {
  if (lookup.kind === 'admin') return `${userID} is the admin user${lookup.user ? ` (${levelWords(lookup.user.appMangerLevel)})` : ''}: not an ordinary user, listed nowhere`;
  if (lookup.kind !== 'system') return undefined;
  return `${userID} is a system account (${levelWords(lookup.user.appMangerLevel)}): not an ordinary user`;
}

/** A level as the notes say it: `level 3, AppNotificationAdmin`. */
function levelWords(level: number): string {
  return `level ${level}, ${appMangerLevelName(level)}`;
}
