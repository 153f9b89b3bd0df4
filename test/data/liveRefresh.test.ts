// The live view's rules with fake timers and an injected fetch: no server, no sleeps.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, HttpError, NetworkError, ProtocolError } from '../../src/api/errors.js';
import {
  LiveRefresher,
  type RefreshErrorClass,
  type RefreshStatus,
  type RefreshTimers,
} from '../../src/data/liveRefresh.js';
import { classifyRefreshError } from '../../src/data/refreshErrors.js';

const INTERVAL = 5_000;
const origin = { operation: 'getUsers', operationID: '1' };

type Answer = { ok: true } | { ok: false; error: unknown };

/**
 * A fake server: each refresh answers after `latency` ms of fake time with the next scripted
 * answer (ok when the script is empty). Records when each request went out and its signal.
 */
function harness(options: { latency?: number; answers?: Answer[]; interval?: number; earlyMs?: number } = {}) {
  const latency = options.latency ?? 100;
  const answers = [...(options.answers ?? [])];
  const sent: { at: number; signal: AbortSignal }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const statuses: RefreshStatus[] = [];
  const timers: RefreshTimers = {
    now: () => Date.now(),
    // earlyMs: a timer that runs before Date.now() reaches its time, as Node's may by a millisecond.
    setTimeout: (callback, ms) => setTimeout(callback, Math.max(0, ms - (options.earlyMs ?? 0))),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const refresher = new LiveRefresher({
    intervalMs: options.interval ?? INTERVAL,
    timers,
    classify: classifyRefreshError,
    onStatus: (status) => statuses.push(status),
    refresh(signal) {
      sent.push({ at: Date.now(), signal });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const answer = answers.shift() ?? { ok: true };
      return new Promise((resolve, reject) => {
        const settle = (): void => {
          inFlight--;
          if (answer.ok) resolve(undefined);
          else reject(answer.error);
        };
        // latency 0: answers within the same instant (a 0 ms timer is 1 ms, as in Node).
        if (latency === 0) return void queueMicrotask(settle);
        const timer = setTimeout(settle, latency);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          inFlight--;
          reject(new Error('aborted'));
        });
      });
    },
  });
  const t0 = Date.now();
  /** When each request went out, in ms since the start. */
  const times = () => sent.map((s) => s.at - t0);
  const gaps = () => times().slice(1).map((t, i) => t - times()[i]!);
  return { refresher, sent, times, gaps, statuses, maxInFlight: () => maxInFlight };
}

