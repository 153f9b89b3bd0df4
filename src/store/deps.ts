// What the store is made with (the app's entry point and the tests give these), and the two
// handles through which the store's modules read and change its state.
import type { StoreApi } from 'zustand/vanilla';
import type { OpenIMClient } from '../api/client.js';
import type { OpenExport } from '../data/exportFile.js';
import type { ClassifyRefreshError, RefreshTimers } from '../data/liveRefresh.js';
import type { ColumnChoice } from '../lists/columnChoice.js';
import type { CommandLine } from './commandLine.js';
import type { ClusterSample } from '../domain/clusterRates.js';
import type { AppState } from './types.js';

export interface StoreDeps {
  client: OpenIMClient;
  pageSize: number;
  /** The page that fits under a user screen's summary (default: pageSize). */
  userPageSize?: number;
  /** The page size was chosen (flag, profile) rather than fitted to the terminal. */
  pageSizeFixed?: boolean;
  /** How a copy travels, for the status line (terminal/osc52.ts copyNote); default "OSC 52". */
  copyNote?: () => string;
  /** Puts text on the clipboard (OSC 52 in the app). */
  copy?: (text: string) => void;
  /** Remembers the user picker's history between runs (this server's); save returns why it could not. */
  recent?: { load(): string[]; save(ids: string[]): string | undefined };
  quit?: () => void;
  /** Switches server (`:profile`); returns an error text when it cannot. */
  switchProfile?: (name: string) => string | undefined;
  /** The config file's profile names, for completing `:profile`. */
  profileNames?: () => string[];
  cacheSize?: number;
  /** Creates the file an export (`e`) writes; without it, export is unavailable. */
  openExport?: OpenExport;
  /** The live view's interval (`--watch`, the profile's `watch`); default 5 s. */
  liveIntervalMs?: number;
  /** The live view's clock and timers; tests give fake ones. */
  liveTimers?: RefreshTimers;
  /** The clock and timers that move the token's expiry on (tokenSlice.ts); tests give fake ones. */
  tokenTimers?: RefreshTimers;
  /** Which refresh failures are waited out (429, 5xx, network) and which stop the live view. */
  classifyRefreshError?: ClassifyRefreshError;
  /** The config file's columns per list (checked at start); `:columns` changes them for the session. */
  columns?: ColumnChoice;
  /** The `:` commands (keys/commands.ts COMMAND_LINE); without them the command line runs none. */
  commandLine?: CommandLine;
  /**
   * The key in force for the users' search (keymap keyFor), which the user picker offers when what
   * was typed cannot be an ID or finds no one; without it (or unbound) the picker offers nothing.
   */
  searchKey?: () => string | undefined;
  /**
   * The key in force for an action of the keys' table (keymap keyFor), for the store's texts that
   * say which key to press; without it they name none.
   */
  keyName?: (action: 'back' | 'answerYes') => string | undefined;
  /** One sample of the cluster (data/clusterSampler.ts); without it the cluster screen is unavailable. */
  clusterSample?: (signal: AbortSignal) => Promise<ClusterSample>;
  /** The cluster screen's clock and timers; tests give fake ones. */
  clusterTimers?: RefreshTimers;
}

export type StoreSet = StoreApi<AppState>['setState'];
export type StoreGet = StoreApi<AppState>['getState'];
