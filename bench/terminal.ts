// Helpers that run the bundled CLI (dist/cli.js) in a real terminal: a pseudo-terminal through
// util-linux `script` (output read as it arrives, for timing) or tmux on a private socket (for
// what is on screen).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const TMUX_SOCKET = `oie-bench-${process.pid}`;

export interface PtyRun {
  child: ChildProcess;
  /** ms from spawn until the output first contained `text`. */
  waitFor(text: string, timeoutMs?: number): Promise<number>;
  output(): string;
  write(bytes: string): void;
  /** pid of the node process running the CLI (the shell execs it). */
  appPid(): number | undefined;
  kill(): Promise<void>;
}

/** Runs `node dist/cli.js args` on a pseudo-terminal of cols x rows; CI is removed (Ink draws nothing under CI). */
export function runInPty(
  args: readonly string[],
  cols = 200,
  rows = 50,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): PtyRun {
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const envArgs = Object.entries(env).map(([k, v]) => `${k}='${v}'`).join(' ');
  const command = `stty cols ${cols} rows ${rows}; exec env -u CI ${envArgs} ${process.execPath} ${nodeArgs.join(" ")} ${process.env.OIE_BENCH_CLI ?? CLI} ${quoted}`;
  const t0 = performance.now();
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let out = '';
  const waiters: Array<() => void> = [];
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    out += chunk;
    for (const w of waiters.splice(0)) w();
  });
  child.stdin!.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => out,
    write: (bytes) => {
      child.stdin!.write(bytes);
    },
    waitFor(text, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`"${text}" did not appear; output so far: ${JSON.stringify(out.slice(-300))}`)), timeoutMs);
        const check = (): void => {
          if (out.includes(text)) {
            clearTimeout(timer);
            resolve(performance.now() - t0);
          } else waiters.push(check);
        };
        check();
      });
    },
    appPid() {
      try {
        const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/);
        return children[0] ? Number(children[0]) : undefined;
      } catch {
        return undefined;
      }
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          /* gone */
        }
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
    },
  };
}

/** Resident set size of a process, from /proc. */
export function rssMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Runs a command to its end and returns the wall time in ms. */
export function timeCommand(command: string, args: readonly string[], options: { cwd?: string } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, args, { stdio: 'ignore', cwd: options.cwd, env: withoutCI() });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - t0) : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

export function withoutCI(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.CI;
  return env;
}

export const tmux = {
  available(): boolean {
    try {
      execFileSync('tmux', ['-V'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  },
  run(...args: string[]): string {
    return execFileSync('tmux', ['-L', TMUX_SOCKET, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  },
  start(session: string, cols: number, rows: number, command: string): void {
    tmux.run('new-session', '-d', '-s', session, '-x', String(cols), '-y', String(rows), command);
  },
  capture(session: string): string {
    return tmux.run('capture-pane', '-p', '-t', session);
  },
  killServer(): void {
    try {
      tmux.run('kill-server');
    } catch {
      /* not running */
    }
  },
};
