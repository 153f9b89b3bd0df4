// Command-line flags to a plain options object. Pure: no process access, so it is testable and
// the CLI can answer --help and --version before loading any UI code.
import { parseArgs } from 'node:util';

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface ExplorerOptions {
  command: 'explore' | 'demo-server' | 'help' | 'version';
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
  pageSize: number;
  logFile?: string;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export const HELP = `openim-explorer: browse an OpenIM server's admin API from the terminal

Usage:
  openim-explorer --demo                       explore the embedded demo server
  openim-explorer --base-url URL [auth]        explore a real OpenIM server
  openim-explorer demo-server [--port 10002]   run the demo server alone

Connection:
  --base-url URL        OpenIM API address, e.g. http://127.0.0.1:10002   (env OPENIM_BASE_URL)
  --token TOKEN         admin token                                       (env OPENIM_TOKEN)
  --secret SECRET       admin secret, to obtain a token at start          (env OPENIM_SECRET)
  --admin-user-id ID    admin user for the secret (default imAdmin)       (env OPENIM_ADMIN_USER_ID)
  --timeout SECONDS     per-request deadline (default 10)
  --max-body-mb N       refuse replies larger than N MB (default 8)
  --demo                start the embedded demo server and connect to it
  --users N             demo population (default 5000)
  --latency MS          demo server delay per request (default 0)

Display:
  --page-size N         rows per page: 10, 20, 50 or 100 (default 20)
  --no-color            monochrome (NO_COLOR is honoured too)
  --log-file PATH       write one line per request (never the token)

  -h, --help            this text
  -v, --version         the version

Prefer the environment for the token and secret: flags show up in ps.
Inside the explorer, press ? for every key.`;

const DEFAULT_PAGE_SIZE = 20;

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
        demo: { type: 'boolean' },
        users: { type: 'string' },
        latency: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'no-color': { type: 'boolean' },
        'page-size': { type: 'string' },
        'log-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    // node's messages name the flag; they carry no stack when printed as one line.
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
  const { values: v, positionals } = parsed;
  const [first, ...rest] = positionals;
  if (rest.length > 0 || (first !== undefined && first !== 'demo-server')) {
    throw new UsageError(`unknown command: ${positionals.join(' ')}`);
  }
  const command = v.help ? 'help' : v.version ? 'version' : first === 'demo-server' ? 'demo-server' : 'explore';

  const baseUrl = v['base-url'] ?? nonEmpty(env.OPENIM_BASE_URL);
  if (baseUrl !== undefined) checkUrl(baseUrl, v['base-url'] !== undefined ? '--base-url' : 'OPENIM_BASE_URL');

  const pageSize = v['page-size'] === undefined ? DEFAULT_PAGE_SIZE : int(v['page-size'], '--page-size', 1, 1000);
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) {
    throw new UsageError(`--page-size must be one of ${PAGE_SIZES.join(', ')}, got ${pageSize}`);
  }

  return {
    command,
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    token: v.token ?? nonEmpty(env.OPENIM_TOKEN),
    secret: v.secret ?? nonEmpty(env.OPENIM_SECRET),
    adminUserID: v['admin-user-id'] ?? nonEmpty(env.OPENIM_ADMIN_USER_ID) ?? 'imAdmin',
    timeoutMs: v.timeout === undefined ? 10_000 : Math.round(num(v.timeout, '--timeout', 0.1, 600) * 1000),
    maxBodyBytes: Math.round((v['max-body-mb'] === undefined ? 8 : num(v['max-body-mb'], '--max-body-mb', 0.01, 1024)) * 1024 * 1024),
    demo: v.demo ?? false,
    demoUsers: v.users === undefined ? 5000 : int(v.users, '--users', 1, 10_000_000),
    demoLatencyMs: v.latency === undefined ? 0 : int(v.latency, '--latency', 0, 60_000),
    port: v.port === undefined ? 10002 : int(v.port, '--port', 0, 65535),
    host: v.host ?? '127.0.0.1',
    noColor: v['no-color'] ?? false,
    pageSize,
    logFile: v['log-file'],
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
