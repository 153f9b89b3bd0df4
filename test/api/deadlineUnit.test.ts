// The Deadline object on its own, with fake timers: what it promises the HTTP layer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadline, DeadlineAbort } from '../../src/api/deadline.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const never = (): Promise<never> => new Promise<never>(() => undefined);

describe('Deadline', () => {
  it('rejects a wait that never settles when the timer fires, and aborts its signal', async () => {
    const deadline = new Deadline(1000);
    const wait = deadline.race(never()).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(deadline.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await wait;
    expect(error).toBeInstanceOf(DeadlineAbort);
    expect((error as DeadlineAbort).timedOut).toBe(true);
    expect(deadline.signal.aborted).toBe(true);
    // A wait that starts after it passed fails at once.
    await expect(deadline.race(Promise.resolve(1))).rejects.toBeInstanceOf(DeadlineAbort);
  });

  it('says how much of it is left, and nothing once it has passed or been cancelled', async () => {
    const passing = new Deadline(1000);
    expect(passing.remainingMs()).toBe(1000);
    await vi.advanceTimersByTimeAsync(400);
    expect(passing.remainingMs()).toBe(600);
    await vi.advanceTimersByTimeAsync(600);
    expect(passing.remainingMs()).toBe(0);
    const cancelled = new Deadline(1000);
    cancelled.cancel();
    expect(cancelled.remainingMs()).toBe(0);
    passing.dispose();
    cancelled.dispose();
  });

  it('passes through what settles in time, and any caller signal cancels it', async () => {
    const caller = new AbortController();
    const deadline = new Deadline(1000, [undefined, caller.signal]);
    expect(await deadline.race(Promise.resolve('ok'))).toBe('ok');
    await expect(deadline.race(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const wait = deadline.race(never()).catch((e: unknown) => e);
    caller.abort();
    const error = (await wait) as DeadlineAbort;
    expect(error.timedOut).toBe(false);
    expect(deadline.timedOut).toBe(false);
  });

  it('dispose() stops the timer and lets go of the caller signals', async () => {
    const caller = new AbortController();
    const deadline = new Deadline(1000, [caller.signal]);
    deadline.dispose();
    caller.abort();
    await vi.advanceTimersByTimeAsync(2000);
    expect(deadline.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs its close hooks once when it passes, at once when it has passed, never after dispose()', async () => {
    const deadline = new Deadline(1000);
    const calls: string[] = [];
    deadline.onAbort(() => calls.push('before'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual(['before']);
    deadline.onAbort(() => calls.push('after'));
    expect(calls).toEqual(['before', 'after']);
    deadline.cancel();
    expect(calls).toEqual(['before', 'after']);
    // The signal asked for only now still says it is over, and why.
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as DeadlineAbort).timedOut).toBe(true);
    const done = new Deadline(1000);
    done.onAbort(() => calls.push('disposed'));
    done.dispose();
    done.cancel();
    expect(calls).toEqual(['before', 'after']);
  });

  it('one caller signal shared by many deadlines cancels every one still running, and only those', () => {
    const caller = new AbortController();
    const deadlines = Array.from({ length: 20 }, () => new Deadline(1000, [caller.signal]));
    deadlines[3]!.dispose();
    caller.abort();
    expect(deadlines.map((d) => d.aborted)).toEqual(deadlines.map((_, i) => i !== 3));
    // Cancelled by the caller, not timed out.
    expect(deadlines.some((d) => d.timedOut)).toBe(false);
    // A deadline made after the caller cancelled is over from the start.
    expect(new Deadline(1000, [caller.signal]).aborted).toBe(true);
    for (const d of deadlines) d.dispose();
  });
});
