// Command-line flags to a plain options object. Pure: no process access, so it is testable and
// the CLI can answer --help and --version before loading any UI code.
import { parseArgs } from 'node:util';
import { DEFAULT_CLIENT_CONFIG } from '../api/defaults.js';
import { MAX_PAGE_SIZE } from '../domain/paging.js';
import { MAX_INTERVAL_MS, MIN_INTERVAL_MS } from '../data/liveRefresh.js';
import { LIST_COMMANDS, LIST_KINDS, LIST_NAMES, alsoReadsOf, kindOfCommand, listsWith, userIsQuery, type ListCommand, type ListKind } from '../lists/names.js';
import type { DiscoveryModeKind } from './flags.js';
import { clusterFlags, discoveryMode, metricsList } from './clusterArgs.js';
import { FLAGS, LIST_FLAGS, PER_USER_COMMANDS, SCRIPTING_ONLY, USER_COMMANDS, missingNeeds, orList, DEMO_SERVERS, type DemoServerKind, type FlagUse } from './flags.js';
import type { QueryFlags } from '../lists/types.js';

/** Population of the embedded demo server unless --users says otherwise. */
export const DEFAULT_DEMO_USERS = 5000;
export const DEFAULT_TIMEOUT_S = DEFAULT_CLIENT_CONFIG.timeoutMs / 1000;
export const DEFAULT_MAX_BODY_MB = DEFAULT_CLIENT_CONFIG.maxBodyBytes / (1024 * 1024);
import { urlCredentialsProblem, urlExtraPartProblem, withoutUserinfo } from './safeText.js';
import { CONTROL_CHARACTER_PROBLEM, normalBaseUrl } from './baseUrl.js';
import { hasControlCode } from '../api/inertText.js';
import { UsageError } from './usageError.js';
import { traceRequest, type TraceRequestOptions } from './traceArgs.js';
import type { Connection, GivenConnection } from './connection.js';

export { UsageError };

import { OUTPUT_FORMATS, type OutputFormat } from './flags.js';
export type { OutputFormat } from './flags.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** The words that may come first, with what they do (for shell completion too). */
export const SUBCOMMANDS = {
  ...(Object.fromEntries(LIST_KINDS.map((kind) => [LIST_NAMES[kind].command, LIST_NAMES[kind].commandHelp])) as Record<ListCommand, string>),
  trace: 'why a receiver did or did not get a message (--conversation CID --seq N --to ID)',
  cluster: "the cluster's services, instances and figures (one sample; --watch: rates)",
  'demo-server': 'run the demo server alone',
  completion: 'print a shell completion script (bash, zsh, fish)',
  'config-schema': "print the config file's JSON Schema",
} as const satisfies Record<ListCommand | 'trace' | 'cluster' | 'demo-server' | 'completion' | 'config-schema', string>;

/** Hidden: prints the config file's profile names, one a line, for the completion scripts. */
export const COMPLETE_PROFILES = '__complete-profiles';


/** A scripting command: one list, printed without the UI. */
export interface ListRequestOptions {
  list: ListCommand;
  /** The list it names. */
  kind: ListKind;
  /** Owner of a per-user list (one whose names say `perUser`). */
  userID?: string;
  /** The flags that narrow the list, as given: its query reads them (lists/<list>.ts `query.fromFlags`). */
  flags: QueryFlags;
  /** First page to print, 1-based. */
  page: number;
  /** Rows per request; undefined means the page size in force (100 with --all). */
  size?: number;
  /** Walk every page from `page` on. */
  all: boolean;
  /** Undefined: table on a terminal, json otherwise. */
  output?: OutputFormat;
}

/** Settings beyond the connection that a profile may give, and a flag overrides. */
export type ProfileField = 'timeoutMs' | 'pageSize' | 'watchMs' | 'metrics';

