// Command-line flags to a plain options object. Pure: no process access, so it is testable and
// the CLI can answer --help and --version before loading any UI code.
import { parseArgs } from 'node:util';
import { DEFAULT_CLIENT_CONFIG } from '../api/defaults.js';
import { MAX_PAGE_SIZE, WALK_PAGE_SIZE } from '../domain/paging.js';

/** Population of the embedded demo server unless --users says otherwise. */
export const DEFAULT_DEMO_USERS = 5000;
const DEFAULT_TIMEOUT_S = DEFAULT_CLIENT_CONFIG.timeoutMs / 1000;
const DEFAULT_MAX_BODY_MB = DEFAULT_CLIENT_CONFIG.maxBodyBytes / (1024 * 1024);

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The lists the scripting commands print, named as on the command line. */
export const LIST_COMMANDS = ['users', 'accounts', 'conversations', 'blacklist', 'applications'] as const;
export type ListCommand = (typeof LIST_COMMANDS)[number];

export const OUTPUT_FORMATS = ['json', 'ndjson', 'csv', 'table'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** A scripting command: one list, printed without the UI. */
export interface ListRequestOptions {
  list: ListCommand;
  /** Owner of a per-user list (conversations, blacklist, applications). */
  userID?: string;
  /** System accounts: exact userID or nickname. */
  keyword: string;
  /** Conversations: only these IDs. */
  conversationIDs: string[];
  /** First page to print, 1-based. */
  page: number;
  /** Rows per request; undefined means the page size in force (100 with --all). */
  size?: number;
  /** Walk every page from `page` on. */
  all: boolean;
  /** Undefined: table on a terminal, json otherwise. */
  output?: OutputFormat;
}

/** Settings a profile may give; `explicit` says which of them came from a flag or the environment. */
export type ProfileField = 'baseUrl' | 'token' | 'secret' | 'adminUserID' | 'timeoutMs' | 'pageSize';

export interface ExplorerOptions {
  command: 'explore' | 'demo-server' | 'help' | 'version' | 'list';
  baseUrl?: string;
  token?: string;
  secret?: string;
  adminUserID: string;
  timeoutMs: number;
  /** Replies larger than this are refused rather than parsed. */
  maxBodyBytes: number;
  demo: boolean;
  /** Population of the embedded demo server. */
  demoUsers: number;
  /** Artificial latency of the embedded demo server, ms. */
  demoLatencyMs: number;
  port: number;
  host: string;
  noColor: boolean;
  /** Draw marks with ASCII only (`--ascii`; also automatic when the locale is not UTF-8). */
  ascii: boolean;
  /** Rows per page; undefined: fit the terminal's height (see pageSizeForRows). */
  pageSize?: number;
  logFile?: string;
  /** `--config PATH`; undefined means the default location. */
  configPath?: string;
  /** `--profile NAME`; after the config file is read, the profile in force (if any). */
  profile?: string;
  /** Fields given by a flag or the environment: a profile does not override them. */
  explicit: ReadonlySet<ProfileField>;
  /** Fields given by a flag (not the environment). */
  flags: ReadonlySet<ProfileField>;
  /** The scripting command, when `command` is 'list'. */
  request?: ListRequestOptions;
}


export const HELP = `openim-explorer: browse an OpenIM server's admin API from the terminal

Usage:
  openim-explorer --demo                       explore the embedded demo server
  openim-explorer --base-url URL [auth]        explore a real OpenIM server
  openim-explorer --profile NAME               explore the server of a profile in the config file
  openim-explorer demo-server [--port 10002]   run the demo server alone

Scripting (no UI; for pipes and cron):
  openim-explorer users
  openim-explorer accounts [--keyword K]
  openim-explorer conversations --user ID [--ids A,B]
  openim-explorer blacklist --user ID
  openim-explorer applications --user ID
    --page N            first page (default 1)
    --size N            rows per request (default the page size; ${WALK_PAGE_SIZE} with --all)
    --all               every page from --page on, printed as each page arrives
    --output FORMAT     json, ndjson, csv or table (default table on a terminal, json otherwise)
  Exit codes: 0 done, 1 the server answered with an error (or an unreadable reply),
  2 usage or config error, 3 the server could not be reached.

Connection:
  --base-url URL        OpenIM API address, e.g. http://127.0.0.1:10002   (env OPENIM_BASE_URL)
  --token TOKEN         admin token                                       (env OPENIM_TOKEN)
  --secret SECRET       admin secret, to obtain a token at start          (env OPENIM_SECRET)
  --admin-user-id ID    admin user for the secret (default ${DEFAULT_CLIENT_CONFIG.adminUserID})       (env OPENIM_ADMIN_USER_ID)
  --timeout SECONDS     per-request deadline (default ${DEFAULT_TIMEOUT_S})
  --max-body-mb N       refuse replies larger than N MB (default ${DEFAULT_MAX_BODY_MB})
  --profile NAME        a profile of the config file                      (env OPENIM_PROFILE)
  --config PATH         the config file (default $XDG_CONFIG_HOME/openim-explorer/config.json)
  --demo                start the embedded demo server and connect to it
  --users N             demo population (default ${DEFAULT_DEMO_USERS})
  --latency MS          demo server delay per request (default 0)

Display:
  --page-size N         rows per page, 1 to ${MAX_PAGE_SIZE} (default: as many as the terminal shows)
  --no-color            monochrome (NO_COLOR is honoured too)
  --ascii               draw marks with ASCII only (automatic when the locale is not UTF-8)
  --log-file PATH       append one line per request (never the token); created 0600

  -h, --help            this text
  -v, --version         the version

Precedence: flags, then the environment, then the profile, then the defaults.
Prefer the environment or a profile's tokenEnv/secretEnv for the token and secret: flags show up in ps.
Inside the explorer, press ? for every key.`;


export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv): ExplorerOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        'base-url': { type: 'string' },
        token: { type: 'string' },
        secret: { type: 'string' },
        'admin-user-id': { type: 'string' },
        timeout: { type: 'string' },
        'max-body-mb': { type: 'string' },
        profile: { type: 'string' },
        config: { type: 'string' },
        demo: { type: 'boolean' },
        users: { type: 'string' },
        latency: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'no-color': { type: 'boolean' },
        ascii: { type: 'boolean' },
        'page-size': { type: 'string' },
        'log-file': { type: 'string' },
        // scripting
        keyword: { type: 'string' },
        user: { type: 'string' },
        ids: { type: 'string' },
        page: { type: 'string' },
        size: { type: 'string' },
        all: { type: 'boolean' },
        output: { type: 'string', short: 'o' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError(shortParseError(error));
  }
  const { values: v, positionals } = parsed;
  const [first, ...rest] = positionals;
  const isList = (LIST_COMMANDS as readonly string[]).includes(first ?? '');
  if (rest.length > 0 || (first !== undefined && first !== 'demo-server' && !isList)) {
    throw new UsageError(
      `unknown command: ${positionals.join(' ')} (commands: ${[...LIST_COMMANDS, 'demo-server'].join(', ')})`,
    );
  }
  const command = v.help
    ? 'help'
    : v.version
      ? 'version'
      : first === 'demo-server'
        ? 'demo-server'
        : isList
          ? 'list'
          : 'explore';

  const explicit = new Set<ProfileField>();
  const flags = new Set<ProfileField>();
  const pick = (field: ProfileField, flag: string | undefined, envName?: string): string | undefined => {
    if (flag !== undefined) {
      explicit.add(field);
      flags.add(field);
      return flag;
    }
    const fromEnv = envName === undefined ? undefined : nonEmpty(env[envName]);
    if (fromEnv !== undefined) explicit.add(field);
    return fromEnv;
  };

  const baseUrl = pick('baseUrl', v['base-url'], 'OPENIM_BASE_URL');
  if (baseUrl !== undefined) checkUrl(baseUrl, v['base-url'] !== undefined ? '--base-url' : 'OPENIM_BASE_URL');
  const token = pick('token', v.token, 'OPENIM_TOKEN');
  const secret = pick('secret', v.secret, 'OPENIM_SECRET');
  const adminUserID = pick('adminUserID', v['admin-user-id'], 'OPENIM_ADMIN_USER_ID');
  const timeout = pick('timeoutMs', v.timeout);
  const pageSizeRaw = pick('pageSize', v['page-size']);

  const pageSize = pageSizeRaw === undefined ? undefined : int(pageSizeRaw, '--page-size', 1, MAX_PAGE_SIZE);

  const request = command === 'list' ? listRequest(first as ListCommand, v) : undefined;
  if (command === 'explore') {
    for (const flag of ['keyword', 'user', 'ids', 'page', 'size', 'all', 'output'] as const) {
      if (v[flag] !== undefined) throw new UsageError(`--${flag} goes with a scripting command, e.g. openim-explorer users --${flag} ...`);
    }
  }

  return {
    command,
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    token,
    secret,
    adminUserID: adminUserID ?? DEFAULT_CLIENT_CONFIG.adminUserID,
    timeoutMs: timeout === undefined ? DEFAULT_CLIENT_CONFIG.timeoutMs : Math.round(num(timeout, '--timeout', 0.1, 600) * 1000),
    maxBodyBytes: Math.round((v['max-body-mb'] === undefined ? DEFAULT_MAX_BODY_MB : num(v['max-body-mb'], '--max-body-mb', 0.01, 1024)) * 1024 * 1024),
    demo: v.demo ?? false,
    demoUsers: v.users === undefined ? DEFAULT_DEMO_USERS : int(v.users, '--users', 1, 10_000_000),
    demoLatencyMs: v.latency === undefined ? 0 : int(v.latency, '--latency', 0, 60_000),
    port: v.port === undefined ? 10002 : int(v.port, '--port', 0, 65535),
    host: v.host ?? '127.0.0.1',
    noColor: v['no-color'] ?? false,
    ascii: v.ascii ?? false,
    ...(pageSize !== undefined ? { pageSize } : {}),
    logFile: v['log-file'],
    configPath: v.config,
    profile: v.profile ?? nonEmpty(env.OPENIM_PROFILE),
    explicit,
    flags,
    ...(request ? { request } : {}),
  };
}

