// The status line's message. It stays until the operator acts (the next key, keys/dispatch.ts) or
// a newer message replaces it: a message that went away on a timer was gone before a slow reader,
// or one who looked away, had read it. Each one shown is kept in the message log (`:log`), the
// last MESSAGE_LOG_LIMIT of them.
// A message belongs to the screen it was made on (`listKey`): the status line shows it only
// there, and navigating clears it, so that "wrote …" or "usage: …" never follows the operator
// to another screen or outlives the step that made it.
import type { Flash, LoggedMessage } from './types.js';

/** How many messages the log keeps, newest first. @internal exported for the log's unit test (test/store/messages.test.ts). */
export const MESSAGE_LOG_LIMIT = 50;

export interface Flasher {
  show(text: string, level: Flash['level'], listKey?: string): void;
  clear(): void;
}

/** `now`: the clock the log's times come from (tests give a fixed one). */
export function createFlasher(
  set: (flash: Flash | null) => void,
  log: (entry: LoggedMessage) => void,
  now: () => number = Date.now,
): Flasher {
  return {
    show(text, level, listKey) {
      set({ text, level, listKey });
      log({ text, level, at: now() });
    },
    clear() {
      set(null);
    },
  };
}

/** The log with `entry` at its head, at most MESSAGE_LOG_LIMIT long. */
export function withLogged(log: readonly LoggedMessage[], entry: LoggedMessage): LoggedMessage[] {
  // The same message shown again (a lookup putting back what it covered) is one entry, at its last time.
  const head = log[0];
  const rest = head && head.text === entry.text && head.level === entry.level ? log.slice(1) : log;
  return [entry, ...rest].slice(0, MESSAGE_LOG_LIMIT);
}

/** Whether the status line shows `flash` on the screen whose list is `listKey`. */
export function flashBelongsTo(flash: Flash | null, listKey: string | undefined): flash is Flash {
  return flash !== null && (flash.listKey === undefined || flash.listKey === listKey);
}