/** What the config file prefers beyond the connection (checked by config/validate.ts). */
export interface Preferences {
  /** The file they came from, for messages. */
  path?: string;
  /** Action name to the keys that replace its own (the keymap's names and words: keys/effective.ts). */
  keys?: Readonly<Record<string, readonly string[]>>;
  /** List command name to the `-o json` fields its table shows, in order (the lists' names: lists/columnChoice.ts). */
  columns?: Readonly<Record<string, readonly string[]>>;
  theme?: 'dark' | 'light';
  /** The profile's marker in the header (`PROD-EU`), and its colour. */
  label?: string;
  labelColor?: string;
}

export interface ExplorerOptions {
  command: 'explore' | 'demo-server' | 'help' | 'version' | 'list' | 'trace' | 'cluster' | 'completion' | 'complete-profiles' | 'config-schema';
  /** The shell of `completion SHELL`. */
  shell?: Shell;
  /** What the flags and the environment say of the connection, each apart (connection.ts decides). */
  given: { flags: GivenConnection; environment: GivenConnection };
  /** The server and what goes to it, from one place (connection.ts); set with the profile, or by --demo. */
  connection?: Connection;
  timeoutMs: number;
  /** Replies larger than this are refused rather than parsed. */
  maxBodyBytes: number;
  demo: boolean;
  /** Population of the embedded demo server. */
  demoUsers: number;
  /** Artificial latency of the embedded demo server, ms. */
  demoLatencyMs: number;
  /** `--server`: which server the demo answers as. */
  demoServer: DemoServerKind;
  /** `--still`: the demo server's data does not change while it runs. */
  demoStill: boolean;
  /** Time between two events of the living demo (OIE_DEMO_PACE_MS); undefined: its default. */
  demoPaceMs?: number;
  /**
   * `--watch SECONDS`: the explorer starts with the live view on, refreshing at this interval;
   * a scripting command prints what changes on its page at this interval, until stopped.
   */
  watchMs?: number;
  port: number;
  host: string;
  noColor: boolean;
  /** Draw marks with ASCII only (`--ascii`; also automatic when the locale is not UTF-8). */
  ascii: boolean;
  /** Rows per page; undefined: fit the terminal's height (layout/frame.ts, fittedPageSizes). */
  pageSize?: number;
  logFile?: string;
  /** `--config PATH`; undefined means the default location. */
  configPath?: string;
  /** From the config file: keys, theme, the profile's label (applied with --demo too, but the label). */
  preferences?: Preferences;
  /** `--profile NAME` (or OPENIM_PROFILE); after the config file is read, the profile in force (if any). */
  profile?: string;
  /** Which of the two named the profile asked for. */
  profileFrom?: '--profile' | 'OPENIM_PROFILE';
  /** Fields given by a flag: a profile does not override them. */
  flags: ReadonlySet<ProfileField>;
  /** The scripting command, when `command` is 'list'. */
  request?: ListRequestOptions;
  /** The message traced, when `command` is 'trace'. */
  trace?: TraceRequestOptions;
  /** `--metrics` (or the profile's `metrics`): the metrics targets read when discovery lists none (host:port). */
  metrics?: readonly string[];
  /** `--discovery`: how the demo's discovery routes answer. */
  demoDiscovery?: DiscoveryModeKind;
  /** `cluster -o FORMAT`: undefined, a table on a terminal and JSON otherwise. */
  clusterOutput?: OutputFormat;
}

