// The one driver for every test that needs a real terminal: a detached tmux server on its own
// socket (tmux -L, config /dev/null), so nothing touches the user's tmux server, config or sessions.
// Two ways to start one:
//
// - startApp({ args }): the pane runs `node dist/cli.cjs ARGS; echo __EXIT__$?; sleep 60`. The echo
//   reports the exit code on the (restored) normal screen; the sleep keeps the pane alive so the
//   test can inspect it after the app exits. The environment is the test runner's.
// - startShell(): the pane runs a plain `sh` in the project folder (dash: no readline, so it reads
//   in whatever mode the terminal was left in; a terminal left raw would not run a typed command).
//   Commands are typed with run(), so after the app exits the same terminal can be inspected and
//   used. The environment is a small clean one (PATH, HOME, a UTF-8 locale, PS1).
//
// Either way, the environment is handed to the tmux server when it starts, and every pane inherits
// it: values (secrets included) are never typed and never on a command line. CI is never in it (Ink
// draws nothing under CI, and CI runs these tests with CI=true), nor NO_COLOR or FORCE_COLOR unless
// the test gives them. Each terminal has its own XDG state, config and cache folders, removed by kill().
// tmux sets TERM in every pane itself, so a TERM given in `env` becomes tmux's default-terminal.
//
// dist/cli.cjs is built once, before any test runs, by test/support/buildOnce.ts (vitest global
// setup); nothing here builds it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_NODE } from './runCli.js';
import { assertSlowTier, inSlowTier } from './tier.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(ROOT, 'dist', 'cli.cjs');

/** How long waitFor and the pid helpers wait by default. */
export const WAIT_MS = 10_000;
const POLL_MS = 50;

export interface TerminalOptions {
  cols?: number;
  rows?: number;
  /** More environment for what runs in the pane, through the tmux server's environment. */
  env?: Record<string, string>;
  /** The pane's working directory (where an export writes). */
  cwd?: string;
  /** tmux options set on the server before the pane starts, e.g. ['set-clipboard', 'on']. */
  options?: readonly (readonly [string, string])[];
}

export interface StartOptions extends TerminalOptions {
  /** Arguments of dist/cli.cjs. */
  args?: readonly string[];
}

export type Expectation = string | RegExp | ((screen: string) => boolean);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Whether the screen shows what is expected: the text, a match of the pattern, or the test's yes. */
export function matches(screen: string, expected: Expectation): boolean {
  if (typeof expected === 'string') return screen.includes(expected);
  if (expected instanceof RegExp) return expected.test(screen);
  return expected(screen);
}

function describeExpectation(expected: Expectation): string {
  if (typeof expected === 'string') return JSON.stringify(expected);
  if (expected instanceof RegExp) return String(expected);
  return expected.name ? `predicate ${expected.name}` : 'predicate';
}

function framed(screen: string): string {
  return `┌\n${screen.split('\n').map((l) => `│${l}`).join('\n')}\n└`;
}

/** Polls `read` until `ok` accepts what it returns; throws with the last value when the deadline passes. */
export async function until<T>(read: () => T, ok: (value: T) => boolean, what: string, timeoutMs = WAIT_MS): Promise<T> {
  let last: T | undefined;
  return poll(
    () => {
      last = read();
      return ok(last) ? last : undefined;
    },
    timeoutMs,
    () => `timed out after ${timeoutMs} ms waiting for ${what}; last: ${JSON.stringify(last)}`,
  );
}

/** Polls `probe` until it returns a value; throws `what` when the deadline passes. */
async function poll<T>(probe: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() >= deadline) throw new Error(what());
    await sleep(POLL_MS);
  }
}

/**
 * Whether a process runs the Node that runs the app (CLI_NODE). Not by its name alone: Node 24
 * names its main thread `MainThread` and Node 26 `node-MainThread`, which is what /proc shows.
 */
function isAppNode(child: { pid: number; comm: string }): boolean {
  if (child.comm === 'node') return true;
  try {
    return readlinkSync(`/proc/${child.pid}/exe`) === APP_NODE_REAL;
  } catch {
    return false; // it went away
  }
}
const APP_NODE_REAL = realpathSync(CLI_NODE);

/** Waits (blocking, polling /proc) until none of `pids` runs, for at most `timeoutMs`. */
function waitUntilGone(pids: readonly number[], timeoutMs: number): void {
  const deadline = Date.now() + timeoutMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (pids.some((pid) => existsSync(`/proc/${pid}`)) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 20);
}

