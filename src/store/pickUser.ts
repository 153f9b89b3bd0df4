// A user ID typed by the operator (the picker `u`, `:user ID`) is checked before its screen
// opens: an unknown ID says `no such user: ID` instead of three empty tabs, and an ID above
// level 1 (which get_users never lists) opens with a note saying what it is.
import { isApiFailure } from '../api/errors.js';
import { lookupUser } from '../api/userLookup.js';
import { noSuchUserText, systemUserNote } from '../domain/userIdentity.js';
import { glyphs } from '../terminal/glyphs.js';
import { findByNameNote } from './ids.js';
import type { SliceServices } from './services.js';
import type { StoreSet } from './deps.js';
import type { AppState } from './types.js';
import type { AppActions } from './actions.js';

// One check at a time: a newer pick replaces the one still waiting.
const checks = new WeakMap<SliceServices, AbortController>();

/**
 * `fromPrompt`: typed in the user picker, which stays open (with the text) until the server
 * answers, so that an unknown ID is fixed where it was typed; Esc meanwhile drops the pick.
 */
export function pickUser(
  services: SliceServices,
  get: () => AppState & AppActions,
  set: StoreSet,
  userID: string,
  fromPrompt = false,
): void {
  if (!userID) return;
  checks.get(services)?.abort();
  const controller = new AbortController();
  checks.set(services, controller);
  // Keys typed meanwhile wait for the user's screen (keys/typeAhead.ts): the check is a request in flight.
  set({ checkingUser: true });
  const done = (): void => {
    if (checks.get(services) === controller) set({ checkingUser: false });
  };
  controller.signal.addEventListener('abort', done, { once: true });
  const nav = get().nav;
  // The operator moved on (another screen, a newer pick) while the server answered: let it be.
  const stale = (): boolean => controller.signal.aborted || get().nav !== nav || (fromPrompt && get().prompt?.kind !== 'user');
  const lookingUp = `looking up ${userID}${glyphs().ellipsis}`;
  if (fromPrompt) get().answerPrompt('user', { text: lookingUp, level: 'info' });
  else services.flash(lookingUp, 'info');
  // Ended once the answer is on screen (the user's list loading, or the refusal), so that keys typed
  // meanwhile go on waiting for that list, or are dropped with the refusal.
  void lookupUser(services.deps.client, userID, controller.signal).then(
    (found) => {
      if (stale()) return;
      if (found.kind === 'none') {
        const refused = noSuchUserText(userID, found) + findByNameNote(services.deps.searchKey?.());
        return fromPrompt ? get().answerPrompt('user', { text: refused, level: 'error' }) : services.flash(refused, 'error');
      }
      if (fromPrompt) get().answerPrompt('user', null);
      // A message put up since the lookup began (a paste's note) follows to the user's screen.
      const since = get().flash;
      get().openUser(userID, found, 'jump');
      const note = systemUserNote(userID, found);
      if (note) services.flash(note, 'info');
      else if (since && since.text !== lookingUp) services.flash(since.text, since.level);
      else services.flash(`${userID}: ${found.kind === 'user' ? found.user.nickname || '(no nickname)' : ''}`, 'info');
    },
    (error: unknown) => {
      if (stale()) return;
      if (fromPrompt) get().answerPrompt('user', null);
      // The check itself failed (network, server): open anyway; the tabs and the summary say what fails.
      get().openUser(userID, undefined, 'jump');
      services.flash(`could not check that ${userID} exists: ${isApiFailure(error) ? error.message : String(error)}`, 'error');
    },
  ).finally(done);
}