export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv): ExplorerOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: FLAGS,
    });
  } catch (error) {
    throw new UsageError(shortParseError(error));
  }
  const { values: v, positionals } = parsed;
  const [first, ...rest] = positionals;
  const isList = (LIST_COMMANDS as readonly string[]).includes(first ?? '');
  const shell = first === 'completion' && !v.help && !v.version ? completionShell(rest) : undefined;
  const takesWord = first === 'completion';
  if ((rest.length > 0 && !takesWord) || (first !== undefined && !(first in SUBCOMMANDS) && first !== COMPLETE_PROFILES)) {
    throw new UsageError(`unknown command: ${positionals.join(' ')} (commands: ${Object.keys(SUBCOMMANDS).join(', ')})`);
  }
  const command = v.help
    ? 'help'
    : v.version
      ? 'version'
      : first === 'demo-server' || first === 'config-schema' || first === 'trace' || first === 'cluster'
        ? first
        : shell
          ? 'completion'
          : first === COMPLETE_PROFILES
            ? 'complete-profiles'
            : isList
              ? 'list'
              : 'explore';

  const flags = new Set<ProfileField>();
  const pick = (field: ProfileField, flag: string | undefined): string | undefined => {
    if (flag !== undefined) flags.add(field);
    return flag;
  };
  const given: ExplorerOptions['given'] = {
    flags: {
      baseUrl: v['base-url'] === undefined ? undefined : checkedUrl(v['base-url'], '--base-url'),
      token: v.token,
      secret: v.secret,
      adminUserID: v['admin-user-id'],
      caFile: v['ca-file'],
    },
    // Read only where a server is reached: a stale OPENIM_BASE_URL must not break `completion bash`.
    environment:
      command === 'explore' || command === 'list' || command === 'trace' || command === 'cluster'
        ? {
            baseUrl: nonEmpty(env.OPENIM_BASE_URL) === undefined ? undefined : checkedUrl(env.OPENIM_BASE_URL ?? '', 'OPENIM_BASE_URL'),
            token: nonEmpty(env.OPENIM_TOKEN),
            secret: nonEmpty(env.OPENIM_SECRET),
            adminUserID: nonEmpty(env.OPENIM_ADMIN_USER_ID),
          }
        : {},
  };
  const timeout = pick('timeoutMs', v.timeout);
  const pageSizeRaw = pick('pageSize', v['page-size']);
  const watchRaw = pick('watchMs', v.watch);
  const watchMs = watchRaw === undefined ? undefined : Math.round(num(watchRaw, '--watch', MIN_INTERVAL_MS / 1000, MAX_INTERVAL_MS / 1000) * 1000);

  const pageSize = pageSizeRaw === undefined ? undefined : int(pageSizeRaw, '--page-size', 1, MAX_PAGE_SIZE);

  const request = command === 'list' ? listRequest(first as ListCommand, v) : undefined;
  const trace = command === 'trace' ? traceRequest(v) : undefined;
  if (request && watchMs !== undefined) {
    if (request.all) throw new UsageError('--watch watches one page (--page, --size); it does not go with --all');
    if (request.output !== undefined && request.output !== 'ndjson') {
      throw new UsageError(`--watch prints NDJSON events; --output ${request.output} does not go with it`);
    }
  }
  if (command === 'cluster') clusterFlags(v);
  if (command === 'list' && v.metrics !== undefined) throw new UsageError('--metrics goes with cluster (or the explorer), not a list');
  const metricsRaw = pick('metrics', v.metrics);
  const metrics = metricsRaw === undefined ? undefined : metricsList(metricsRaw);
  const demoDiscovery = v.discovery === undefined ? undefined : discoveryMode(v.discovery);
  if (demoDiscovery && command !== 'demo-server' && !v.demo && (command === 'explore' || command === 'list' || command === 'cluster')) {
    throw new UsageError('--discovery is the demo\'s: it goes with --demo or demo-server');
  }
  // The demo server alone takes its own flags; one it would ignore is refused, as a mistake.
  if (command === 'demo-server') {
    const own = Object.entries(FLAGS).filter(([, f]) => (f.use as readonly FlagUse[]).includes('demo-server')).map(([name]) => `--${name}`);
    for (const name of Object.keys(v)) {
      if (own.includes(`--${name}`)) continue;
      throw new UsageError(`--${name} does not go with demo-server (it takes ${own.filter((f) => f !== '--help' && f !== '--version').join(', ')})`);
    }
  }
  if (command === 'explore') {
    for (const flag of SCRIPTING_ONLY) {
      if ((v as Readonly<Record<string, unknown>>)[flag] !== undefined) throw new UsageError(`--${flag} goes with a scripting command, e.g. openim-explorer users --${flag} ...`);
    }
  }

  return {
    command,
    ...(shell ? { shell } : {}),
    given,
    timeoutMs: timeout === undefined ? DEFAULT_CLIENT_CONFIG.timeoutMs : Math.round(num(timeout, '--timeout', 0.1, 600) * 1000),
    maxBodyBytes: Math.round((v['max-body-mb'] === undefined ? DEFAULT_MAX_BODY_MB : num(v['max-body-mb'], '--max-body-mb', 0.01, 1024)) * 1024 * 1024),
    demo: v.demo ?? false,
    demoUsers: v.users === undefined ? DEFAULT_DEMO_USERS : int(v.users, '--users', 1, 10_000_000),
    demoLatencyMs: v.latency === undefined ? 0 : int(v.latency, '--latency', 0, 60_000),
    demoServer: demoServer(v.server),
    demoStill: v.still ?? false,
    ...demoPace(env.OIE_DEMO_PACE_MS),
    ...(watchMs !== undefined ? { watchMs } : {}),
    port: v.port === undefined ? 10002 : int(v.port, '--port', 0, 65535),
    host: v.host ?? '127.0.0.1',
    noColor: v['no-color'] ?? false,
    ascii: v.ascii ?? false,
    ...(pageSize !== undefined ? { pageSize } : {}),
    logFile: v['log-file'],
    configPath: v.config,
    ...profileAsked(v.profile, nonEmpty(env.OPENIM_PROFILE)),
    flags,
    ...(request ? { request } : {}),
    ...(trace ? { trace } : {}),
    ...(metrics ? { metrics } : {}),
    ...(demoDiscovery ? { demoDiscovery } : {}),
    ...(command === 'cluster' && v.output !== undefined ? { clusterOutput: v.output as OutputFormat } : {}),
  };
}