interface ListFlags {
  keyword?: string;
  user?: string;
  ids?: string;
  page?: string;
  size?: string;
  all?: boolean;
  output?: string;
}

function listRequest(list: ListCommand, v: ListFlags): ListRequestOptions {
  const perUser = list === 'conversations' || list === 'blacklist' || list === 'applications';
  if (perUser && (v.user === undefined || v.user.trim() === '')) {
    throw new UsageError(`${list} needs --user ID (the user whose ${list} to list)`);
  }
  if (!perUser && v.user !== undefined) throw new UsageError(`--user goes with conversations, blacklist or applications, not ${list}`);
  if (v.keyword !== undefined && list !== 'accounts') throw new UsageError(`--keyword goes with accounts, not ${list}`);
  if (v.ids !== undefined && list !== 'conversations') throw new UsageError(`--ids goes with conversations, not ${list}`);
  if (v.output !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(v.output)) {
    throw new UsageError(`--output must be one of ${OUTPUT_FORMATS.join(', ')}, got ${JSON.stringify(v.output)}`);
  }
  return {
    list,
    ...(perUser ? { userID: v.user!.trim() } : {}),
    keyword: v.keyword?.trim() ?? '',
    conversationIDs: (v.ids ?? '').split(/[\s,]+/).filter(Boolean),
    page: v.page === undefined ? 1 : int(v.page, '--page', 1, 2_147_483_647),
    ...(v.size === undefined ? {} : { size: int(v.size, '--size', 1, 10_000) }),
    all: v.all ?? false,
    ...(v.output === undefined ? {} : { output: v.output as OutputFormat }),
  };
}

function nonEmpty(s: string | undefined): string | undefined {
  return s === undefined || s.trim() === '' ? undefined : s.trim();
}

function checkUrl(raw: string, source: string): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${source} is not a URL: ${JSON.stringify(raw.slice(0, 100))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${source} must start with http:// or https://, got ${url.protocol}`);
  }
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
