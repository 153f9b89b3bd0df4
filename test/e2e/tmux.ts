// A small harness that drives the built CLI (dist/cli.js) inside a real terminal: a detached tmux
// session on its own socket (tmux -L), so tests never touch the user's tmux server or config.
//
// The app is started as `env -u CI ... node dist/cli.js ARGS; echo __EXIT__$?; sleep 60`: Ink goes
// non-interactive when CI is set, and CI runs these tests with CI=true. The trailing echo reports
// the exit code on the (restored) normal screen; the sleep keeps the pane alive so the test can
// inspect it. kill() ends the tmux server either way.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export const WAIT_MS = 10_000;
const POLL_MS = 50;

export interface StartOptions {
  cols?: number;
  rows?: number;
  args?: readonly string[];
  /** Extra environment for the app (CI is always removed, NO_COLOR too unless given here). */
  env?: Record<string, string>;
  /** The app's working directory (where an export writes); the test's by default. */
  cwd?: string;
  /** tmux options set on the server before the app starts, e.g. ['set-clipboard', 'on']. */
  options?: readonly (readonly [string, string])[];
}

export type Expectation = string | RegExp | ((screen: string) => boolean);

export interface App {
  readonly session: string;
  readonly socket: string;
  /** tmux send-keys: key names such as 'Enter', 'Escape', 'C-c', 'j'. */
  send(...keys: string[]): void;
  /** tmux send-keys -l: literal text. */
  type(text: string): void;
  /** The visible pane, one line per row (tmux trims trailing blanks). */
  screen(): string;
  /** Polls the pane every 50 ms until it matches; throws with the last screen on timeout. */
  waitFor(expected: Expectation, timeoutMs?: number): Promise<string>;
  /** Waits for the `__EXIT__N` line the shell prints after the app exits. */
  exitCode(timeoutMs?: number): Promise<number>;
  /** A tmux format for the pane, e.g. '#{alternate_on}'. */
  display(format: string): string;
  /** The pid of the app's node process (a child of the pane's shell). */
  appPid(timeoutMs?: number): Promise<number>;
  /** tmux resize-window (sets window-size to manual for this window). */
  resize(cols: number, rows: number): void;
  /** Any tmux command on this app's server, e.g. ('show-buffer'); returns its output. */
  tmux(...args: string[]): string;
  kill(): void;
}

let counter = 0;

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function matches(screen: string, expected: Expectation): boolean {
  if (typeof expected === 'string') return screen.includes(expected);
  if (expected instanceof RegExp) return expected.test(screen);
  return expected(screen);
}

function describeExpectation(expected: Expectation): string {
  if (typeof expected === 'string') return JSON.stringify(expected);
  if (expected instanceof RegExp) return String(expected);
  return expected.name ? `predicate ${expected.name}` : 'predicate';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Children of `ppid`, read from /proc (no dependency on procps being installed). */
function childPids(ppid: number): { pid: number; comm: string }[] {
  const found: { pid: number; comm: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // the process went away
    }
    // pid (comm) state ppid ...; comm may contain spaces and parentheses.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    if (Number(fields[1]) === ppid) found.push({ pid: Number(entry), comm });
  }
  return found;
}

export function assertTmux(): void {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'pipe' });
  } catch {
    throw new Error('tmux is not installed: the end-to-end tests need it (apt-get install -y tmux)');
  }
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
}

export function startApp(options: StartOptions = {}): App {
  const cols = options.cols ?? 80;
  const rows = options.rows ?? 24;
  counter += 1;
  const id = `${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const socket = `oie-e2e-${id}`;
  const session = `oie${counter}`;
  const stateHome = mkdtempSync(join(tmpdir(), 'oie-e2e-state-'));

  const env: Record<string, string> = { XDG_STATE_HOME: stateHome, ...options.env };
  const unset = ['CI', 'CONTINUOUS_INTEGRATION', 'NO_COLOR', 'FORCE_COLOR'].filter((name) => !(name in env));
  const command = [
    'env',
    ...unset.flatMap((name) => ['-u', name]),
    ...Object.entries(env).map(([key, value]) => shellQuote(`${key}=${value}`)),
    shellQuote(process.execPath),
    shellQuote(CLI),
    ...(options.args ?? []).map(shellQuote),
  ].join(' ');
  const shellLine = `${command}; echo __EXIT__$?; sleep 60`;

  const tmux = (...args: string[]): string =>
    execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  // -f /dev/null: no user config. Detached with no client, the pane is exactly cols x rows.
  // Options go in before the session so that the app starts under them.
  const optionArgs = (options.options ?? []).flatMap(([name, value]) => [';', 'set-option', '-g', name, value]);
  try {
    execFileSync(
      'tmux',
      [
        '-L', socket, '-f', '/dev/null',
        'start-server', ...optionArgs, ';',
        'new-session', '-d', '-s', session, '-x', String(cols), '-y', String(rows),
        ...(options.cwd !== undefined ? ['-c', options.cwd] : []),
        shellLine,
      ],
      { stdio: 'pipe' },
    );
  } catch (error) {
    rmSync(stateHome, { recursive: true, force: true });
    throw error;
  }
  let killed = false;
  // kill-server leaves the socket file behind: remember where it is to remove it in kill().
  let socketPath = '';
  try {
    socketPath = tmux('display', '-p', '-t', session, '#{socket_path}').trim();
  } catch {
    // the app already exited; kill() will still stop the server
  }

  const screen = (): string => tmux('capture-pane', '-p', '-t', session).replace(/\n$/, '');

  const app: App = {
    session,
    socket,
    send(...keys) {
      tmux('send-keys', '-t', session, ...keys);
    },
    type(text) {
      tmux('send-keys', '-t', session, '-l', text);
    },
    screen,
    async waitFor(expected, timeoutMs = WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      let last = '';
      for (;;) {
        try {
          last = screen();
        } catch (error) {
          throw new Error(`tmux session is gone while waiting for ${describeExpectation(expected)}: ${String(error)}\nlast screen:\n${last}`);
        }
        if (matches(last, expected)) return last;
        if (Date.now() >= deadline) {
          throw new Error(
            `timed out after ${timeoutMs} ms waiting for ${describeExpectation(expected)}; last screen:\n` +
              `┌\n${last.split('\n').map((l) => `│${l}`).join('\n')}\n└`,
          );
        }
        await sleep(POLL_MS);
      }
    },
    async exitCode(timeoutMs = WAIT_MS) {
      const text = await app.waitFor(/__EXIT__\d+/, timeoutMs);
      return Number(/__EXIT__(\d+)/.exec(text)?.[1]);
    },
    display(format) {
      return tmux('display', '-p', '-t', session, format).trimEnd();
    },
    async appPid(timeoutMs = WAIT_MS) {
      const shellPid = Number(app.display('#{pane_pid}'));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // `env` execs node, so the child keeps its pid; wait until it is node.
        const node = childPids(shellPid).find((child) => child.comm === 'node');
        if (node) return node.pid;
        if (Date.now() >= deadline) throw new Error(`no node child of the pane shell ${shellPid}`);
        await sleep(POLL_MS);
      }
    },
    resize(newCols, newRows) {
      tmux('resize-window', '-t', session, '-x', String(newCols), '-y', String(newRows));
    },
    tmux,
    kill() {
      if (killed) return;
      killed = true;
      try {
        tmux('kill-server');
      } catch {
        // the server already exited with its last session
      }
      if (socketPath.includes(socket)) rmSync(socketPath, { force: true });
      rmSync(stateHome, { recursive: true, force: true });
    },
  };
  return app;
}
