// Every command-line flag, once, as data: the parser (args.ts) reads `type` and `short`, `--help`
// and the completion scripts read the rest. A list's own flags are named in lists/names.ts
// (`flags`), and each list's query reads them (`query.fromFlags`).
import { PAGE_SIZE_STEPS } from '../domain/paging.js';
import { LIST_COMMANDS, LIST_KINDS, LIST_NAMES, kindOfCommand, listsWith, needsOf, type ListCommand } from '../lists/names.js';

export const OUTPUT_FORMATS = ['json', 'ndjson', 'csv', 'table'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
/** The servers the demo can answer as (`--server`): the newest release, or main (unreleased). */
export const DEMO_SERVERS = ['release', 'main'] as const;
export type DemoServerKind = (typeof DEMO_SERVERS)[number];

/** Where a flag goes: the explorer, a scripting command, the demo server. */
export type FlagUse = 'explore' | ListCommand | 'cluster' | 'demo-server' | 'trace';

const CONNECT: readonly FlagUse[] = ['explore', ...LIST_COMMANDS, 'trace', 'cluster'];
/** How the demo's discovery routes answer (`--discovery`): as etcd (listing its metrics), or `[]` as a non-etcd server. */
export const DISCOVERY_MODES = ['etcd', 'none'] as const;
export type DiscoveryModeKind = (typeof DISCOVERY_MODES)[number];
/** The commands that print one user's list: they take `--user ID`. */
export const PER_USER_COMMANDS: readonly ListCommand[] = LIST_KINDS.filter((kind) => LIST_NAMES[kind].place === 'userTab').map((kind) => LIST_NAMES[kind].command);
/** The commands that take `--user ID`: one user's lists, and the drill-down lists whose flags name it. */
export const USER_COMMANDS: readonly ListCommand[] = [...PER_USER_COMMANDS, ...listsWith('user').filter((command) => !PER_USER_COMMANDS.includes(command))];
/** "a, b or c". */
export const orList = (words: readonly string[]): string => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);
const EVERYWHERE: readonly FlagUse[] = [...CONNECT, 'demo-server'];

export interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** What the value is called in help. */
  value?: string;
  /** What completes the value: a fixed list, the config file's profiles, or file names. */
  complete?: readonly string[] | 'profiles' | 'files';
  /** For shell completion: short, without `:`, `[` or `]`. */
  help: string;
  use: readonly FlagUse[];
}

/**
 * Every flag, once: the parser reads `type` and `short` (node's parseArgs ignores the other
 * fields), the completion scripts read all of it.
 */
