// Help's content: every binding of the keys in force (the prompts' keys included) and every `:`
// command, grouped by where they work, each with all its keys and its whole description, as help
// and README's Keys table (scripts/keysTable.ts) list them. How it is laid out on screen is
// layout/helpColumns.ts's, which knows nothing of keys.
import type { ListKind } from '../lists/names.js';
import { LIST_KINDS, LIST_NAMES, USER_TABS, isUserTab } from '../lists/names.js';
import { helpColumns, type HelpView } from '../layout/helpColumns.js';
import type { Scope } from './binding.js';
import type { Binding } from './bindings.js';
import { COMMANDS } from './commands.js';
import { activeBindings } from './effective.js';
import { bindingKey, keyFor, keyLabel, promptOpenerKeys } from './keymap.js';

const SCOPE_TITLES: Record<Scope, string> = {
  global: 'Everywhere',
  list: 'Lists',
  user: 'A user',
  detail: 'Detail pane open',
  help: 'This help',
  log: 'The message log',
  cluster: 'The cluster screen',
  // Titled with the keys that open a prompt (promptGroup), in force.
  prompt: 'In a prompt',
  question: 'A question on the status line',
  // A list's own keys, under its title ("Conversations tab" for one of a user's lists).
  ...(Object.fromEntries(LIST_KINDS.map((kind) => [kind, `${LIST_NAMES[kind].title}${isUserTab(kind) ? ' tab' : ''}`])) as Record<ListKind, string>),
};
/** The top-level lists' keys after every list's, and each tab's after the user screen's. */
const ORDER: Scope[] = ['list', 'detail', ...LIST_KINDS.filter((kind) => !isUserTab(kind)), 'user', ...USER_TABS, 'global', 'prompt', 'question', 'help', 'log', 'cluster'];

/** Where the prompts' editing keys go in help, titled with the keys in force that open a prompt. */
function promptGroup(table: readonly Binding[]): string {
  return `${SCOPE_TITLES.prompt} (${promptOpenerKeys(table).join(' ')})`;
}
/** The `:` commands (keys/commands.ts), after the keys that work everywhere. */
const COMMAND_GROUP = 'Commands (type : first)';

/** One binding as help (and README's Keys table) writes it; `action` is absent for a `:` command. */
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
 * The keys of every binding as help writes them, for tests, the layout and README's Keys table
 * (which passes the default table: help shows the keys in force). `unavailable`: the bindings that
 * can do nothing on the screen behind help, with why (keymap.unavailableHere); help says so.
 */
export function helpEntries(table: readonly Binding[] = activeBindings(), unavailable: Readonly<Record<string, string>> = {}): HelpEntry[] {
  const keymap = (scope: Scope) =>
    table.filter((b) => b.scope === scope).map((b) => {
      const reason = unavailable[bindingKey(b)];
      return {
        group: scope === 'prompt' ? promptGroup(table) : SCOPE_TITLES[scope],
        ...labelled(b.keys.map(keyLabel)),
        description: reason === undefined ? bindingText(b, table) : `${bindingText(b, table)} (not here: ${reason})`,
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

/** What help says of a binding, the keys it names those of `table` (the keys in force, or README's defaults). */
function bindingText(b: Binding, table: readonly Binding[] = activeBindings()): string {
  return typeof b.description === 'string' ? b.description : b.description((action) => keyFor(action, undefined, table) ?? action);
}

const labelled = (labels: readonly string[]): Pick<HelpEntry, 'labels' | 'keys'> => ({ labels, keys: labels.join(' ') });

/** Help for a body of `width` x `height` cells: the entries, laid out by layout/helpColumns.ts. */
export function helpView(width: number, height: number, unavailable: Readonly<Record<string, string>> = {}): HelpView {
  const items = helpEntries(activeBindings(), unavailable).map((entry) => ({
    group: entry.group,
    keys: entry.keys,
    // The action's name, as the config file's `keys` rebinds it.
    text: entry.action ? `${entry.description} [${entry.action}]` : entry.description,
  }));
  return helpColumns(items, width, height);
}
