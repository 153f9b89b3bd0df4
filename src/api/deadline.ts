// The deadline of one request: all attempts, the headers and the whole body, and the caller's
// cancellation, held by one object the request keeps for its whole life.
//
// Why not just hand a signal to ky: ky joins it with its own through AbortSignal.any, and undici
// links a Request's internal controller to the given signal through a WeakRef. Once the headers
// have arrived nothing strong holds those links, and after a garbage collection an abort no
// longer reaches the response body: a server that sends headers and then stalls keeps the request
// open for as long as it likes. So this module does not rely on that chain. It gives fetch its own
// signal directly (no AbortSignal.any in between), and every await of the request is raced
// against the timer by this object itself (race: the timer rejects each pending wait directly);
// the body reader is then cancelled by hand, which closes the connection whatever became of the
// signals.

/** Thrown by race() when the deadline passed or the caller cancelled; never shown as such. */
export class DeadlineAbort extends Error {
  constructor(readonly timedOut: boolean) {
    super(timedOut ? 'deadline passed' : 'cancelled');
    this.name = 'DeadlineAbort';
  }
}

export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly links: { signal: AbortSignal; listener: () => void }[] = [];
  /** The waits in progress (race), rejected directly when the deadline passes. */
  private readonly waiting = new Set<(reason: DeadlineAbort) => void>();
  /** True once the timer fired (rather than a caller cancelling). */
  timedOut = false;

  /** `ms` from now; `signals` cancel it too (the caller's, the client's on quit). */
  constructor(ms: number, signals: readonly (AbortSignal | undefined)[] = []) {
    this.timer = setTimeout(() => this.abort(true), ms);
    for (const signal of signals) {
      if (!signal) continue;
      if (signal.aborted) {
        this.abort(false);
        break; // cancelled already: no need to hear from the other signals
      }
      const listener = (): void => this.abort(false);
      signal.addEventListener('abort', listener, { once: true });
      this.links.push({ signal, listener });
    }
  }

  /** Aborted when the deadline passes or a caller cancels. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get aborted(): boolean {
    return this.controller.signal.aborted;
  }

  /** `work`, or a DeadlineAbort as soon as the deadline passes, whatever `work` does. */
  race<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.aborted) {
        // `work` may still reject later: that must not count as unhandled.
        work.catch(() => undefined);
        reject(new DeadlineAbort(this.timedOut));
        return;
      }
      this.waiting.add(reject);
      work.then(
        (value) => {
          this.waiting.delete(reject);
          resolve(value);
        },
        (error: unknown) => {
          this.waiting.delete(reject);
          reject(error);
        },
      );
    });
  }

  /**
   * fetch with this deadline's own signal, so that undici follows it directly (never a signal
   * joined with AbortSignal.any, which a collection can cut off).
   */
  readonly fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    globalThis.fetch(input, { ...init, signal: this.controller.signal });

  /** Reads a whole body stream under the deadline, cancelling the stream when it passes. */
  async *chunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await this.race(reader.read());
        if (done) return;
        yield value;
      }
    } finally {
      // On the deadline, an early return or an error: closes the connection (undici aborts the
      // fetch when its body stream is cancelled). After `done` this is a no-op.
      reader.cancel().catch(() => undefined);
    }
  }

  /** Stops the timer and lets go of the callers' signals; the request is over. */
  dispose(): void {
    clearTimeout(this.timer);
    this.unlink();
  }

  private unlink(): void {
    for (const { signal, listener } of this.links) signal.removeEventListener('abort', listener);
    this.links.length = 0;
  }

  private abort(timedOut: boolean): void {
    if (this.controller.signal.aborted) return;
    // Nothing more to hear from the callers' signals: a client's shared signal (quit) must not
    // collect a listener for each cancelled request still winding down.
    this.unlink();
    this.timedOut = timedOut;
    this.controller.abort(new DeadlineAbort(timedOut));
    for (const reject of this.waiting) reject(new DeadlineAbort(timedOut));
    this.waiting.clear();
  }
}
