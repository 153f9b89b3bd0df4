// Help's content: every binding of the keys in force (the prompts' keys included) and every `:`
// command, grouped by where they work, each with all its keys and its whole description, as help
// and the Keys table (docs/keys.md) (scripts/keysTable.ts) list them. How it is laid out on screen is
// layout/helpColumns.ts's, which knows nothing of keys.
import type { ListKind } from '../lists/names.js';
import { LIST_KINDS, LIST_NAMES, USER_TABS, isUserTab } from '../lists/names.js';
import { helpColumns, type HelpView } from '../layout/helpColumns.js';
import { BODY_SCREENS, BODY_SCREEN_NAMES, type BodyScreenName } from '../store/bodyScreens.js';
import type { Scope } from './binding.js';
import type { Binding } from './bindings.js';
import { COMMANDS } from './commands.js';
import { bindingKey, DEFAULT_KEYS, keyLabel, type KeysInForce } from './keymap.js';

const SCOPE_TITLES: Record<Scope, string> = {
  global: 'Everywhere',
  list: 'Lists',
  user: 'A user',
  detail: 'Detail pane open',
  // Titled with the keys that open a prompt (promptGroup), in force.
  prompt: 'In a prompt',
  question: 'A question on the status line',
  // A screen over the body's keys, under its row's title.
  ...(Object.fromEntries(BODY_SCREENS.map((screen) => [screen.name, screen.title])) as Record<BodyScreenName, string>),
  // A list's own keys, under its title ("Conversations tab" for one of a user's lists).
  ...(Object.fromEntries(LIST_KINDS.map((kind) => [kind, `${LIST_NAMES[kind].title}${isUserTab(kind) ? ' tab' : ''}`])) as Record<ListKind, string>),
};
/** The top-level lists' keys after every list's, and each tab's after the user screen's. */
const ORDER: Scope[] = ['list', 'detail', ...LIST_KINDS.filter((kind) => !isUserTab(kind)), 'user', ...USER_TABS, 'global', 'prompt', 'question', ...BODY_SCREEN_NAMES];

/** Where the prompts' editing keys go in help, titled with the keys in force that open a prompt. */
function promptGroup(keys: KeysInForce): string {
  return `${SCOPE_TITLES.prompt} (${keys.promptOpenerKeys().join(' ')})`;
}
/** The `:` commands (keys/commands.ts), after the keys that work everywhere. */
const COMMAND_GROUP = 'Commands (type : first)';

/** One binding as help (and the Keys table (docs/keys.md)) writes it; `action` is absent for a `:` command. */
export interface HelpEntry {
  group: string;
  /** Each key as help writes it (a command with its argument is one: `:page N`). */
  labels: readonly string[];
  /** The labels as one line. */
  keys: string;
  description: string;
  action?: string;
}

/**
 * The keys of every binding as help writes them, for tests, the layout and the Keys table (docs/keys.md)
 * (the defaults, as given: help passes the session's keys in force). `unavailable`: the bindings that
 * can do nothing on the screen behind help, with why (keymap.unavailableHere); help says so.
 */
export function helpEntries(keys: KeysInForce = DEFAULT_KEYS, unavailable: Readonly<Record<string, string>> = {}): HelpEntry[] {
  const keymap = (scope: Scope) =>
    keys.bindings.filter((b) => b.scope === scope).map((b) => {
      const reason = unavailable[bindingKey(b)];
      return {
        group: scope === 'prompt' ? promptGroup(keys) : SCOPE_TITLES[scope],
        ...labelled(b.keys.map(keyLabel)),
        description: reason === undefined ? bindingText(b, keys) : `${bindingText(b, keys)} (not here: ${reason})`,
        action: b.action,
      };
    });
  const commands = COMMANDS.map((c) => ({
    group: COMMAND_GROUP,
    ...labelled([c.synopsis, ...(c.aliases ?? [])].map((name) => `:${name}`)),
    description: c.description,
  }));
  return ORDER.flatMap((scope) => (scope === 'global' ? [...keymap(scope), ...commands] : keymap(scope)));
}

/** What help says of a binding, the keys it names those of `keys` (the keys in force, or README's defaults). */
function bindingText(b: Binding, keys: KeysInForce): string {
  return typeof b.description === 'string' ? b.description : b.description((action) => keys.keyFor(action) ?? action);
}

const labelled = (labels: readonly string[]): Pick<HelpEntry, 'labels' | 'keys'> => ({ labels, keys: labels.join(' ') });

/** Help for a body of `width` x `height` cells with `keys` in force: the entries, laid out by layout/helpColumns.ts. */
export function helpView(keys: KeysInForce, width: number, height: number, unavailable: Readonly<Record<string, string>> = {}): HelpView {
  const items = helpEntries(keys, unavailable).map((entry) => ({
    group: entry.group,
    keys: entry.keys,
    // The action's name, as the config file's `keys` rebinds it.
    text: entry.action ? `${entry.description} [${entry.action}]` : entry.description,
  }));
  return helpColumns(items, width, height);
}
