// The request rules, with an injected fetch and fake timers: no server, no sleeps.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortedError } from '../../src/api/errors.js';
import type { AnyRow } from '../../src/api/pages.js';
import type { PageRequest } from '../../src/lists/types.js';
import type { Page } from '../../src/api/schemas.js';
import { RequestScheduler, requestKey } from '../../src/store/scheduler.js';

const LATENCY = 200;

function req(page: number, keyword = ''): PageRequest {
  return { kind: 'accounts', page, size: 10, query: { keyword, conversationIDs: [] } };
}

/** A fake server: answers each request after LATENCY ms of fake time with rows naming the request. */
function harness(options: { fail?: (r: PageRequest) => Error | undefined; cacheSize?: number; stopped?: boolean } = {}) {
  const sent: { request: PageRequest; signal: AbortSignal }[] = [];
  const shown: { list: string; page: Page<AnyRow>; cached: boolean }[] = [];
  const failures: { list: string; error: unknown }[] = [];
  const fetch = (request: PageRequest, signal: AbortSignal): Promise<Page<AnyRow>> => {
    sent.push({ request, signal });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = options.fail?.(request);
        if (error) reject(error);
        else {
          const rows = [{ userID: requestKey(request), nickName: '', faceURL: '' }] as unknown as AnyRow[];
          resolve({ rows, total: 100, totalExact: true, ...(options.stopped ? { stopped: true as const } : {}) });
        }
      }, LATENCY);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new AbortedError());
      });
    });
  };
  const scheduler = new RequestScheduler(
    fetch,
    {
      page: (list, page, cached) => shown.push({ list, page, cached }),
      failure: (list, error) => failures.push({ list, error }),
    },
    options.cacheSize ?? 64,
  );
  const shownKeys = () => shown.map((s) => (s.page.rows[0] as { userID: string }).userID);
  return { scheduler, sent, shown, shownKeys, failures };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RequestScheduler', () => {
  it('never answers from the cache with a page the operator stopped short (a member search): asked again, it is fetched again', async () => {
    const stopped = harness({ stopped: true });
    stopped.scheduler.want('a', req(1));
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(stopped.scheduler.want('a', req(1))).toBe('waiting');
    expect(stopped.sent).toHaveLength(2);
    const whole = harness();
    whole.scheduler.want('a', req(1));
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(whole.scheduler.want('a', req(1))).toBe('cached');
  });

  it('keeps one request in flight per list: a page step cancels the request for the page left behind', async () => {
    const h = harness();
    h.scheduler.want('a', req(1));
    h.scheduler.want('a', req(2));
    h.scheduler.want('a', req(3));
    h.scheduler.want('a', req(4));
    // Each step asked for its page at once and cancelled the one before: one live request.
    expect(h.sent.map((s) => s.request.page)).toEqual([1, 2, 3, 4]);
    expect(h.sent.map((s) => s.signal.aborted)).toEqual([true, true, true, false]);
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(h.shownKeys()).toEqual([requestKey(req(4))]);
    expect(h.failures).toHaveLength(0);
    expect(h.scheduler.stats).toEqual({ started: 4, discarded: 0, maxInFlight: 1 });
  });

  it('shows the page of the last step of a held key one round trip after it, and nothing older after it', async () => {
    const h = harness();
    let live = 0;
    for (let page = 1; page <= 100; page++) {
      h.scheduler.want('a', req(page));
      live = Math.max(live, h.sent.filter((s) => !s.signal.aborted).length);
      await vi.advanceTimersByTimeAsync(LATENCY / 6); // a key repeat faster than the server
    }
    // LATENCY / 6 of the round trip has passed since the last step.
    await vi.advanceTimersByTimeAsync(LATENCY - LATENCY / 6 - 1);
    expect(h.shown).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.shownKeys()).toEqual([requestKey(req(100))]);
    expect(live).toBe(1);
  });

  it('never shows an older page after a newer one', async () => {
    const h = harness();
    for (let page = 1; page <= 30; page++) {
      h.scheduler.want('a', req(page));
      // Some steps come before the page arrives, some after.
      await vi.advanceTimersByTimeAsync(page % 3 === 0 ? LATENCY * 1.5 : LATENCY / 3);
    }
    await vi.advanceTimersByTimeAsync(LATENCY * 3);
    const pages = h.shownKeys().map((key) => Number(key.split('|')[0]));
    expect(pages.length).toBeGreaterThan(5);
    expect([...pages].sort((x, y) => x - y)).toEqual(pages);
    expect(pages.at(-1)).toBe(30);
    expect(h.scheduler.stats.maxInFlight).toBe(1);
  });

  it('answers a page seen before from the cache, at once and without a request', async () => {
    const h = harness();
    h.scheduler.want('a', req(1));
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(h.scheduler.want('a', req(2))).toBe('waiting');
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(h.scheduler.want('a', req(1))).toBe('cached');
    expect(h.shown.at(-1)).toMatchObject({ cached: true });
    expect(h.shownKeys().at(-1)).toBe(requestKey(req(1)));
    expect(h.sent).toHaveLength(2);
  });

  it('caches a response that arrives after the list moved on, but never shows it', async () => {
    const h = harness();
    h.scheduler.want('a', req(1));
    await vi.advanceTimersByTimeAsync(LATENCY);
    // Page 2 is asked for, then the list goes back to page 1 (cached) while page 2 is on the way.
    h.scheduler.want('a', req(2));
    expect(h.scheduler.want('a', req(1))).toBe('cached');
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(h.shownKeys()).toEqual([requestKey(req(1)), requestKey(req(1))]);
    expect(h.scheduler.stats.discarded).toBe(1);
    // Page 2 is in the cache although it was never shown.
    expect(h.scheduler.want('a', req(2))).toBe('cached');
    expect(h.sent).toHaveLength(2);
  });

  it('cancels the running request for a new query, and shows only the new one', async () => {
    const h = harness();
    h.scheduler.want('a', req(1, 'old'));
    h.scheduler.want('a', req(1, 'new'));
    expect(h.sent).toHaveLength(2);
    expect(h.sent[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(h.shownKeys()).toEqual([requestKey(req(1, 'new'))]);
    expect(h.failures).toHaveLength(0);
  });

  it('a forced reload bypasses the cache and cancels the running request', async () => {
    const h = harness();
    h.scheduler.want('a', req(1));
    await vi.advanceTimersByTimeAsync(LATENCY);
    h.scheduler.want('a', req(1), true);
    h.scheduler.want('a', req(1), true);
    expect(h.sent).toHaveLength(3);
    expect(h.sent[1]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(h.shown.map((s) => s.cached)).toEqual([false, false]);
  });

  it('reports a failure only for the page the list still wants', async () => {
    const h = harness({ fail: (r) => (r.page === 2 ? new Error('boom') : undefined) });
    h.scheduler.want('a', req(2));
    h.scheduler.want('a', req(3));
    await vi.advanceTimersByTimeAsync(LATENCY * 2);
    expect(h.failures).toHaveLength(0);
    expect(h.shownKeys()).toEqual([requestKey(req(3))]);
    h.scheduler.want('a', req(2));
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(h.failures.map((f) => (f.error as Error).message)).toEqual(['boom']);
  });

  it('turns a fetch that throws instead of rejecting into a failure', async () => {
    const scheduler = new RequestScheduler(
      () => {
        throw new TypeError('bug');
      },
      { page: () => undefined, failure: (_list, error) => failures.push(error) },
    );
    const failures: unknown[] = [];
    scheduler.want('a', req(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(failures).toHaveLength(1);
    expect(scheduler.busy('a')).toBe(false);
  });

  it('lists are independent: each has its own request in flight', async () => {
    const h = harness();
    h.scheduler.want('a', req(1));
    h.scheduler.want('b', req(1, 'x'));
    expect(h.sent).toHaveLength(2);
    expect(h.scheduler.stats.maxInFlight).toBe(2);
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(h.shown.map((s) => s.list).sort()).toEqual(['a', 'b']);
  });

  it('keeps the cache bounded, dropping the least recently used page', async () => {
    const h = harness({ cacheSize: 2 });
    for (const page of [1, 2, 3]) {
      h.scheduler.want('a', req(page));
      await vi.advanceTimersByTimeAsync(LATENCY);
    }
    expect(h.scheduler.want('a', req(3))).toBe('cached');
    expect(h.scheduler.want('a', req(2))).toBe('cached');
    expect(h.scheduler.want('a', req(1))).toBe('waiting');
  });

  it('cancelAll aborts every request and shows nothing afterwards', async () => {
    const h = harness();
    h.scheduler.want('a', req(1));
    h.scheduler.want('b', req(1, 'x'));
    h.scheduler.cancelAll();
    expect(h.sent.every((s) => s.signal.aborted)).toBe(true);
    await vi.advanceTimersByTimeAsync(LATENCY * 2);
    expect(h.shown).toHaveLength(0);
    expect(h.failures).toHaveLength(0);
  });
});

describe('RequestScheduler.refresh (the live view)', () => {
  it('asks the server again for the page in view, bypassing the cache and updating it', async () => {
    const h = harness();
    h.scheduler.want('a', req(1));
    await vi.advanceTimersByTimeAsync(LATENCY);
    const first = h.shown[0]!.page;
    const done = h.scheduler.refresh('a', req(1), new AbortController().signal);
    expect(h.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(LATENCY);
    await done;
    expect(h.shown.map((s) => s.cached)).toEqual([false, false]);
    const refreshed = h.shown[1]!.page;
    expect(refreshed).not.toBe(first);
    // The cache now holds the refreshed page.
    h.scheduler.want('a', req(1));
    expect(h.shown.at(-1)).toMatchObject({ cached: true });
    expect(h.shown.at(-1)!.page).toBe(refreshed);
  });

  it('never runs beside another request of the list: it waits for that one and sends nothing', async () => {
    const h = harness();
    h.scheduler.want('a', req(1));
    let settled = false;
    void h.scheduler.refresh('a', req(1), new AbortController().signal).then(() => (settled = true));
    expect(h.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(LATENCY - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(h.sent).toHaveLength(1);
    expect(h.scheduler.stats.maxInFlight).toBe(1);
  });

  it('a page step taken during a refresh wins: the refresh is cancelled, its page never shown', async () => {
    const h = harness();
    h.scheduler.want('a', req(1));
    await vi.advanceTimersByTimeAsync(LATENCY);
    const refresh = h.scheduler.refresh('a', req(1), new AbortController().signal);
    h.scheduler.want('a', req(2));
    // Page 2 goes out at once, the refresh is cancelled: still one in flight.
    expect(h.sent).toHaveLength(3);
    expect(h.sent[1]!.signal.aborted).toBe(true);
    await expect(refresh).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(LATENCY * 2);
    expect(h.sent.map((s) => s.request.page)).toEqual([1, 1, 2]);
    expect(h.shownKeys()).toEqual([requestKey(req(1)), requestKey(req(2))]);
    expect(h.scheduler.stats.maxInFlight).toBe(1);
  });

  it('its signal cancels it alone: a page step waiting behind it still goes out', async () => {
    const h = harness();
    const live = new AbortController();
    void h.scheduler.refresh('a', req(1), live.signal);
    h.scheduler.want('a', req(2));
    live.abort();
    expect(h.sent[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(h.sent.map((s) => s.request.page)).toEqual([1, 2]);
    expect(h.shownKeys()).toEqual([requestKey(req(2))]);
    expect(h.failures).toHaveLength(0);
  });

  it('rejects on failure instead of reporting it, and resolves when a reload replaced it', async () => {
    const h = harness({ fail: (r) => (r.size === 10 ? new Error('down') : undefined) });
    const failed = h.scheduler.refresh('a', req(1), new AbortController().signal);
    const caught = failed.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(LATENCY);
    expect(((await caught) as Error).message).toBe('down');
    expect(h.failures).toHaveLength(0);

    const replaced = h.scheduler.refresh('a', req(1), new AbortController().signal);
    h.scheduler.want('a', req(1), true); // `r` while the refresh runs
    await expect(replaced).resolves.toBeUndefined();
  });
});
