// The rules of a live view (the explorer's `w`, the scripting `--watch`): fetch the same page again
// on an interval without ever hammering the server.
// - at most one refresh in flight; the next one is planned when the previous one has ended;
// - never more often than the interval, whatever happens (toggling, pausing, errors);
// - paused (a prompt or help is open, the terminal is not looked at): nothing is sent, and the
//   refresh that fell due meanwhile goes out when the pause ends;
// - a network error or an HTTP 5xx backs off exponentially, up to a minute;
// - HTTP 429 (or errCode 429) waits as long as Retry-After asks, up to the one Retry-After cap
//   (a minute), else backs off the same way; both by the one retry policy (api/retryPolicy.ts);
// - an error that waiting will not cure stops the refreshing;
// - stopping cancels the refresh in flight.
// Pure: the clock, the timers, the fetch and the error classifier are injected, so the rules are
// tested with fake timers and no server. In data/ because the scripting commands use it too.
import { RETRY_POLICY } from '../api/retryPolicy.js';

export type RefreshErrorClass =
  | { kind: 'rate-limited'; retryAfterMs?: number }
  | { kind: 'transient' }
  | { kind: 'fatal' };

export type ClassifyRefreshError = (error: unknown) => RefreshErrorClass;

export interface RefreshTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const DEFAULT_INTERVAL_MS = 5_000;
export const MIN_INTERVAL_MS = 1_000;
/**
 * The longest interval `--watch` and the profile accept (an hour): a bound on what the operator
 * asks for, not on what a server asks (the Retry-After cap is the retry policy's).
 */
export const MAX_INTERVAL_MS = 3_600_000;

export type RefreshStatus =
  | { state: 'off' }
  | { state: 'paused' }
  | { state: 'refreshing' }
  /** The last refresh succeeded; the next one is due at `at`. */
  | { state: 'scheduled'; at: number }
  /** A network error or 5xx: the next try is at `at`, after `failures` failures in a row. */
  | { state: 'backing-off'; at: number; failures: number; error: unknown }
  /** The server asked to slow down; `retryAfterMs` when it said how long. */
  | { state: 'rate-limited'; at: number; retryAfterMs?: number; error: unknown }
  /** An error waiting will not cure: refreshing stopped. */
  | { state: 'stopped'; error: unknown };

/** The states that wait for a time. */
export type WaitingStatus = Extract<RefreshStatus, { at: number }>;

export interface LiveRefreshOptions {
  intervalMs: number;
  /** One refresh; settles when it has ended. The signal aborts it when the refresher stops. */
  refresh(signal: AbortSignal): Promise<unknown>;
  classify: ClassifyRefreshError;
  onStatus?(status: RefreshStatus): void;
  timers?: RefreshTimers;
}

export const realTimers = (unref = false): RefreshTimers => ({
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    if (unref) handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});

export class LiveRefresher {
  private readonly timers: RefreshTimers;
  private on = false;
  private paused = false;
  private inFlight: AbortController | null = null;
  /** Bumped by stop(): a refresh that ends after it is no one's business. */
  private generation = 0;
  private timer: unknown;
  /** When the last refresh (or anything that fetched the same data) ended; null: never. */
  private lastEnd: number | null = null;
  /** How long after lastEnd the next refresh may go. */
  private wait: number;
  private failures = 0;
  /** What the last refresh's outcome says the wait is for, to report while waiting. */
  private outcome: WaitingStatus | null = null;
  private current: RefreshStatus = { state: 'off' };

  constructor(private readonly options: LiveRefreshOptions) {
    this.timers = options.timers ?? realTimers();
    this.wait = options.intervalMs;
  }

  get status(): RefreshStatus {
    return this.current;
  }

  get running(): boolean {
    return this.on;
  }

  /** Turns refreshing on: at once if the last refresh is older than the wait, else when it is not. */
  start(): void {
    if (this.on) return;
    this.on = true;
    this.plan();
  }

  /** Turns refreshing off and cancels the refresh in flight. */
  stop(): void {
    if (!this.on) return;
    this.on = false;
    this.generation++;
    this.clearTimer();
    if (this.inFlight) {
      this.inFlight.abort();
      this.inFlight = null;
      this.lastEnd = this.timers.now();
    }
    this.report({ state: 'off' });
  }

  setPaused(paused: boolean): void {
    if (paused === this.paused) return;
    this.paused = paused;
    if (this.on) this.plan();
  }

  /**
   * The same data just came from the server by another way (a page step, a reload): the next
   * refresh counts from now. Ignored while backing off: one answer does not make a failing server well.
   */
  touch(): void {
    if (this.inFlight || this.failures > 0) return;
    this.lastEnd = this.timers.now();
    if (this.on) this.plan();
  }

  private plan(): void {
    this.clearTimer();
    if (!this.on || this.inFlight) return;
    if (this.paused) return this.report({ state: 'paused' });
    const due = this.lastEnd === null ? this.timers.now() : this.lastEnd + this.wait;
    const delay = due - this.timers.now();
    if (delay <= 0) return this.fire();
    // Anything that moves the due time (stop, pause, touch) clears this timer first: when it runs,
    // the refresh is due. Not planned again: Node's timer may run a millisecond before Date.now()
    // reaches `due`, and a second plan said the same wait twice ("next try in 2 s", then "in 0 s").
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.fire();
    }, delay);
    this.report(this.outcome ? { ...this.outcome, at: due } : { state: 'scheduled', at: due });
  }

  private fire(): void {
    const controller = new AbortController();
    this.inFlight = controller;
    const generation = this.generation;
    this.report({ state: 'refreshing' });
    let pending: Promise<unknown>;
    try {
      pending = this.options.refresh(controller.signal);
    } catch (error) {
      pending = Promise.reject(error);
    }
    Promise.resolve(pending).then(
      () => this.settle(generation, { ok: true }),
      (error: unknown) => this.settle(generation, { ok: false, error }),
    );
  }

  private settle(generation: number, result: { ok: true } | { ok: false; error: unknown }): void {
    if (generation !== this.generation) return;
    this.inFlight = null;
    const now = this.timers.now();
    this.lastEnd = now;
    if (result.ok) {
      this.failures = 0;
      this.wait = this.options.intervalMs;
      this.outcome = { state: 'scheduled', at: now + this.wait };
      return this.plan();
    }
    const error = result.error;
    const verdict = this.classify(error);
    if (verdict.kind === 'fatal') {
      this.on = false;
      this.clearTimer();
      return this.report({ state: 'stopped', error });
    }
    this.failures++;
    const interval = this.options.intervalMs;
    if (verdict.kind === 'rate-limited' && verdict.retryAfterMs !== undefined) {
      const retryAfterMs = verdict.retryAfterMs;
      this.wait = RETRY_POLICY.liveRetryAfterMs(interval, retryAfterMs);
      this.outcome = { state: 'rate-limited', at: now + this.wait, retryAfterMs, error };
    } else {
      this.wait = RETRY_POLICY.liveBackoffMs(interval, this.failures);
      this.outcome =
        verdict.kind === 'rate-limited'
          ? { state: 'rate-limited', at: now + this.wait, error }
          : { state: 'backing-off', at: now + this.wait, failures: this.failures, error };
    }
    this.plan();
  }

  private classify(error: unknown): RefreshErrorClass {
    try {
      return this.options.classify(error);
    } catch {
      return { kind: 'fatal' };
    }
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private report(status: RefreshStatus): void {
    this.current = status;
    this.options.onStatus?.(status);
  }
}