/** Children of `ppid`, read from /proc (no dependency on procps being installed). */
export function childPids(ppid: number): { pid: number; comm: string }[] {
  const found: { pid: number; comm: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid ...; comm may contain spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      if (Number(fields[1]) === ppid) found.push({ pid: Number(entry), comm: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // the process went away
    }
  }
  return found;
}

/** Every process's command line, as `ps -eo args` shows them (read from /proc). */
export function allCommandLines(): string {
  const lines: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      lines.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      // gone
    }
  }
  return lines.join('\n');
}

/** Fails early, with what to do, when tmux or the built CLI is missing. */
export function assertTmux(): void {
  if (!inSlowTier()) return;
  try {
    execFileSync('tmux', ['-V'], { stdio: 'pipe' });
  } catch {
    throw new Error('tmux is not installed: the terminal tests need it (apt-get install -y tmux)');
  }
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: vitest's global setup (test/support/buildOnce.ts) builds it; run the tests with vitest`);
}

/** Variables that would change how the app draws, whatever the test runner has. */
const NOT_INHERITED = ['CI', 'CONTINUOUS_INTEGRATION', 'NO_COLOR', 'FORCE_COLOR'];

let counter = 0;

export class Terminal {
  readonly socket: string;
  readonly session: string;
  /** The terminal's own folder: its XDG state, config and cache homes. */
  private readonly home: string;
  private socketPath = '';
  private killed = false;

