// Help, laid out for the room it has: every binding of the keymap and the prompts' editing keys,
// grouped by where they work, each with all its keys and its whole description (wrapped at word
// boundaries, never cut). One column up to about 110 cells, more where they fit side by side, and
// only as many columns as the lines need (no three cramped columns above empty rows). What does
// not fit scrolls. Pure: the overlay draws it, and the help keys scroll by it.
import { displayWidth } from '../terminal/width.js';
import { LINE_KEYS } from '../store/lineEditor.js';
import type { ListKind } from '../lists/names.js';
import { LIST_KINDS, LIST_NAMES, USER_TABS, isUserTab } from '../lists/names.js';
import type { Scope } from './binding.js';
import type { Binding } from './bindings.js';
import { COMMANDS } from './commands.js';
import { activeBindings } from './effective.js';
import { keyFor, keyLabel } from './keymap.js';

const SCOPE_TITLES: Record<Scope, string> = {
  global: 'Everywhere',
  list: 'Lists',
  user: 'A user',
  detail: 'Detail pane open',
  help: 'This help',
  // A list's own keys, under its title ("Conversations tab" for one of a user's lists).
  ...(Object.fromEntries(LIST_KINDS.map((kind) => [kind, `${LIST_NAMES[kind].title}${isUserTab(kind) ? ' tab' : ''}`])) as Record<ListKind, string>),
};
/** The top-level lists' keys after every list's, and each tab's after the user screen's. */
const ORDER: Scope[] = ['list', 'detail', ...LIST_KINDS.filter((kind) => !isUserTab(kind)), 'user', ...USER_TABS, 'global', 'help'];

/** The narrowest a column of help may be; narrower, one more column is not worth it. */
const MIN_COLUMN = 52;
/** Cells between columns. */
export const COLUMN_GAP = 3;
/** The keys part of a line: as wide as the widest keys, up to this share of the column. */
const MAX_KEYS_SHARE = 0.4;

/** One line of help: a group's title, or a binding's keys (on its first line) and a piece of its description. */
export interface HelpLine {
  title?: string;
  keys?: string;
  text?: string;
  /** The group a binding's line belongs to: its heading is repeated where a column starts inside it. */
  group?: string;
}

export interface HelpView {
  /** Lines of each column, all of the same length (`rows`). */
  columns: HelpLine[][];
  columnWidth: number;
  keysWidth: number;
  rows: number;
  /** Lines on screen (the body under help's own title line). */
  visible: number;
  /**
   * The largest first line: 0 when everything fits. One more than the lines below the screen,
   * since a scrolled column may give its first line to its group's heading (helpWindow).
   */
  maxScroll: number;
}

/** The actions that open a prompt: help's title for the prompts' editing keys names their keys in force. */
const PROMPT_OPENERS = ['userPicker', 'command', 'filter', 'search', 'conversationFilter'];

/** Where the prompts' editing keys go in help, after the screens' keys and before help's own. */
function promptGroup(table: readonly Binding[]): string {
  const keys = PROMPT_OPENERS.flatMap((action) => keyFor(action, undefined, table) ?? []);
  return `In a prompt (${[...new Set(keys)].join(' ')})`;
}
/** The `:` commands (keys/commands.ts), after the keys that work everywhere. */
const COMMAND_GROUP = 'Commands (type : first)';

/** One binding as help (and README's Keys table) writes it; `action` is absent for a prompt's editing keys. */
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
 * (which passes the default table: help shows the keys in force).
 */
export function helpEntries(table: readonly Binding[] = activeBindings()): HelpEntry[] {
  const keymap = (scope: Scope) =>
    table.filter((b) => b.scope === scope).map((b) => ({
      group: SCOPE_TITLES[scope],
      ...labelled(b.keys.map(keyLabel)),
      description: b.description,
      action: b.action,
    }));
  const prompt = LINE_KEYS.map((b) => ({ group: promptGroup(table), ...labelled(b.keys.map(keyLabel)), description: b.description }));
  const commands = COMMANDS.map((c) => ({
    group: COMMAND_GROUP,
    ...labelled([c.synopsis, ...(c.aliases ?? [])].map((name) => `:${name}`)),
    description: c.description,
  }));
  return ORDER.flatMap((scope) =>
    scope === 'help' ? [...prompt, ...keymap(scope)] : scope === 'global' ? [...keymap(scope), ...commands] : keymap(scope),
  );
}

const labelled = (labels: readonly string[]): Pick<HelpEntry, 'labels' | 'keys'> => ({ labels, keys: labels.join(' ') });

