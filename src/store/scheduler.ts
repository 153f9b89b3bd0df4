// The request rules of the explorer's lists, apart from the store so that they can be tested
// with an injected fetch and no server:
// - at most one request in flight per list;
// - the list wants one page at a time: a page step (or a new query, or a forced reload) while a
//   request for another page runs cancels it and asks for the new page at once, so the page the
//   list lands on is one round trip away from the last key, however long a key was held;
//   results always arrive in order;
// - a response that no longer matches what the list wants is cached, never shown;
// - pages already seen come back from a bounded LRU without a request;
// - a live refresh (refresh()) is one more request of the page the list shows, under the same
//   rules: never beside another request of the list, and shown only if the list still shows it.
import type { AnyRow } from '../api/pages.js';
import type { PageRequest } from '../lists/types.js';
import type { Page } from '../api/schemas.js';
import { BoundedCache } from '../domain/caches.js';

export type FetchPage = (request: PageRequest, signal: AbortSignal, listKey: string) => Promise<Page<AnyRow>>;

export interface SchedulerEvents {
  /** The page the list wants arrived from the server, or (`cached`) came from the cache. */
  /** `receivedAt`: when a cached page came from the server (so the screen can say how old it is). */
  page(listKey: string, page: Page<AnyRow>, cached: boolean, receivedAt?: number): void;
  /** The request for the page the list wants failed. */
  failure(listKey: string, error: unknown): void;
}

/** Request counters, for the benchmarks and tests; not rendered. */
export interface RequestStats {
  started: number;
  /** Results that arrived after their list had moved on: cached, not shown. */
  discarded: number;
  maxInFlight: number;
}

/** What `want` did: answered from the cache, or the list now waits for a response. */
export type WantResult = 'cached' | 'waiting';

/** Identifies one server request; equal keys may share a cached page. */
export function requestKey(request: PageRequest): string {
  return `${request.page}|${queryKey(request)}`;
}

/** Everything in a request but the page: page steps of one query share it. */
export function queryKey(request: Omit<PageRequest, 'page'>): string {
  return JSON.stringify([
    request.kind,
    request.userID ?? '',
    request.size,
    // Each list's query is plain data (lists/<list>.ts `query`): its JSON tells two apart.
    request.query,
    // A page with its extras (who is online) is another answer than the page alone.
    request.extras ?? [],
  ]);
}

interface Running {
  reqKey: string;
  query: string;
  controller: AbortController;
  /** Settles when the request has ended, whatever its outcome. */
  done: Promise<void>;
}

/** Pages a list's answers are kept for (the bench prints it beside the memory figure). */
export const PAGE_CACHE_PAGES = 64;

export class RequestScheduler {
  readonly stats: RequestStats = { started: 0, discarded: 0, maxInFlight: 0 };
  private readonly cache: BoundedCache<string, { page: Page<AnyRow>; at: number }>;
  private readonly inFlight = new Map<string, Running>();
  /** What each list wants now, while it waits for it. */
  private readonly waiting = new Map<string, PageRequest>();

  constructor(
    private readonly fetch: FetchPage,
    private readonly events: SchedulerEvents,
    cacheSize = PAGE_CACHE_PAGES,
  ) {
    this.cache = new BoundedCache('pages', cacheSize);
  }

  /**
   * The list `listKey` wants `request`. A cached page is delivered at once (unless `force`);
   * otherwise the list waits, and `events.page` or `events.failure` tells when it has its answer.
   */
  want(listKey: string, request: PageRequest, force = false): WantResult {
    const reqKey = requestKey(request);
    const cached = force ? undefined : this.cache.get(reqKey);
    if (cached) {
      this.waiting.delete(listKey);
      this.events.page(listKey, cached.page, true, cached.at);
      return 'cached';
    }
    this.waiting.set(listKey, request);
    const running = this.inFlight.get(listKey);
    if (running) {
      if (!force && running.reqKey === reqKey) return 'waiting';
      // Whatever else runs is for a page the list no longer wants. Letting it finish first made
      // the last page of a held `n` two round trips away (measured: 2.2x the server's latency);
      // cancelled, the new request starts now and stays the only one in flight. A cancelled
      // request whose headers had not come closes its connection: the next one opens another
      // (free on loopback and a LAN, one more round trip over a WAN).
      running.controller.abort();
      this.inFlight.delete(listKey);
    }
    this.start(listKey, request);
    return 'waiting';
  }

