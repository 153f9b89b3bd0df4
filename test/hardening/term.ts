// A real terminal for end-to-end checks: a detached tmux server on its own socket (never the
// user's), running a plain `sh` (dash: no readline, so it reads in whatever mode the terminal was
// left in; a terminal left in raw mode would not run a typed command). Commands are typed into
// that shell, so after the app exits the same terminal can be inspected and used.
//
// Secrets are handed to the shell through the tmux server's environment, never typed: typed text
// would be on screen and in the shell's history.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let counter = 0;

export function assertTerminalTools(): void {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'pipe' });
  } catch {
    throw new Error('tmux is not installed: these end-to-end tests need it (apt-get install -y tmux)');
  }
}

/** dist/cli.js is built by the test run's global setup (test/support/buildOnce.ts), never here. */
export function ensureBuilt(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: the vitest global setup builds it`);
}

/** Children of `ppid`, from /proc. */
export function childPids(ppid: number): { pid: number; comm: string }[] {
  const found: { pid: number; comm: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      if (Number(fields[1]) === ppid) found.push({ pid: Number(entry), comm: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // gone
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

export interface TermOptions {
  cols?: number;
  rows?: number;
  /** Environment of the shell (and so of what it runs), besides PATH and HOME. */
  env?: Record<string, string>;
}

export class Term {
  readonly socket = `oie-hardening-${process.pid}-${++counter}`;
  readonly session = 'h';
  private killed = false;

  constructor(options: TermOptions = {}) {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/root',
      LANG: 'C.UTF-8',
      PS1: '$ ',
      ...options.env,
    };
    // The first command starts the server, whose environment every pane inherits.
    execFileSync(
      'tmux',
      ['-L', this.socket, '-f', '/dev/null', 'new-session', '-d', '-s', this.session, '-x', String(options.cols ?? 100), '-y', String(options.rows ?? 30), '-c', ROOT, 'sh'],
      { stdio: 'pipe', env },
    );
    // No CI for what runs in here, whatever the test runner has: Ink would draw nothing.
    this.tmux('set-environment', '-g', '-u', 'CI');
  }

  tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** Types a command line into the shell and presses Enter. */
  run(line: string): void {
    this.tmux('send-keys', '-t', this.session, '-l', line);
    this.tmux('send-keys', '-t', this.session, 'Enter');
  }

  send(...keys: string[]): void {
    this.tmux('send-keys', '-t', this.session, ...keys);
  }

  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', this.session);
  }

  /** The visible screen and the scrollback of the main screen. */
  everything(): string {
    return this.tmux('capture-pane', '-p', '-S', '-', '-E', '-', '-t', this.session);
  }

  display(format: string): string {
    return this.tmux('display', '-p', '-t', this.session, format).trim();
  }

  /** Appends every byte the pane's programs write to `file` (escape sequences included). */
  pipeTo(file: string): void {
    this.tmux('pipe-pane', '-o', '-t', this.session, `cat >> '${file}'`);
  }

  async waitFor(test: string | RegExp | ((screen: string) => boolean), timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const s = this.screen();
      const ok = typeof test === 'string' ? s.includes(test) : test instanceof RegExp ? test.test(s) : test(s);
      if (ok) return s;
      if (Date.now() > deadline) throw new Error(`terminal did not show ${String(test)} within ${timeoutMs} ms:\n${s}`);
      await sleep(50);
    }
  }

  /** The pid of the `node` the shell runs. */
  async nodePid(timeoutMs = 10_000): Promise<number> {
    const shell = Number(this.display('#{pane_pid}'));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const node = childPids(shell).find((c) => c.comm === 'node');
      if (node) return node.pid;
      if (Date.now() > deadline) throw new Error(`no node process under the shell ${shell}`);
      await sleep(50);
    }
  }

  /** Waits until the shell has no node child left. */
  async nodeGone(timeoutMs = 10_000): Promise<void> {
    const shell = Number(this.display('#{pane_pid}'));
    const deadline = Date.now() + timeoutMs;
    while (childPids(shell).some((c) => c.comm === 'node')) {
      if (Date.now() > deadline) throw new Error('node is still running');
      await sleep(50);
    }
  }

  kill(): void {
    if (this.killed) return;
    this.killed = true;
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
  }
}