export const FLAGS = {
  'base-url': { type: 'string', value: 'URL', help: 'OpenIM API address', use: CONNECT },
  token: { type: 'string', value: 'TOKEN', help: 'admin token (prefer OPENIM_TOKEN)', use: CONNECT },
  secret: { type: 'string', value: 'SECRET', help: 'admin secret (prefer OPENIM_SECRET)', use: CONNECT },
  'admin-user-id': { type: 'string', value: 'ID', help: 'admin user for the secret', use: CONNECT },
  timeout: { type: 'string', value: 'SECONDS', help: 'per-request deadline', use: CONNECT },
  'max-body-mb': { type: 'string', value: 'N', help: 'refuse replies larger than N MB', use: CONNECT },
  profile: { type: 'string', value: 'NAME', complete: 'profiles', help: 'a profile of the config file', use: CONNECT },
  config: { type: 'string', value: 'PATH', complete: 'files', help: 'the config file', use: CONNECT },
  demo: { type: 'boolean', help: 'use the embedded demo server', use: CONNECT },
  users: { type: 'string', value: 'N', help: 'demo population', use: EVERYWHERE },
  latency: { type: 'string', value: 'MS', help: 'demo server delay per request', use: EVERYWHERE },
  server: { type: 'string', value: 'release|main', complete: DEMO_SERVERS, help: 'the server the demo answers as (default release)', use: EVERYWHERE },
  still: { type: 'boolean', help: 'the demo server without its activity (fixed data)', use: [...CONNECT, 'demo-server'] },
  watch: { type: 'string', value: 'SECONDS', help: 'live view: refresh every SECONDS (scripting: print what changed)', use: [...CONNECT, ...LIST_COMMANDS] },
  metrics: { type: 'string', value: 'HOST:PORT,...', help: 'metrics targets when discovery lists none (cluster)', use: ['explore', 'cluster'] },
  discovery: { type: 'string', value: 'etcd|none', complete: DISCOVERY_MODES, help: "the demo's discovery routes: etcd, or none (answer [])", use: EVERYWHERE },
  port: { type: 'string', value: 'PORT', help: 'port to listen on', use: ['demo-server'] },
  host: { type: 'string', value: 'HOST', help: 'address to listen on', use: ['demo-server'] },
  'no-color': { type: 'boolean', help: 'monochrome', use: CONNECT },
  ascii: { type: 'boolean', help: 'draw marks with ASCII only', use: CONNECT },
  'page-size': { type: 'string', value: 'N', complete: PAGE_SIZE_STEPS.map(String), help: 'rows per page', use: CONNECT },
  'log-file': { type: 'string', value: 'PATH', complete: 'files', help: 'append one line per request', use: CONNECT },
  'ca-file': { type: 'string', value: 'PATH', complete: 'files', help: 'trust only this CA (PEM) for https', use: CONNECT },
  keyword: { type: 'string', value: 'K', help: 'exact userID or nickname', use: listsWith('keyword') },
  search: { type: 'string', value: 'TEXT', help: 'only rows matching TEXT (users, groups, members)', use: listsWith('search') },
  regex: { type: 'boolean', help: 'the --search text is a regular expression', use: listsWith('regex') },
  user: { type: 'string', value: 'ID', help: 'the user whose list to print (for status the users A,B)', use: USER_COMMANDS },
  conversation: { type: 'string', value: 'CID', help: 'the conversation whose messages to print (or trace)', use: [...listsWith('conversation'), 'trace'] },
  group: { type: 'string', value: 'ID', help: 'the group whose members to print', use: listsWith('group') },
  ids: { type: 'string', value: 'A,B', help: 'only these conversation IDs', use: listsWith('ids') },
  from: { type: 'string', value: 'ID', help: 'messages this user sent (pulse: the first UTC day)', use: [...listsWith('from'), 'trace'] },
  to: { type: 'string', value: 'ID', help: 'messages to this user or group ID (trace: the receiver; pulse: the last UTC day)', use: [...listsWith('to'), 'trace'] },
  days: { type: 'string', value: 'N', help: 'the pulse: this many UTC days (at most 31)', use: listsWith('days') },
  seq: { type: 'string', value: 'N', help: 'the seq of the message to trace', use: ['trace'] },
  'server-msg-id': { type: 'string', value: 'ID', help: 'the server ID of the message to trace', use: ['trace'] },
  type: { type: 'string', value: 'NAME|N', help: 'messages of this content type', use: listsWith('type') },
  session: { type: 'string', value: 'KIND', complete: ['single', 'group'], help: 'single or group chats only', use: listsWith('session') },
  day: { type: 'string', value: 'YYYY-MM-DD', help: 'messages sent this day (local, sent as one UTC day; top lists: a UTC day)', use: [...listsWith('day'), 'trace'] },
  page: { type: 'string', value: 'N', help: 'first page', use: LIST_COMMANDS },
  size: { type: 'string', value: 'N', help: 'rows per request', use: LIST_COMMANDS },
  all: { type: 'boolean', help: 'every page from --page on', use: LIST_COMMANDS },
  output: { type: 'string', short: 'o', value: 'FORMAT', complete: OUTPUT_FORMATS, help: 'output format', use: [...LIST_COMMANDS, 'trace', 'cluster'] },
  help: { type: 'boolean', short: 'h', help: 'usage', use: EVERYWHERE },
  version: { type: 'boolean', short: 'v', help: 'the version', use: EVERYWHERE },
} as const satisfies Record<string, FlagSpec>;

/** The flags that narrow some list (lists/names.ts `flags`): each goes only with the lists naming it. */
export const LIST_FLAGS: readonly string[] = [...new Set(LIST_KINDS.flatMap((kind) => LIST_NAMES[kind].flags as readonly string[]))].filter((flag) => flag !== 'user');

/**
 * What a drill-down list's command lacks of the flags it needs (lists/names.ts `needs`), in words
 * (`history needs --user ID and --conversation CID`); undefined when nothing is missing.
 */
export function missingNeeds(command: ListCommand, given: Readonly<Record<string, unknown>>): string | undefined {
  const needs = needsOf(kindOfCommand(command));
  const blank = (flag: string): boolean => {
    const value = given[flag];
    return value === undefined || (typeof value === 'string' && value.trim() === '');
  };
  if (!needs.some(blank)) return undefined;
  const words = needs.map((flag) => `--${flag} ${(FLAGS as Record<string, FlagSpec>)[flag]?.value ?? ''}`.trim());
  return `${command} needs ${words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`}`;
}

/** The flags of the scripting commands alone: given to the explorer, each is a mistake said in words. */
export const SCRIPTING_ONLY: readonly string[] = Object.entries(FLAGS)
  .filter(([, f]) => !(f.use as readonly FlagUse[]).includes('explore') && (f.use as readonly FlagUse[]).some((use) => use !== 'demo-server'))
  .map(([name]) => name);
