// The deadline of one request: all attempts, the headers and the whole body, and the caller's
// cancellation, held by one object the request keeps for its whole life.
//
// Why not just hand a signal down: a chain of linked signals is only as strong as its weakest
// link, and a link held weakly (as an HTTP client did once here) lets an abort go astray after a
// garbage collection, so a server that sent headers and then stalled kept the request open for as
// long as it liked. So the deadline does not rely on any chain of signals: every await of the
// request is raced against the timer by this object itself (race: the timer rejects each pending
// wait directly), and the reader then closes the connection by hand (transport.ts).

/** Thrown by race() when the deadline passed or the caller cancelled; never shown as such. */
export class DeadlineAbort extends Error {
  constructor(readonly timedOut: boolean) {
    super(timedOut ? 'deadline passed' : 'cancelled');
    this.name = 'DeadlineAbort';
  }
}

/**
 * The deadlines following each caller's signal, and the one listener that cancels them: a walk
 * hands every request the same signal, and a listener added and removed on it per request was
 * most of what a deadline cost. The listener holds the set, and the signal holds the listener, for
 * as long as the signal lives: nothing here is held weakly but the map's key.
 */
const followers = new WeakMap<AbortSignal, Set<Deadline>>();

function follow(signal: AbortSignal, deadline: Deadline): void {
  let set = followers.get(signal);
  if (!set) {
    const members = (set = new Set());
    followers.set(signal, members);
    signal.addEventListener(
      'abort',
      () => {
        followers.delete(signal);
        for (const member of members) member.cancel();
        members.clear();
      },
      { once: true },
    );
  }
  set.add(deadline);
}

export class Deadline {
  /** Made when something asks for the signal (a retry's wait, a proxy's tunnel); a plain request needs none. */
  private controller: AbortController | undefined;
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly links: AbortSignal[] = [];
  /** The waits in progress (race), rejected directly when the deadline passes. */
  private readonly waiting = new Set<(reason: DeadlineAbort) => void>();
  /** What closes the connection on abort (onAbort), run once. */
  private hooks: (() => void)[] = [];
  /** When the timer fires, on performance.now's clock (monotonic: a clock set back must not stretch it). */
  private readonly endsAt: number;
  private reason: DeadlineAbort | undefined;
  /** True once the timer fired (rather than a caller cancelling). */
  timedOut = false;

  /** `ms` from now; `signals` cancel it too (the caller's, the client's on quit). */
  constructor(ms: number, signals: readonly (AbortSignal | undefined)[] = []) {
    this.endsAt = performance.now() + ms;
    this.timer = setTimeout(() => this.abort(true), ms);
    for (const signal of signals) {
      if (!signal) continue;
      if (signal.aborted) {
        this.abort(false);
        break; // cancelled already: no need to hear from the other signals
      }
      follow(signal, this);
      this.links.push(signal);
    }
  }

  /** Aborted when the deadline passes or a caller cancels. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.reason) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  get aborted(): boolean {
    return this.reason !== undefined;
  }

  /**
   * Runs `hook` when the deadline passes or a caller cancels (at once if that happened already):
   * how the transport closes a connection, without an abort signal and its listeners on every
   * request. Let go of at dispose().
   */
  onAbort(hook: () => void): void {
    if (this.reason) hook();
    else this.hooks.push(hook);
  }

  /**
   * What is left of it, for the retry policy: a wait that does not fit is not started. From this
   * object, not a second clock kept by the caller, so that the two cannot disagree.
   */
  remainingMs(): number {
    return this.aborted ? 0 : Math.max(0, this.endsAt - performance.now());
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

  /** Cancels the request, as an aborted caller's signal would (the connection closed). */
  cancel(): void {
    this.abort(false);
  }

  /** Stops the timer and lets go of the callers' signals and the hooks; the request is over. */
  dispose(): void {
    clearTimeout(this.timer);
    this.unlink();
    this.hooks = [];
  }

  private unlink(): void {
    for (const signal of this.links) followers.get(signal)?.delete(this);
    this.links.length = 0;
  }

  private abort(timedOut: boolean): void {
    if (this.reason) return;
    // Nothing more to hear from the callers' signals: a client's shared signal (quit) must not
    // collect a listener for each cancelled request still winding down.
    this.unlink();
    this.timedOut = timedOut;
    this.reason = new DeadlineAbort(timedOut);
    this.controller?.abort(this.reason);
    const hooks = this.hooks;
    this.hooks = [];
    for (const hook of hooks) hook();
    for (const reject of this.waiting) reject(new DeadlineAbort(timedOut));
    this.waiting.clear();
  }
}
