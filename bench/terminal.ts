// A pseudo-terminal for timing: util-linux `script` runs node with the given arguments at
// cols x rows, and its output is read as it arrives. (What is on screen is checked in tmux with
// the tests' driver instead: see screenCheck.ts.)
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { BENCH_NODE } from './procs.js';

export interface PtyRun {
  child: ChildProcess;
  /** ms from spawn until the output first contained `text`. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<number>;
  output(): string;
  write(bytes: string): void;
  /** pid of the node process (the shell execs it). */
  appPid(): number | undefined;
  kill(): Promise<void>;
}

const quote = (a: string): string => `'${a.replace(/'/g, `'\\''`)}'`;

/** `node ...nodeArgs` on a pseudo-terminal of cols x rows, without CI (Ink draws nothing under CI). */
export function runInPty(nodeArgs: readonly string[], cols = 200, rows = 50, env: Record<string, string> = {}): PtyRun {
  const envArgs = Object.entries(env).map(([k, v]) => quote(`${k}=${v}`)).join(' ');
  const command = `stty cols ${cols} rows ${rows}; exec env -u CI -u NODE_ENV ${envArgs} ${quote(BENCH_NODE)} ${nodeArgs.map(quote).join(' ')}`;
  const t0 = performance.now();
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let out = '';
  // Only the tail is searched: a long run must not keep every frame it drew.
  let seen = 0;
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
        const timer = setTimeout(
          () => reject(new Error(`${String(text)} did not appear; output so far: ${JSON.stringify(out.slice(-300))}`)),
          timeoutMs,
        );
        const check = (): void => {
          const from = Math.max(0, seen - 64);
          const hit = typeof text === 'string' ? out.indexOf(text, from) >= 0 : text.test(out.slice(from));
          if (hit) {
            clearTimeout(timer);
            // What was searched is dropped (keeping a little overlap for the next search).
            out = out.slice(Math.max(0, out.length - 4096));
            seen = out.length;
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
