// What one run of the program decided at its start and every part above the keys reads: made
// once by the entry point (cli.ts) and handed down as a value (the explorer's store deps and
// dispatch context, its components' SessionContext, the help), never kept in a module, so that
// a test builds the session it needs instead of resetting a global.
import type { KeyOverrides } from './effective.js';
import { keysFromConfig } from './effective.js';
import { DEFAULT_KEYS, type KeysInForce } from './keymap.js';

export interface Session {
  /** The bindings with the config file's `keys` applied (effective.ts). */
  readonly keys: KeysInForce;
}

/** A run without a config file's keys: the defaults (tests, README's tables). */
export const DEFAULT_SESSION: Session = { keys: DEFAULT_KEYS };

/** The session of a start: `keys` from the config file at `where`; a bad one is a UsageError (exit 2). */
export function makeSession(preferences: { keys?: KeyOverrides | undefined; where: string }): Session {
  return { keys: keysFromConfig(preferences.keys, preferences.where) };
}
