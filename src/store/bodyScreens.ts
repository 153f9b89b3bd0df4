// The screens drawn over the body, in front of the list on screen: one row each, as LISTS is one
// line per list. The order of what is in front takes these rows in their place (overlays.ts); the
// keys' scopes, help's sections (keys/binding.ts Scope, keys/help.ts) and the keymap's checks
// (keys/effective.ts) are made of their names; the UI draws the one in front from its view of
// the same name (screens/bodyScreenViews.tsx, whose type asks for one per row). So a new screen
// over the body is its own files (its slice, keys, view), a row here, and a line where slices,
// keys and views are gathered (docs/architecture.md counts them).
import type { AppActions } from './actions.js';
import type { AppState } from './types.js';

export interface BodyScreenRow {
  /**
   * Its name, which is also the scope of its keys' bindings (keys/binding.ts Scope). Drawn in the
   * body's place, it takes every key: nothing behind it is on screen to take one.
   */
  name: string;
  /** Whether it is open, from the state. */
  open(state: AppState): boolean;
  /** What Esc does to it: closes it. */
  escape(state: AppState & AppActions): void;
  /** Its keys' section title in help (and the Keys table, docs/keys.md). */
  title: string;
}

const ROWS = [
  { name: 'help', title: 'This help', open: (s) => s.help, escape: (s) => s.toggleHelp() },
  // Read-only: its keys scroll it, none reaches the page.
  { name: 'log', title: 'The message log', open: (s) => s.log !== null, escape: (s) => s.closeLog() },
  { name: 'trace', title: 'The delivery trace', open: (s) => s.trace !== null, escape: (s) => s.closeTrace() },
  // Its own keys include `:`; closing it stops its sampling.
  { name: 'cluster', title: 'The cluster screen', open: (s) => s.cluster !== null, escape: (s) => s.closeCluster() },
] as const satisfies readonly BodyScreenRow[];

export type BodyScreenName = (typeof ROWS)[number]['name'];
export type BodyScreen = BodyScreenRow & { name: BodyScreenName };

/** Innermost first, as they stand in the order of what is in front (docs/keys.md). */
export const BODY_SCREENS: readonly BodyScreen[] = ROWS;
export const BODY_SCREEN_NAMES: readonly BodyScreenName[] = ROWS.map((screen) => screen.name);

/** The screen over the body that shows, if any: the innermost one open. */
export function bodyScreenInFront(state: AppState): BodyScreenName | undefined {
  return BODY_SCREENS.find((screen) => screen.open(state))?.name;
}
