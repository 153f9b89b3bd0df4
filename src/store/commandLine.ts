// The `:` command line as the store needs it: the words Tab offers, whether a line can run, and
// running it. The commands themselves (their names, arguments, help text and what each does) are
// one table in the keys layer (keys/commands.ts), handed to the store by the entry point: the
// store sits below the keys and cannot import them.
import type { StoreApi } from 'zustand/vanilla';
import type { AppActions } from './actions.js';
import type { AppState } from './types.js';

/** What a command's argument is, for Tab: none, a user ID, a page number, a profile, a field. */
export type CommandArgument = 'none' | 'user' | 'page' | 'profile' | 'field' | 'sort' | 'trace' | 'query' | 'interval';

export interface CommandWord {
  name: string;
  argument: CommandArgument;
}

export interface CommandLine {
  /** Every command, in the table's order. */
  readonly words: readonly CommandWord[];
  /** The command a typed word names: its name, an unambiguous prefix or an alias. */
  resolve(word: string): CommandWord | undefined;
  /** Why `line` cannot run, in words (a usage line, an unknown command); undefined when it can. */
  problem(line: string): string | undefined;
  /** Runs `line`, or says in words why it cannot (as problem() does) and runs nothing. */
  run(line: string, store: StoreApi<AppState & AppActions>): string | undefined;
}