  /**
   * A live refresh of the page the list shows (`request`): from the server, bypassing the cache
   * and updating it. While another request of the list runs, the refresh is that request: it
   * sends nothing and settles when that one ends. Its page is delivered through `events.page` only
   * if the list still wants it when it arrives (a page step meanwhile wins); its failure is not
   * delivered but rejects the promise, for the live view to judge. It resolves when a newer request
   * of the list replaced it; `signal` cancels it (and only it).
   */
  refresh(listKey: string, request: PageRequest, signal: AbortSignal): Promise<void> {
    const running = this.inFlight.get(listKey);
    if (running) return running.done;
    if (signal.aborted) return Promise.resolve();
    this.waiting.set(listKey, request);
    const { controller, outcome } = this.start(listKey, request, true);
    const reqKey = requestKey(request);
    signal.addEventListener(
      'abort',
      () => {
        if (this.inFlight.get(listKey)?.controller !== controller) return;
        // Nobody waits for this page any more; what the list wants instead starts when it ends.
        if (this.isWanted(listKey, reqKey)) this.waiting.delete(listKey);
        controller.abort();
      },
      { once: true },
    );
    return outcome;
  }

  /** Whether a request of this list is on the wire. */
  busy(listKey: string): boolean {
    return this.inFlight.has(listKey);
  }

  /** Stops waiting for this list and aborts its request. */
  cancel(listKey: string): void {
    this.waiting.delete(listKey);
    this.inFlight.get(listKey)?.controller.abort();
    this.inFlight.delete(listKey);
  }

  cancelAll(): void {
    for (const key of [...this.inFlight.keys()]) this.cancel(key);
    this.waiting.clear();
  }

  private isWanted(listKey: string, reqKey: string): boolean {
    const wanted = this.waiting.get(listKey);
    return wanted !== undefined && requestKey(wanted) === reqKey;
  }

  /** `outcome` resolves when the page arrived or the request was cancelled; rejects (live only) on failure. */
  private start(listKey: string, request: PageRequest, live = false): { controller: AbortController; outcome: Promise<void> } {
    const reqKey = requestKey(request);
    const controller = new AbortController();
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    this.inFlight.set(listKey, { reqKey, query: queryKey(request), controller, done });
    this.stats.started++;
    this.stats.maxInFlight = Math.max(this.stats.maxInFlight, this.inFlight.size);
    let pending: Promise<Page<AnyRow>>;
    try {
      pending = this.fetch(request, controller.signal, listKey);
    } catch (error) {
      // A fetch that throws instead of rejecting is a bug of ours; it must still end as a value.
      pending = Promise.reject(error);
    }
    const outcome = pending
      .then(
        (page) => {
          if (!page.stopped) this.cache.set(reqKey, { page, at: Date.now() });
          if (this.isWanted(listKey, reqKey)) {
            this.waiting.delete(listKey);
            this.events.page(listKey, page, false);
          } else this.stats.discarded++;
        },
        (error: unknown) => {
          if (controller.signal.aborted) return; // cancelled by us: nobody waits for it
          if (!this.isWanted(listKey, reqKey)) {
            this.stats.discarded++;
            return;
          }
          this.waiting.delete(listKey);
          if (live) throw error;
          this.events.failure(listKey, error);
        },
      )
      .finally(() => {
        this.finish(listKey, controller);
        end();
      });
    if (!live) outcome.catch(() => undefined);
    return { controller, outcome };
  }

  private finish(listKey: string, controller: AbortController): void {
    if (this.inFlight.get(listKey)?.controller === controller) this.inFlight.delete(listKey);
    // The list moved on while this was in flight: ask for what it wants now.
    const wanted = this.waiting.get(listKey);
    if (wanted && !this.inFlight.has(listKey)) this.want(listKey, wanted);
  }
}