  /** Starts the tmux server with `command` (a shell line) as the pane's program, in `baseEnv` + options.env. */
  constructor(command: string, baseEnv: Record<string, string>, options: TerminalOptions = {}) {
    assertSlowTier('a tmux terminal');
    counter += 1;
    this.socket = `oie-test-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
    this.session = `oie${counter}`;
    this.home = mkdtempSync(join(tmpdir(), 'oie-term-'));
    const { TERM: term, ...given } = options.env ?? {};
    const env: Record<string, string> = {
      ...baseEnv,
      XDG_STATE_HOME: join(this.home, 'state'),
      XDG_CONFIG_HOME: join(this.home, 'config'),
      // The program's code cache (src/boot/codeCache.ts): each terminal's own, made by the first explorer in it.
      XDG_CACHE_HOME: join(this.home, 'cache'),
      ...given,
    };
    mkdirSync(env.XDG_STATE_HOME!, { recursive: true });
    mkdirSync(env.XDG_CONFIG_HOME!, { recursive: true });
    const options_ = [...(term !== undefined ? [['default-terminal', term] as const] : []), ...(options.options ?? [])];
    // Options go in before the session, so that the pane starts under them.
    const optionArgs = options_.flatMap(([name, value]) => [';', 'set-option', '-g', name, value]);
    try {
      // The first command starts the server, whose environment every pane inherits. Detached with
      // no client, the pane is exactly cols x rows.
      execFileSync(
        'tmux',
        [
          '-L', this.socket, '-f', '/dev/null',
          'start-server', ...optionArgs, ';',
          'new-session', '-d', '-s', this.session, '-x', String(options.cols ?? 80), '-y', String(options.rows ?? 24),
          ...(options.cwd !== undefined ? ['-c', options.cwd] : []),
          command,
        ],
        { stdio: 'pipe', env },
      );
    } catch (error) {
      rmSync(this.home, { recursive: true, force: true });
      throw error;
    }
    try {
      // kill-server leaves the socket file behind: remember where it is for kill().
      this.socketPath = this.display('#{socket_path}');
    } catch {
      // the program already exited; kill() still stops the server
    }
  }

  /** Any tmux command on this terminal's server, e.g. ('show-buffer'); returns its output. */
  tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** tmux send-keys: key names such as 'Enter', 'Escape', 'C-c', 'j'. */
  send(...keys: string[]): void {
    this.tmux('send-keys', '-t', this.session, ...keys);
  }

  /** tmux send-keys -l: literal text. */
  type(text: string): void {
    this.tmux('send-keys', '-t', this.session, '-l', text);
  }

  /** Types a command line into the shell and presses Enter. */
  run(line: string): void {
    this.type(line);
    this.send('Enter');
  }

  /** The visible pane, one line per row (tmux trims trailing blanks). */
  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', this.session).replace(/\n$/, '');
  }

  /** The visible screen and the scrollback of the main screen. */
  everything(): string {
    return this.tmux('capture-pane', '-p', '-S', '-', '-E', '-', '-t', this.session);
  }

  /** A tmux format for the pane, e.g. '#{alternate_on}', '#{cursor_flag}'. */
  display(format: string): string {
    return this.tmux('display', '-p', '-t', this.session, format).trimEnd();
  }

  /** Appends every byte the pane's programs write to `file` (escape sequences included). */
  pipeTo(file: string): void {
    this.tmux('pipe-pane', '-o', '-t', this.session, `cat >> ${shellQuote(file)}`);
  }

  /** tmux resize-window (sets window-size to manual for this window). */
  resize(cols: number, rows: number): void {
    this.tmux('resize-window', '-t', this.session, '-x', String(cols), '-y', String(rows));
  }

  /** Polls the pane every 50 ms until it matches; throws with the last screen on timeout. */
  async waitFor(expected: Expectation, timeoutMs = WAIT_MS): Promise<string> {
    let last = '';
    return poll(
      () => {
        try {
          last = this.screen();
        } catch (error) {
          throw new Error(`tmux session is gone while waiting for ${describeExpectation(expected)}: ${String(error)}\nlast screen:\n${framed(last)}`);
        }
        return matches(last, expected) ? last : undefined;
      },
      timeoutMs,
      () => `timed out after ${timeoutMs} ms waiting for ${describeExpectation(expected)}; last screen:\n${framed(last)}`,
    );
  }

  /** Waits for the `__EXIT__N` line startApp's shell line prints after the app exits. */
  async exitCode(timeoutMs = WAIT_MS): Promise<number> {
    const text = await this.waitFor(/__EXIT__\d+/, timeoutMs);
    return Number(/__EXIT__(\d+)/.exec(text)?.[1]);
  }

  /** The pid of the app's node process, a child of the pane's shell (waits until it is node). */
  async appPid(timeoutMs = WAIT_MS): Promise<number> {
    const shell = Number(this.display('#{pane_pid}'));
    return poll(
      () => childPids(shell).find(isAppNode)?.pid,
      timeoutMs,
      () => `no node process under the pane's shell ${shell}`,
    );
  }

  /** Waits until the pane's shell has no node child left (the app has exited). */
  async appGone(timeoutMs = WAIT_MS): Promise<void> {
    const shell = Number(this.display('#{pane_pid}'));
    await poll(
      () => (childPids(shell).some(isAppNode) ? undefined : true),
      timeoutMs,
      () => `node is still running under the pane's shell ${shell}`,
    );
  }

  /** Ends the tmux server (and what runs in it), removes its socket and the terminal's folder. */
  kill(): void {
    if (this.killed) return;
    this.killed = true;
    // What runs in the panes (the app, or a shell and the app under it): after the hangup the app
    // may still save its state into state/ for a moment (its exit waits up to 3 s for the demo's
    // worker); a folder that will not go is removed once those processes are gone.
    let running: number[] = [];
    try {
      const panes = this.tmux('list-panes', '-a', '-F', '#{pane_pid}').split('\n').filter(Boolean).map(Number);
      running = [...panes, ...panes.flatMap((pid) => childPids(pid).map((c) => c.pid))];
    } catch {
      // no server left: nothing runs in it
    }
    try {
      this.tmux('kill-server');
    } catch {
      // the server already exited with its last session
    }
    if (this.socketPath.endsWith(this.socket)) rmSync(this.socketPath, { force: true });
    try {
      rmSync(this.home, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
    } catch {
      // Still writing (ENOTEMPTY): once it is gone, the folder holds still.
      waitUntilGone(running, 6_000);
      rmSync(this.home, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    }
  }
}

/** What startApp and startShell return. */
export type App = Terminal;

/** The test runner's environment without what would change how the app draws (a test may give it back). */
function runnerEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !NOT_INHERITED.includes(name)) env[name] = value;
  }
  return env;
}

/** Any shell line as the pane's program, in the test runner's environment (a tmux inside tmux, a shell). */
export function startCommand(line: string, options: TerminalOptions = {}): App {
  return new Terminal(line, runnerEnv(), options);
}

/** dist/cli.cjs with `args`, run by the pane's shell; see exitCode(). */
export function startApp(options: StartOptions = {}): App {
  const command = [shellQuote(CLI_NODE), shellQuote(CLI), ...(options.args ?? []).map(shellQuote)].join(' ');
  return startCommand(`${command}; echo __EXIT__$?; sleep 60`, options);
}

/** A plain `sh` in the project folder (100x30 unless given), for tests that type commands with run(). */
export function startShell(options: TerminalOptions = {}): App {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', LANG: 'C.UTF-8', PS1: '$ ' };
  return new Terminal('sh', env, { cols: 100, rows: 30, cwd: ROOT, ...options });
}
