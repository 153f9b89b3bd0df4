// What a user-ID lookup found, in the words the explorer and the scripting commands both use.
// The texts hold server strings: whoever shows them sanitises them.
import { firstLine } from '../api/errors.js';
import type { UserLookup } from '../api/userLookup.js';
import { appMangerLevelName } from '../content/enums.js';

/** `no such user: ID`, with why it may be so (another case exists; system accounts unchecked). */
export function noSuchUserText(userID: string, lookup: Extract<UserLookup, { kind: 'none' }>): string {
  const notes: string[] = [];
  if (lookup.otherCase !== undefined) notes.push(`${lookup.otherCase} exists: IDs are case-sensitive`);
  const failed = lookup.systemCheckFailed;
  if (failed) notes.push(`system accounts not checked: ${failed.errCode} ${firstLine(failed.errMsg)}`);
  return `no such user: ${userID}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
}

/** For an ID above level 1, what it is; undefined for an ordinary user (or none). */
export function systemUserNote(userID: string, lookup: UserLookup): string | undefined {
  if (lookup.kind === 'admin') return `${userID} is the admin user: not an ordinary user, listed nowhere`;
  if (lookup.kind !== 'system') return undefined;
  const level = lookup.account.appMangerLevel;
  const what = level === undefined ? 'level not sent' : `level ${level}, ${appMangerLevelName(level)}`;
  return `${userID} is a system account (${what}): not an ordinary user`;
}