function completionShell(words: readonly string[]): Shell {
  const [shell] = words;
  if (words.length !== 1 || !(SHELLS as readonly string[]).includes(shell ?? '')) {
    throw new UsageError(`completion needs one of ${SHELLS.join(', ')}, e.g. openim-explorer completion bash`);
  }
  return shell as Shell;
}

type ListFlags = Readonly<Record<string, string | boolean | undefined>> & {
  user?: string;
  page?: string;
  size?: string;
  all?: boolean;
  output?: string;
  regex?: boolean;
  search?: string;
};

function listRequest(list: ListCommand, v: ListFlags): ListRequestOptions {
  const perUser = PER_USER_COMMANDS.includes(list);
  const own: readonly string[] = LIST_NAMES[kindOfCommand(list)].flags;
  if (perUser && (v.user === undefined || v.user.trim() === '')) {
    throw new UsageError(`${list} needs --user ID (the user whose ${list} to list)`);
  }
  const missing = missingNeeds(list, v);
  if (missing) throw new UsageError(missing);
  if (!perUser && !own.includes('user') && v.user !== undefined) throw new UsageError(`--user goes with ${orList(USER_COMMANDS)}, not ${list}`);
  // A flag that narrows some list goes only with the lists that name it.
  for (const flag of LIST_FLAGS) {
    if (v[flag] !== undefined && !own.includes(flag)) throw new UsageError(`--${flag} goes with ${orList(listsWith(flag))}, not ${list}`);
  }
  if (v.regex && v.search === undefined) throw new UsageError('--regex goes with --search TEXT (it says TEXT is a regex)');
  if (v.output !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(v.output)) {
    throw new UsageError(`--output must be one of ${OUTPUT_FORMATS.join(', ')}, got ${JSON.stringify(v.output)}`);
  }
  return {
    list,
    kind: kindOfCommand(list),
    // The owner of the list, unless the list's `--user` names the users it asks about (status: names.ts `userIsQuery`).
    ...(perUser || (own.includes('user') && v.user !== undefined && !userIsQuery(kindOfCommand(list))) ? { userID: v.user!.trim() } : {}),
    flags: Object.fromEntries([...own, ...alsoReadsOf(kindOfCommand(list))].filter((flag) => v[flag] !== undefined).map((flag) => [flag, v[flag]])),
    page: v.page === undefined ? 1 : int(v.page, '--page', 1, 2_147_483_647),
    ...(v.size === undefined ? {} : { size: int(v.size, '--size', 1, 10_000) }),
    all: v.all ?? false,
    ...(v.output === undefined ? {} : { output: v.output as OutputFormat }),
  };
}

