// The real app in-process: <App/> with the store from src/store/store.ts, rendered by Ink exactly
// as src/runExplorer.tsx renders it, but into a fake terminal. The fake stdout timestamps every
// write (performance.now()), the fake stdin feeds keys the way a TTY in raw mode does.
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { render } from 'ink';
import { OpenIMClient, DEFAULT_CLIENT_CONFIG } from '../src/api/client.js';
import { App } from '../src/explorer/App.js';
import { StoreContext } from '../src/components/StoreContext.js';
import { ThemeContext } from '../src/components/theme.js';
import { inkRenderOptions } from '../src/explorer/renderOptions.js';
import { createAppStore } from '../src/store/store.js';

export interface Write {
  at: number;
  bytes: number;
  text: string;
}

/** A TTY-like stdout: columns and rows, resize events, and a log of what was written when. */
export class FakeStdout extends EventEmitter {
  readonly isTTY = true;
  writes: Write[] = [];
  private waiters: Array<(w: Write) => void> = [];
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write(chunk: string | Uint8Array, encoding?: unknown, callback?: () => void): boolean {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const w: Write = { at: performance.now(), bytes: Buffer.byteLength(text), text };
    this.writes.push(w);
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve(w);
    const cb = typeof encoding === 'function' ? encoding : callback;
    if (typeof cb === 'function') (cb as () => void)();
    return true;
  }
  /** Resolves with the next write. */
  nextWrite(timeoutMs = 5000, what = 'a frame'): Promise<Write> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no frame written for ${what}`)), timeoutMs);
      this.waiters.push((w) => {
        clearTimeout(timer);
        resolve(w);
      });
    });
  }
}

/** A TTY-like stdin in raw mode: Ink listens for 'readable' and calls read(). */
export class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  private queue: string[] = [];
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
  read(): string | null {
    return this.queue.shift() ?? null;
  }
  /** One read of the terminal: the key's bytes arrive and Ink is told they are readable. */
  press(bytes: string): void {
    this.queue.push(bytes);
    this.emit('readable');
  }
}

export interface Mounted {
  store: ReturnType<typeof createAppStore>;
  stdout: FakeStdout;
  stdin: FakeStdin;
  /** Everything written since the last call, as one string, with its byte count. */
  drain(): { text: string; bytes: number };
  /** Waits until the stdout has been silent for quietMs. */
  settle(quietMs?: number): Promise<void>;
  unmount(): Promise<void>;
}

export interface MountOptions {
  baseUrl: string;
  columns?: number;
  rows?: number;
  pageSize?: number;
  /** Overrides the app's default (which is what runExplorer uses). */
  incrementalRendering?: boolean;
}

export function mountApp(options: MountOptions): Mounted {
  const stdout = new FakeStdout(options.columns ?? 200, options.rows ?? 50);
  const stdin = new FakeStdin();
  const client = new OpenIMClient({ ...DEFAULT_CLIENT_CONFIG, baseUrl: options.baseUrl, secret: 'openIM123', adminUserID: 'imAdmin' });
  const ref: { instance?: ReturnType<typeof render> } = {};
  const store = createAppStore({
    client,
    pageSize: options.pageSize ?? 20,
    // The figures are for these page sizes, not for what the fake terminal would fit.
    pageSizeFixed: true,
    quit: () => ref.instance?.unmount(),
  });
  const renderOptions = inkRenderOptions(process.env);
  const instance = render(
    <StoreContext.Provider value={store}>
      <ThemeContext.Provider value={{ color: true }}>
        <App info={{ host: new URL(options.baseUrl).host, identity: 'imAdmin', wire: client.wire, demo: true }} />
      </ThemeContext.Provider>
    </StoreContext.Provider>,
    {
      ...renderOptions,
      ...(options.incrementalRendering === undefined ? {} : { incrementalRendering: options.incrementalRendering }),
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      stderr: stdout as unknown as NodeJS.WriteStream,
    },
  );
  ref.instance = instance;
  store.getState().start();
  return {
    store,
    stdout,
    stdin,
    drain() {
      // Keeps nothing already drained: a long run would otherwise hold every frame.
      const fresh = stdout.writes;
      stdout.writes = [];
      return { text: fresh.map((w) => w.text).join(''), bytes: fresh.reduce((n, w) => n + w.bytes, 0) };
    },
    async settle(quietMs = 30) {
      for (;;) {
        const before = stdout.writes.length;
        await sleep(quietMs);
        if (stdout.writes.length === before) return;
      }
    },
    async unmount() {
      instance.unmount();
      await instance.waitUntilExit().catch(() => undefined);
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits until the store satisfies the predicate (checked on every change). */
export function waitForState<S>(
  store: { getState(): S; subscribe(listener: (s: S) => void): () => void },
  predicate: (s: S) => boolean,
  timeoutMs = 10_000,
): Promise<S> {
  if (predicate(store.getState())) return Promise.resolve(store.getState());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error('timed out waiting for the store'));
    }, timeoutMs);
    const unsubscribe = store.subscribe((s) => {
      if (predicate(s)) {
        clearTimeout(timer);
        unsubscribe();
        resolve(s);
      }
    });
  });
}
