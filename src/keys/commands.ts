// Every `:` command, once: its name, aliases, argument, usage, what help says of it and what it
// does. Parsing, Tab's words (through the store's CommandLine), help and the Keys table (docs/keys.md) read
// this table. The store is handed COMMAND_LINE by the entry point (explorer/runExplorer.ts).
import type { StoreApi } from 'zustand/vanilla';
import { LIST_NAMES, TOP_LISTS } from '../lists/names.js';
import { listDef } from '../lists/registry.js';
import type { AppActions } from '../store/actions.js';
import type { CommandArgument, CommandLine, CommandWord } from '../store/commandLine.js';
import { checkID } from '../store/ids.js';
import { parseTraceWords, TRACE_COMMAND_USAGE } from '../data/trace/targets.js';
import type { TraceTarget } from '../data/trace/requests.js';
import type { AppState } from '../store/types.js';

type Store = StoreApi<AppState & AppActions>;

/** A command's argument as its parser returns it. */
type Parsed<A extends CommandArgument> = A extends 'none'
  ? undefined
  : A extends 'page'
    ? number
    : A extends 'sort'
      ? { field?: string; desc: boolean }
      : A extends 'trace'
        ? TraceTarget
      : A extends 'interval'
        ? number | undefined
        : string;

interface CommandSpec<A extends CommandArgument> {
  name: string;
  aliases?: readonly string[];
  argument: A;
  /** How help writes it: the name and its argument, short. */
  synopsis: string;
  /** How a refused line says it is used, after `usage: :`. */
  usage: string;
  description: string;
  /** Refuses an argument in words before the command runs (a list's prompt's check). */
  check?: (arg: string) => string | undefined;
  run(store: Store, value: Parsed<A>): void;
}

/** Keeps each row's argument and its handler's parameter the same kind. */
const command = <A extends CommandArgument>(spec: CommandSpec<A>): CommandSpec<CommandArgument> =>
  spec as unknown as CommandSpec<CommandArgument>;

const act = (store: Store) => store.getState();
const FIELD = /^[A-Za-z_][\w.]*$/;
/** The cluster screen's interval bounds, seconds. */
const MIN_CLUSTER_S = 1;
const MAX_CLUSTER_S = 3600;

export const COMMANDS: readonly CommandSpec<CommandArgument>[] = [
  // The top-level lists, each named as its scripting command (lists/<list>.ts `jump`).
  ...TOP_LISTS.map((kind) => {
    const name = LIST_NAMES[kind].command;
    const jump = listDef(kind).jump;
    // A list whose command takes its prompt's answer (`:pulse 30d`, `:doctor user ID`): the list, then
    // the answer, refused in words by the prompt's own check before anything is sent.
    if (jump?.argument !== undefined) {
      const check = listDef(kind).query.prompt?.check;
      return command({
        name,
        aliases: jump.aliases,
        argument: 'query',
        synopsis: `${name} [${jump.argument}]`,
        usage: `${name} [${jump.argument}]`,
        description: jump.description,
        ...(check ? { check } : {}),
        run: (s, text) => {
          act(s).goTo(kind);
          if (text) act(s).narrow(text);
        },
      });
    }
    return command({
      name,
      aliases: jump?.aliases ?? [],
      argument: 'none',
      synopsis: name,
      usage: name,
      description: jump?.description ?? LIST_NAMES[kind].help,
      run: (s) => act(s).goTo(kind),
    });
  }),
  command({ name: 'user', argument: 'user', synopsis: 'user ID', usage: 'user <userID>', description: "a user's screen, by ID", run: (s, id) => act(s).pickUser(id) }),
  command({ name: 'page', aliases: ['p'], argument: 'page', synopsis: 'page N', usage: 'page <number from 1>', description: 'that page of the list', run: (s, n) => act(s).goToPage(n) }),
  command({ name: 'seq', argument: 'page', synopsis: 'seq N', usage: 'seq <number from 1>', description: "a history's message at that seq: the page holding it, its row selected", run: (s, n) => act(s).goToPosition(n) }),
  command({
    name: 'profile',
    argument: 'profile',
    synopsis: 'profile NAME',
    usage: 'profile <name>',
    description: "another profile's server, without restarting",
    run: (s, name) => act(s).switchProfile(name),
  }),
  command({
    name: 'sort',
    argument: 'sort',
    synopsis: 'sort [-]FIELD',
    usage: "sort FIELD (largest first: :sort -FIELD; the server's order: :sort)",
    description: "sort this page by a field; -FIELD largest first; alone, the server's order",
    run: (s, by) => act(s).sortPage(by.field, by.desc),
  }),
  command({
    name: 'columns',
    argument: 'field',
    synopsis: 'columns FIELD',
    usage: 'columns FIELD (hides its column, or shows it again)',
    description: 'hide the column of a field, or show it again (this session)',
    run: (s, field) => act(s).toggleColumn(field),
  }),
  command({
    name: 'log',
    aliases: ['notices'],
    argument: 'none',
    synopsis: 'log',
    usage: 'log',
    description: 'the last 50 messages of the status line, newest first',
    run: (s) => act(s).openLog(),
  }),
  command({
    name: 'trace',
    argument: 'trace',
    // Short: help's key column is as wide as the widest synopsis. The flags are in the description.
    synopsis: 'trace FLAGS',
    usage: TRACE_COMMAND_USAGE,
    description: `the delivery trace of a message to a receiver: ${TRACE_COMMAND_USAGE.slice('trace '.length)}`,
    run: (s, target) => act(s).openTrace(target),
  }),
  command({
    name: 'cluster',
    argument: 'interval',
    synopsis: 'cluster [Ns]',
    usage: `cluster [SECONDS, e.g. 5s] (from ${MIN_CLUSTER_S} to ${MAX_CLUSTER_S} s; default 15)`,
    description: "the cluster: its services' instances and figures from their metrics, sampled every 15 s (or N s) while open",
    run: (s, ms) => act(s).openCluster(ms),
  }),
  command({ name: 'help', argument: 'none', synopsis: 'help', usage: 'help', description: 'this help', run: (s) => act(s).openHelp() }),
  command({ name: 'quit', aliases: ['q', 'q!'], argument: 'none', synopsis: 'quit', usage: 'quit', description: 'quit', run: (s) => act(s).quit() }),
];