/** What `--demo` starts the embedded server with (demo/embedded.ts), for the explorer and the scripting commands. */
export function demoOptions(o: ExplorerOptions): { users: number; latencyMs: number; still: boolean; server: DemoServerKind; paceMs?: number; discovery?: DiscoveryModeKind } {
  return {
    users: o.demoUsers,
    latencyMs: o.demoLatencyMs,
    still: o.demoStill,
    server: o.demoServer,
    ...(o.demoPaceMs !== undefined ? { paceMs: o.demoPaceMs } : {}),
    ...(o.demoDiscovery !== undefined ? { discovery: o.demoDiscovery } : {}),
  };
}

function demoServer(raw: string | undefined): DemoServerKind {
  if (raw === undefined) return 'release';
  const kind = DEMO_SERVERS.find((k) => k === raw.trim());
  if (!kind) throw new UsageError(`--server must be ${orList(DEMO_SERVERS)} (the newest release, or main, unreleased), got ${JSON.stringify(raw)}`);
  return kind;
}

/** OIE_DEMO_PACE_MS, a knob for tests and demonstrations: how fast the living demo changes. */
function demoPace(raw: string | undefined): { demoPaceMs?: number } {
  if (raw === undefined || raw.trim() === '') return {};
  return { demoPaceMs: int(raw.trim(), 'OIE_DEMO_PACE_MS', 10, 3_600_000) };
}

function nonEmpty(s: string | undefined): string | undefined {
  return s === undefined || s.trim() === '' ? undefined : s.trim();
}

function profileAsked(flag: string | undefined, variable: string | undefined): Pick<ExplorerOptions, 'profile' | 'profileFrom'> {
  if (flag !== undefined) return { profile: flag, profileFrom: '--profile' };
  return variable !== undefined ? { profile: variable, profileFrom: 'OPENIM_PROFILE' } : {};
}

/** The base URL as the app uses it (baseUrl.ts), or a usage error naming `source` that never quotes a control byte. */
function checkedUrl(raw: string, source: string): string {
  if (hasControlCode(raw)) throw new UsageError(`${source} ${CONTROL_CHARACTER_PROBLEM}`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${source} is not a URL: ${JSON.stringify(withoutUserinfo(raw).slice(0, 100))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${source} must start with http:// or https://, got ${url.protocol}`);
  }
  const credentials = urlCredentialsProblem(raw);
  if (credentials) throw new UsageError(`${source} ${credentials}: give the secret with OPENIM_SECRET or a profile's secretEnv`);
  const extra = urlExtraPartProblem(raw);
  if (extra) throw new UsageError(`${source} ${extra}`);
  return normalBaseUrl(raw);
}

function num(raw: string, flag: string, min: number, max: number): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new UsageError(`${flag} must be a number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return n;
}

function int(raw: string, flag: string, min: number, max: number): number {
  const n = num(raw, flag, min, max);
  if (!Number.isInteger(n)) throw new UsageError(`${flag} must be a whole number, got ${JSON.stringify(raw)}`);
  return n;
}

/** node's parseArgs messages run on with advice about '--'; the first sentence is what matters. */
function shortParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown option ${unknown[1]}`;
  const first = message.split('\n')[0] ?? message;
  return first.replace(/\. To specify .*$/, '');
}
