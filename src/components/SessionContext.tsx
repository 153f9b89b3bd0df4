// The session (keys/session.ts) for the components: what the entry point decided at start, read
// where it is drawn. Without a provider (a component test), the defaults.
import { createContext, useContext } from 'react';
import type { KeysInForce } from '../keys/keymap.js';
import { DEFAULT_SESSION, type Session } from '../keys/session.js';

export const SessionContext = createContext<Session>(DEFAULT_SESSION);

/** The keys in force: `const { keyName } = useKeys();` then `${keyName('back')} clears`. */
export function useKeys(): KeysInForce {
  return useContext(SessionContext).keys;
}
