// The real App rendered by Ink as in production (interactive, not debug, same render options as
// src/runExplorer.tsx), into a fake terminal that keeps every byte written. ink-testing-library's
// stdout only keeps debug frames; here the escape sequences Ink and the app write are kept too,
// so a test can check that nothing else reaches the terminal.
//
// Ink decides at import time that it is non-interactive when CI is set (then it writes nothing
// until exit); test/support/interactiveInk.ts, a vitest setup file, removes CI before any test
// file imports Ink.
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import { OpenIMClient, type ClientConfig } from '../../src/api/client.js';
import { App } from '../../src/explorer/App.js';
import type { ConnectionInfo } from '../../src/components/Header.js';
import { StoreContext } from '../../src/components/StoreContext.js';
import { ThemeContext } from '../../src/components/theme.js';
import { createAppStore, type AppStore } from '../../src/store/store.js';
import { COMMAND_LINE } from '../../src/keys/commands.js';
import { copyToClipboard } from '../../src/terminal/osc52.js';
import { auditWrites, type AuditResult } from './audit.js';
import { NO_RETRIES } from '../support/retryPolicy.js';
import type { RefreshTimers } from '../../src/data/liveRefresh.js';
import type { OpenExport } from '../../src/data/exportFile.js';

const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007/g;

export class RawStdout extends EventEmitter {
  readonly isTTY = true;
  readonly chunks: string[] = [];
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write(chunk: string | Uint8Array, ...rest: unknown[]): boolean {
    this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const callback = rest.find((r): r is () => void => typeof r === 'function');
    callback?.();
    return true;
  }
}

/** stdin as Ink reads it: 'readable' then read(). */
export class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;
  rawMode = false;
  write(data: string): void {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  }
  read(): string | null {
    const data = this.data;
    this.data = null;
    return data;
  }
  setEncoding(): void {}
  setRawMode(mode: boolean): void {
    this.rawMode = mode;
  }
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

export const KEYS = { enter: '\r', esc: '\u001b', tab: '\t', down: '\u001b[B', up: '\u001b[A' } as const;

export interface MountOptions {
  client: Partial<ClientConfig> & { baseUrl: string };
  columns?: number;
  rows?: number;
  pageSize?: number;
  info?: Partial<ConnectionInfo>;
  /** The token's expiry timers (store/tokenSlice.ts), for a test that watches what they are asked. */
  tokenTimers?: RefreshTimers;
  /** Where `e` and `E` write (data/exportFile.ts exportFiles into a temp folder); none: exporting is off. */
  openExport?: OpenExport;
}

export interface Mounted {
  store: AppStore;
  /** The store's client: a test may wrap a read to learn when its reply has been handled. */
  client: OpenIMClient;
  stdout: RawStdout;
  stdin: FakeStdin;
  /** The text of the last frame, escape sequences removed. */
  screen(): string;
  press(...keys: string[]): Promise<void>;
  /** Writes a string as typed text (one read). */
  type(text: string): Promise<void>;
  waitFor(test: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /** Waits until nothing has been written for `quietMs`. */
  settle(quietMs?: number): Promise<void>;
  audit(): AuditResult;
  unmount(): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

export function mountApp(options: MountOptions): Mounted {
  const columns = options.columns ?? 100;
  const rows = options.rows ?? 40;
  const stdout = new RawStdout(columns, rows);
  const stderr = new RawStdout(columns, rows);
  const stdin = new FakeStdin();
  const client = new OpenIMClient({
    adminUserID: 'imAdmin',
    timeoutMs: 5000,
    retryPolicy: NO_RETRIES,
    maxBodyBytes: 8 * 1024 * 1024,
    ...options.client,
  });
  const store = createAppStore({
    commandLine: COMMAND_LINE,
    client,
    pageSize: options.pageSize ?? 20,
    pageSizeFixed: true,
    // The app's own clipboard write goes to the same terminal, as in src/runExplorer.tsx.
    copy: (text) => copyToClipboard(stdout, text, {}),
    quit: () => undefined,
    ...(options.tokenTimers ? { tokenTimers: options.tokenTimers } : {}),
    ...(options.openExport ? { openExport: options.openExport } : {}),
  });
  const info: ConnectionInfo = { host: new URL(options.client.baseUrl).host, identity: 'imAdmin', wire: client.wire, demo: false, ...options.info };
  const instance = render(
    <StoreContext.Provider value={store}>
      <ThemeContext.Provider value={{ color: true }}>
        <App info={info} />
      </ThemeContext.Provider>
    </StoreContext.Provider>,
    {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stderr: stderr as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      debug: false,
      exitOnCtrlC: false,
      patchConsole: false,
      maxFps: 120,
      incrementalRendering: false,
    },
  );
  store.getState().start();

  const screen = (): string => {
    for (let i = stdout.chunks.length - 1; i >= 0; i--) {
      const text = stdout.chunks[i]!.replace(ESCAPES, '');
      if (text.includes('\n')) return text;
    }
    return '';
  };
  const mounted: Mounted = {
    store,
    client,
    stdout,
    stdin,
    screen,
    async press(...keys) {
      for (const key of keys) {
        stdin.write(key);
        // Ink handles a key as it is written, except a lone Esc, which it flushes on the next
        // setImmediate (it might begin an escape sequence): one setImmediate of ours runs after
        // that. The frame comes later: callers wait for it (waitFor, settle, walk.ts step).
        await nextMacrotask();
      }
    },
    async type(text) {
      stdin.write(text);
      await nextMacrotask();
    },
    async waitFor(test, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const s = screen();
        const ok = typeof test === 'string' ? s.includes(test) : test instanceof RegExp ? test.test(s) : test(s);
        if (ok) return s;
        if (Date.now() > deadline) throw new Error(`screen did not match ${String(test)} within ${timeoutMs} ms:\n${s}`);
        await sleep(5);
      }
    },
    async settle(quietMs = 12) {
      const deadline = Date.now() + 5000;
      for (let count = stdout.chunks.length; Date.now() < deadline; count = stdout.chunks.length) {
        await sleep(quietMs);
        if (stdout.chunks.length === count) return;
      }
    },
    audit: () => auditWrites(stdout.chunks, { columns, rows }),
    unmount() {
      instance.unmount();
      instance.cleanup();
    },
  };
  return mounted;
}

/**
 * Lines that look like a stack trace: a JavaScript frame ("    at f (file:…)"), or the frames of a
 * Go error ("| -> func file:line"), of which only the first line (the message) may show.
 */
export function stackTraceLines(screen: string): string[] {
  return screen.split('\n').filter((line) => /^\s+at\s/.test(line) || / \| -> /.test(line) || /\(file:\/\/|node:internal/.test(line));
}

