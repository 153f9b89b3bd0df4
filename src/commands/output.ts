// Where a scripting command's rows go, and what a failed write means. Only EPIPE means the reader
// left (`| head`): what it wanted, it has, and the command ends quietly with 0. Any other error
// (ENOSPC from `> /dev/full`, EIO, EDQUOT, EBADF) is lost output: the walk stops, one line on
// stderr says what failed, and the exit code is EXIT_OUTPUT, so that a cron job never takes a
// truncated result for a whole one.
import { readFileSync, readlinkSync } from 'node:fs';
import { errnoCode, errnoWords } from '../data/errno.js';

export class ScriptOutput {
  private error: Error | undefined;
  private readonly waiters = new Set<(error?: Error) => void>();

  /** `onFailure` runs once, at the first error: it stops the requests. */
  constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly onFailure: () => void,
  ) {
    stream.on('error', this.onError);
  }

  get failure(): Error | undefined {
    return this.error;
  }

  /** The reader closed the pipe: a quiet success. */
  get readerLeft(): boolean {
    return errnoCode(this.error) === 'EPIPE';
  }

  /** The line for stderr when the output was lost (not when the reader left). */
  describe(): string {
    const code = errnoCode(this.error);
    return `cannot write the output to stdout: ${errnoWords(code)}${code ? ` (${code})` : ''}; what was written is incomplete`;
  }

  private readonly onError = (error: Error): void => {
    if (this.error) return;
    this.error = error;
    this.onFailure();
    for (const wake of this.waiters) wake(error);
  };

  /** Writes with backpressure; rejects once a write has failed. */
  async write(text: string): Promise<void> {
    if (this.error) throw this.error;
    if (text === '') return;
    if (this.stream.write(text)) return;
    let onDrain: (() => void) | undefined;
    await this.wait(
      (done) => {
        onDrain = () => done();
        this.stream.once('drain', onDrain);
      },
      () => {
        if (onDrain) this.stream.off('drain', onDrain);
      },
    );
  }

  /** Resolves once everything written has reached the file or pipe; rejects if it could not. */
  async flush(): Promise<void> {
    if (this.error) throw this.error;
    // An empty write's callback runs after every earlier write has been handed to the system.
    await this.wait((done) => this.stream.write('', (error) => done(error ?? undefined)));
    if (this.error) throw this.error;
  }

  private wait(start: (done: (error?: Error | null) => void) => void, cleanup?: () => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const wake = (error?: Error | null): void => {
        if (!this.waiters.delete(wake)) return;
        cleanup?.();
        if (error) reject(error);
        else resolve();
      };
      this.waiters.add(wake);
      start(wake);
    });
  }
}

/**
 * Whether the command was started with stdout closed (`>&-`). Node then opens /dev/null on the
 * descriptor, read-write, so every write "succeeds" into nothing; a shell's `> /dev/null` opens it
 * write-only. Linux only (/proc); elsewhere false.
 */
export function stdoutClosedAtStart(): boolean {
  try {
    if (readlinkSync('/proc/self/fd/1') !== '/dev/null') return false;
    const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync('/proc/self/fdinfo/1', 'utf8'))?.[1];
    return flags !== undefined && (parseInt(flags, 8) & 3) === 2;
  } catch {
    return false;
  }
}