/** Words to lines of at most `width` cells; a word longer than a line is split. */
export function wrapWords(text: string, width: number): string[] {
  const room = Math.max(1, Math.floor(width));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (displayWidth(candidate) <= room) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (displayWidth(line) > room) {
      // Only ASCII words reach here in practice (the keymap's descriptions).
      lines.push(line.slice(0, room));
      line = line.slice(room);
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** A group's title or one binding: kept together in a column. */
type Unit = HelpLine[];

function unitsFor(columnWidth: number, keysWidth: number): Unit[] {
  const units: Unit[] = [];
  const textWidth = Math.max(8, columnWidth - keysWidth - 1);
  let group: string | undefined;
  for (const entry of helpEntries()) {
    if (entry.group !== group) {
      group = entry.group;
      units.push([{ title: group }]);
    }
    // Keys wider than their column (rare) get a line of their own.
    const keysFit = displayWidth(entry.keys) <= keysWidth;
    // The action's name, as the config file's `keys` rebinds it.
    const text = wrapWords(entry.action ? `${entry.description} [${entry.action}]` : entry.description, textWidth).map((t) => ({ text: t, group: entry.group }));
    units.push(keysFit ? [{ keys: entry.keys, ...text[0] }, ...text.slice(1)] : [{ keys: entry.keys }, ...text]);
  }
  // A title stays with the binding under it.
  const joined: Unit[] = [];
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    if (unit[0]?.title !== undefined && i + 1 < units.length) joined.push([...unit, ...units[++i]!]);
    else joined.push(unit);
  }
  return joined;
}

const continued = (group: string): HelpLine => ({ title: `${group} (continued)` });

/** Units into `count` columns of at most `rows` lines each, in order; undefined when they do not fit. */
function fill(units: readonly Unit[], count: number, rows: number): HelpLine[][] | undefined {
  const columns: HelpLine[][] = [[]];
  for (const unit of units) {
    let column = columns[columns.length - 1]!;
    if (column.length > 0 && column.length + unit.length > rows) {
      if (columns.length === count) return undefined;
      // A column that starts inside a group starts with its heading, repeated.
      const group = unit[0]?.title === undefined ? unit[0]?.group : undefined;
      column = group === undefined ? [] : [continued(group)];
      columns.push(column);
    }
    column.push(...unit);
  }
  return columns;
}

function columnGeometry(width: number, count: number): { columnWidth: number; keysWidth: number } {
  const columnWidth = Math.floor((width - COLUMN_GAP * (count - 1)) / count);
  const widest = Math.max(...helpEntries().map((e) => displayWidth(e.keys)));
  return { columnWidth, keysWidth: Math.min(widest, Math.floor(columnWidth * MAX_KEYS_SHARE)) };
}

/** Help for a body of `width` x `height` cells (one line of it is help's title). */
export function helpView(width: number, height: number): HelpView {
  const visible = Math.max(1, height - 1);
  const most = Math.max(1, Math.floor((width + COLUMN_GAP) / (MIN_COLUMN + COLUMN_GAP)));
  for (let count = 1; count <= most; count++) {
    const geometry = columnGeometry(width, count);
    const units = unitsFor(geometry.columnWidth, geometry.keysWidth);
    const lines = units.reduce((n, u) => n + u.length, 0);
    // The fewest columns that show everything, balanced so that none is much longer.
    for (let rows = Math.ceil(lines / count); rows <= visible; rows++) {
      const columns = fill(units, count, rows);
      if (columns) return view(columns, geometry, visible);
    }
  }
  // It does not fit: the most columns there is room for, scrolled together.
  const geometry = columnGeometry(width, most);
  const units = unitsFor(geometry.columnWidth, geometry.keysWidth);
  const lines = units.reduce((n, u) => n + u.length, 0);
  for (let rows = Math.ceil(lines / most); ; rows++) {
    const columns = fill(units, most, rows);
    if (columns) return view(columns, geometry, visible);
  }
}

function view(columns: HelpLine[][], geometry: { columnWidth: number; keysWidth: number }, visible: number): HelpView {
  const rows = Math.max(...columns.map((c) => c.length));
  const padded = columns.map((c) => [...c, ...Array.from({ length: rows - c.length }, () => ({}))]);
  return { columns: padded, ...geometry, rows, visible, maxScroll: rows > visible ? rows - visible + 1 : 0 };
}

/**
 * The lines of a column on screen when help is scrolled to `top`: a column whose first line is
 * inside a group shows that group's heading first (as `less` cannot, but a reader needs: which
 * screen do these keys work on?), then as many of its lines as are left. Each column keeps its own
 * heading, so two columns scrolled together never start with keys of an unnamed group.
 */
export function helpWindow(view: HelpView, column: readonly HelpLine[], top: number): HelpLine[] {
  const group = headingOwed(column, top);
  if (group === undefined) return column.slice(top, top + view.visible);
  return [continued(group), ...column.slice(top, top + view.visible - 1)];
}

/** The group whose heading a column scrolled to `top` repeats: its first line is inside it. */
function headingOwed(column: readonly HelpLine[], top: number): string | undefined {
  const first = column[top];
  return first?.title === undefined ? first?.group : undefined;
}

/** The last line (1-based) help's title says is shown at `top`: the furthest any column reaches. */
export function helpLastLine(view: HelpView, top: number): number {
  const reach = Math.max(...view.columns.map((column) => top + view.visible - (headingOwed(column, top) === undefined ? 0 : 1)));
  return Math.min(view.rows, reach);
}
