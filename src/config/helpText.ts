// `--help`: the text, with every default read from the constants the code uses.
import { DEFAULT_CLIENT_CONFIG } from '../api/defaults.js';
import { MAX_PAGE_SIZE, WALK_PAGE_SIZE } from '../domain/paging.js';
import { DEFAULT_INTERVAL_MS, MIN_INTERVAL_MS } from '../data/liveRefresh.js';
import { LIST_KINDS, LIST_NAMES } from '../lists/names.js';
import { DEFAULT_DEMO_USERS, DEFAULT_MAX_BODY_MB, DEFAULT_TIMEOUT_S } from './args.js';

/** A scripting command's lines: its synopsis, then its notes under it. */
function listUsage([synopsis, ...notes]: readonly string[]): string {
  return [`  openim-explorer ${synopsis}`, ...notes.map((note) => `${' '.repeat(24)}${note}`)].map((line) => `${line}\n`).join('');
}

// Every line at most 80 columns (HELP_WIDTH, tested): the text must read in a default terminal.
/** @internal The width help is written for (tests hold --help to it). */
export const HELP_WIDTH = 80;

export const HELP = `openim-explorer: browse an OpenIM server's admin API from the terminal

Usage:
  openim-explorer --demo                  explore the embedded demo server
  openim-explorer --base-url URL [auth]   explore a real OpenIM server
  openim-explorer --profile NAME          explore the server of a config profile
  openim-explorer demo-server [--port 10002] [--host H] [--users N]
                          [--latency MS] [--still] [--server release|main]
                                          run the demo server alone
  openim-explorer completion bash|zsh|fish
                                          print a shell completion script
  openim-explorer config-schema           print the config file's JSON Schema
                                          (README, Preferences)

Scripting (no UI; for pipes and cron):
${LIST_KINDS.map((kind) => listUsage(LIST_NAMES[kind].usage)).join('')}    --watch SECONDS     print only what changes on the page, as NDJSON events,
                        until Ctrl-C
    --page N            first page (default 1)
    --size N            rows per request (default the page size;
                        ${WALK_PAGE_SIZE} with --all)
    --all               every page from --page on, printed as each page arrives
    --output FORMAT     json, ndjson, csv or table
                        (default table on a terminal, json otherwise)
  openim-explorer trace --conversation CID --seq N --to ID [-o json|table]
  openim-explorer trace --server-msg-id ID [--from ID] [--day D] [--to ID]
                        did the receiver get the message, and if not, why: a
                        verdict, then each check with its fact and its route
  openim-explorer cluster [-o json|ndjson|table] [--metrics HOST:PORT,...]
                        one sample of the cluster: each service's instances (up
                        or why not) and the figures of their metrics; no token
    --watch SECONDS     one NDJSON line of rates per minute every SECONDS
    --metrics HOST:PORT,...  the metrics targets when the server's discovery
                        lists none (Kubernetes, standalone); also :cluster
  Exit codes: 0 done, 1 the server answered with an error (or an unreadable
  reply), 2 usage or config error, 3 the server could not be reached,
  74 the output could not be written (a full disk, a closed stdout).

Connection:
  --base-url URL        OpenIM API address, e.g. http://127.0.0.1:10002
                        (env OPENIM_BASE_URL)
  --token TOKEN         admin token (env OPENIM_TOKEN)
  --secret SECRET       admin secret, to obtain a token at start
                        (env OPENIM_SECRET)
  --admin-user-id ID    admin user for the secret (default ${DEFAULT_CLIENT_CONFIG.adminUserID})
                        (env OPENIM_ADMIN_USER_ID)
  --timeout SECONDS     per-request deadline (default ${DEFAULT_TIMEOUT_S})
  --max-body-mb N       refuse replies larger than N MB (default ${DEFAULT_MAX_BODY_MB})
  --ca-file PATH        trust only this CA (PEM file) for an https server
  --profile NAME        a profile of the config file (env OPENIM_PROFILE)
  --config PATH         the config file
                        (default $XDG_CONFIG_HOME/openim-explorer/config.json)
  --demo                start the embedded demo server and connect to it
  --users N             demo population (default ${DEFAULT_DEMO_USERS})
  --latency MS          demo server delay per request (default 0)
  --server release|main the server the demo answers as: the newest release
                        (default) or main (unreleased)
  --discovery etcd|none the demo's discovery routes: etcd (default), or none:
                        they answer [] as a server whose discovery is not etcd
  --still               the demo's data does not change (by default messages,
                        friend applications and new users arrive while it runs)

Display:
  --page-size N         rows per page, 1 to ${MAX_PAGE_SIZE}
                        (default: as many as the terminal shows)
  --watch SECONDS       start with the live view on (w), refreshing every
                        SECONDS (at least ${MIN_INTERVAL_MS / 1000}; w alone uses ${DEFAULT_INTERVAL_MS / 1000})
  --no-color            monochrome (NO_COLOR is honoured too)
  --ascii               draw marks with ASCII only
                        (automatic when the locale is not UTF-8)
  --log-file PATH       append one line per request (never the token);
                        created 0600

  -h, --help            this text
  -v, --version         the version

The server is --base-url, else OPENIM_BASE_URL, else the profile's. A profile's
credentials go only to its own server, OPENIM_TOKEN and OPENIM_SECRET only to
OPENIM_BASE_URL's (to --base-url's when it is not set); see README, Profiles.
Prefer the environment or a profile's tokenEnv/secretEnv for the token and
secret: flags show up in ps.
Inside the explorer, press ? for every key.`;