const network = () => ({ ok: false as const, error: new NetworkError('refused', 'ECONNREFUSED', origin) });
const http = (status: number) => ({ ok: false as const, error: new HttpError(status, 'Bad Gateway', origin) });
const tooMany = (retryAfterMs?: number) => ({
  ok: false as const,
  error: new ApiError(429, 'too many requests, please try again later', '', origin, retryAfterMs),
});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-15T09:30:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LiveRefresher', () => {
  it('refreshes at once, then one interval after each refresh ends (never two in flight)', async () => {
    const h = harness({ latency: 3_000 });
    h.refresher.start();
    expect(h.times()).toEqual([0]);
    await vi.advanceTimersByTimeAsync(30_000);
    h.refresher.stop();
    // Each request takes 3 s; the next one goes 5 s after the previous one ended.
    expect(h.times()).toEqual([0, 8_000, 16_000, 24_000]);
    expect(h.maxInFlight()).toBe(1);
  });

  it('a slow server is never asked twice at once, however slow', async () => {
    const h = harness({ latency: 45_000 });
    h.refresher.start();
    await vi.advanceTimersByTimeAsync(44_000);
    expect(h.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000 + INTERVAL);
    expect(h.times()).toEqual([0, 50_000]);
    expect(h.maxInFlight()).toBe(1);
    h.refresher.stop();
  });

  it('sends nothing while paused; the refresh that fell due meanwhile goes out when the pause ends', async () => {
    const h = harness();
    h.refresher.start();
    await vi.advanceTimersByTimeAsync(1_000);
    h.refresher.setPaused(true);
    expect(h.refresher.status.state).toBe('paused');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sent).toHaveLength(1);
    h.refresher.setPaused(false);
    expect(h.times()).toEqual([0, 61_000]);
    h.refresher.stop();
  });

  it('never refreshes more often than the interval, whatever is toggled', async () => {
    const h = harness();
    h.refresher.start();
    await vi.advanceTimersByTimeAsync(1_000);
    // Pause and resume, stop and start, again and again within one interval.
    for (let i = 0; i < 5; i++) {
      h.refresher.setPaused(true);
      h.refresher.setPaused(false);
      h.refresher.stop();
      h.refresher.start();
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(h.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    const gaps = h.gaps();
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(INTERVAL);
    h.refresher.stop();
  });

  it('backs off exponentially on network errors and 5xx, up to a minute, and says so; success resets it', async () => {
    const h = harness({
      latency: 0,
      answers: [network(), http(502), network(), http(503), network(), network(), { ok: true }],
    });
    h.refresher.start();
    await vi.advanceTimersByTimeAsync(10_000 + 20_000 + 40_000 + 60_000 + 60_000 + 60_000);
    expect(h.gaps()).toEqual([10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
    const last = h.statuses.filter((s) => s.state === 'backing-off').at(-1);
    expect(last).toMatchObject({ state: 'backing-off', failures: 6 });
    // The seventh answer was good: back to the interval.
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(h.gaps().at(-1)).toBe(INTERVAL);
    expect(h.refresher.status.state).not.toBe('backing-off');
    h.refresher.stop();
  });

  it('waits as long as Retry-After asks on a 429, never less than the interval', async () => {
    const h = harness({ latency: 0, answers: [tooMany(30_000), tooMany(1_000)] });
    h.refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.refresher.status).toMatchObject({ state: 'rate-limited', retryAfterMs: 30_000, at: Date.now() + 30_000 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(h.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent).toHaveLength(2);
    // Retry-After: 1 is shorter than the interval: the interval wins.
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(h.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.gaps()).toEqual([30_000, INTERVAL]);
    h.refresher.stop();
  });

  it('says a wait once, and keeps to it, when the timer runs a millisecond before its time', async () => {
    const h = harness({ latency: 0, answers: [tooMany(2_000)], interval: 1_000, earlyMs: 1 });
    h.refresher.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.sent).toHaveLength(2);
    expect(h.statuses.filter((s) => s.state === 'rate-limited')).toHaveLength(1);
    h.refresher.stop();
  });

  it('reads a Retry-After longer than the one cap (a minute, retryPolicy.ts) as the cap', async () => {
    const h = harness({ latency: 0, answers: [tooMany(7_200_000)] });
    h.refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.refresher.status).toMatchObject({ state: 'rate-limited', retryAfterMs: 7_200_000, at: Date.now() + 60_000 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.gaps()).toEqual([60_000]);
    h.refresher.stop();
  });

  it('backs off on a 429 without Retry-After (HTTP 429 or errCode 429)', async () => {
    const h = harness({ latency: 0, answers: [tooMany(), http(429)] });
    h.refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.refresher.status).toMatchObject({ state: 'rate-limited' });
    expect(h.refresher.status).not.toHaveProperty('retryAfterMs');
    await vi.advanceTimersByTimeAsync(10_000 + 20_000 + INTERVAL);
    expect(h.gaps()).toEqual([10_000, 20_000, INTERVAL]);
    h.refresher.stop();
  });

  it('stopping cancels the refresh in flight, and its late answer changes nothing', async () => {
    const h = harness({ latency: 2_000, answers: [network()] });
    h.refresher.start();
    await vi.advanceTimersByTimeAsync(500);
    h.refresher.stop();
    expect(h.sent[0]!.signal.aborted).toBe(true);
    expect(h.refresher.status.state).toBe('off');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.sent).toHaveLength(1);
    expect(h.refresher.status.state).toBe('off');
  });

  it('stops on an error that waiting will not cure', async () => {
    const bad = new ProtocolError('unexpected data: users: expected array', origin);
    const h = harness({ latency: 0, answers: [{ ok: false, error: bad }] });
    h.refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.refresher.status).toEqual({ state: 'stopped', error: bad });
    expect(h.refresher.running).toBe(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.sent).toHaveLength(1);
  });

  it('touch() (the page just came from the server another way) moves the next refresh back', async () => {
    const h = harness({ latency: 0 });
    h.refresher.start();
    await vi.advanceTimersByTimeAsync(4_000);
    h.refresher.touch();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(h.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.times()).toEqual([0, 9_000]);
    h.refresher.stop();
  });

  it('a fetch that throws instead of rejecting still ends as a value', async () => {
    const refresher = new LiveRefresher({
      intervalMs: INTERVAL,
      classify: (): RefreshErrorClass => ({ kind: 'transient' }),
      refresh: () => {
        throw new Error('bug');
      },
    });
    refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresher.status).toMatchObject({ state: 'backing-off', failures: 1 });
    refresher.stop();
  });
});

describe('classifyRefreshError', () => {
  it('tells rate limits, what waiting cures, and what it does not', () => {
    expect(classifyRefreshError(tooMany(7_000).error)).toEqual({ kind: 'rate-limited', retryAfterMs: 7_000 });
    expect(classifyRefreshError(new HttpError(429, '', origin, 2_000))).toEqual({ kind: 'rate-limited', retryAfterMs: 2_000 });
    expect(classifyRefreshError(new HttpError(429, '', origin))).toEqual({ kind: 'rate-limited' });
    expect(classifyRefreshError(new HttpError(503, '', origin))).toEqual({ kind: 'transient' });
    expect(classifyRefreshError(new NetworkError('timeout', '', origin))).toEqual({ kind: 'transient' });
    expect(classifyRefreshError(new ApiError(14, 'unavailable', '', origin))).toEqual({ kind: 'transient' });
    expect(classifyRefreshError(new ApiError(1002, 'no permission', '', origin))).toEqual({ kind: 'fatal' });
    expect(classifyRefreshError(new HttpError(404, '', origin))).toEqual({ kind: 'fatal' });
    expect(classifyRefreshError(new ProtocolError('bad', origin))).toEqual({ kind: 'fatal' });
  });
});