type Outcome = { ok: true; spec: CommandSpec<CommandArgument>; value: unknown } | { ok: false; error: string };

/** The command a word names: its name, an alias, or an unambiguous prefix (as vim and k9s take them). */
function resolveSpec(word: string): CommandSpec<CommandArgument> | undefined {
  const lower = word.toLowerCase();
  const exact = COMMANDS.find((c) => c.name === lower || c.aliases?.includes(lower));
  if (exact) return exact;
  const matches = COMMANDS.filter((c) => c.name.startsWith(lower));
  return lower && matches.length === 1 ? matches[0] : undefined;
}

function parseArgument(argument: CommandArgument, arg: string): { ok: true; value: unknown } | { ok: false } | { ok: false; error: string } {
  switch (argument) {
    case 'none':
      return { ok: true, value: undefined };
    case 'user': {
      if (!arg) return { ok: false };
      const id = checkID(arg, 'user ID');
      return id.ok ? { ok: true, value: id.value } : { ok: false, error: id.error };
    }
    case 'page': {
      const page = Number(arg);
      return Number.isInteger(page) && page >= 1 ? { ok: true, value: page } : { ok: false };
    }
    case 'profile':
      return arg ? { ok: true, value: arg } : { ok: false };
    case 'sort': {
      if (!arg) return { ok: true, value: { desc: false } };
      const field = arg.replace(/^[-+]/, '');
      return FIELD.test(field) ? { ok: true, value: { field, desc: arg.startsWith('-') } } : { ok: false };
    }
    case 'field':
      return FIELD.test(arg) ? { ok: true, value: arg } : { ok: false };
    case 'trace': {
      const parsed = parseTraceWords(arg);
      return parsed.ok ? { ok: true, value: parsed.target } : { ok: false, error: parsed.error };
    }
    case 'query':
      return { ok: true, value: arg };
    case 'interval': {
      if (!arg) return { ok: true, value: undefined };
      const seconds = /^(\d+(?:\.\d+)?)\s*s?$/i.exec(arg);
      const n = seconds ? Number(seconds[1]) : NaN;
      return n >= MIN_CLUSTER_S && n <= MAX_CLUSTER_S ? { ok: true, value: Math.round(n * 1000) } : { ok: false };
    }
  }
}

function parse(line: string): Outcome {
  const [word = '', ...args] = line.trim().replace(/^:/, '').split(/\s+/);
  const spec = resolveSpec(word);
  if (!spec) {
    return { ok: false, error: word ? `unknown command: ${word} (try ${COMMANDS.map((c) => c.name).join(', ')})` : 'type a command' };
  }
  const parsed = parseArgument(spec.argument, args.join(' ').trim());
  const refused = parsed.ok && typeof parsed.value === 'string' && parsed.value ? spec.check?.(parsed.value) : undefined;
  if (refused !== undefined) return { ok: false, error: refused };
  if (parsed.ok) return { ok: true, spec, value: parsed.value };
  return { ok: false, error: 'error' in parsed ? parsed.error : `usage: :${spec.usage}` };
}

const word = (spec: CommandSpec<CommandArgument>): CommandWord => ({ name: spec.name, argument: spec.argument });

export const COMMAND_LINE: CommandLine = {
  words: COMMANDS.map(word),
  resolve: (typed) => {
    const spec = resolveSpec(typed);
    return spec ? word(spec) : undefined;
  },
  problem: (line) => {
    const outcome = parse(line);
    return outcome.ok ? undefined : outcome.error;
  },
  run: (line, store) => {
    const outcome = parse(line);
    if (!outcome.ok) return outcome.error;
    // Typed on the cluster screen (its `:`), any other command is for what is behind it: it closes first.
    if (outcome.spec.name !== 'cluster' && store.getState().cluster) store.getState().closeCluster();
    outcome.spec.run(store, outcome.value as never);
    return undefined;
  },
};
