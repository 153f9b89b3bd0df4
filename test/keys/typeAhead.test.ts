// The keys typed ahead: held in order while the page loads, replayed when it is there, dropped
// with a word when it failed. The load is a fake timer here; test/e2e/typeAhead.test.ts runs
// the same on the built CLI against a slow demo.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TypeAhead, type TypeAheadHost } from '../../src/keys/typeAhead.js';

interface Fake extends TypeAheadHost {
  ran: string[];
  said: string[];
  counts: number[];
  loading: boolean;
  failed: string | undefined;
}

function fakeHost(): Fake {
  const host: Fake = {
    ran: [],
    said: [],
    counts: [],
    loading: false,
    failed: undefined,
    busy: () => host.loading,
    failure: () => host.failed,
    run: (key) => {
      host.ran.push(key);
      // `n` starts another load of 1 s, as a page step over a slow link does.
      if (key === 'n') load(host, 1000);
    },
    count: (n) => host.counts.push(n),
    say: (text) => host.said.push(text),
  };
  return host;
}

let queue: TypeAhead;
function load(host: Fake, ms: number, outcome?: string): void {
  host.loading = true;
  setTimeout(() => {
    host.loading = false;
    host.failed = outcome;
    queue.settle();
  }, ms);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('keys typed ahead', () => {
  it('wait for the page, then run in the order typed', () => {
    const host = fakeHost();
    queue = new TypeAhead(host);
    load(host, 1000);
    vi.advanceTimersByTime(100);
    for (const key of ['d', 'j', 'j']) queue.hold(key);
    vi.advanceTimersByTime(800);
    expect(host.ran).toEqual([]);
    expect(host.counts.at(-1)).toBe(3);
    vi.advanceTimersByTime(100);
    expect(host.ran).toEqual(['d', 'j', 'j']);
    expect(queue.size).toBe(0);
    expect(host.counts.at(-1)).toBe(0);
  });

  it('a replayed key that starts another load makes the rest wait for it', () => {
    const host = fakeHost();
    queue = new TypeAhead(host);
    load(host, 1000);
    for (const key of ['j', 'n', 'j', 'd']) queue.hold(key);
    vi.advanceTimersByTime(1000);
    expect(host.ran).toEqual(['j', 'n']);
    vi.advanceTimersByTime(999);
    expect(host.ran).toEqual(['j', 'n']);
    vi.advanceTimersByTime(1);
    expect(host.ran).toEqual(['j', 'n', 'j', 'd']);
  });

  it('a failed load drops the keys meant for its page, and says so', () => {
    const host = fakeHost();
    queue = new TypeAhead(host);
    load(host, 1000, 'page 3 failed');
    queue.hold('d');
    queue.hold('y');
    vi.advanceTimersByTime(1000);
    expect(host.ran).toEqual([]);
    expect(host.said).toEqual(['page 3 failed: the 2 keys typed ahead were not applied']);
  });

  it('drop forgets what waits (Esc, Ctrl-C); a full queue refuses more in words', () => {
    const host = fakeHost();
    queue = new TypeAhead(host, 2);
    load(host, 1000);
    queue.hold('j');
    queue.hold('k');
    queue.hold('d');
    expect(host.said).toEqual(['2 keys are already waiting for the page; d was not kept']);
    expect(queue.drop()).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(host.ran).toEqual([]);
  });
});
