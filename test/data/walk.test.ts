// Walks that would never end: a server that ignores pageNumber (the same full page each time,
// with a huge total, or conversations' estimated total, where only a short page ends a list), one
// whose total grows as it is walked, and one that makes up new conversations for ever. `--all` and
// the explorer's export stop, with an error where the server is at fault.
import { mkdtempSync, readdirSync } from 'node:fs';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';
import { LISTS } from '../../src/lists/registry.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { exportFiles } from '../../src/data/exportFile.js';
import { listFetcher } from '../../src/lists/registry.js';
import { walkPages } from '../../src/data/walk.js';
import { RunawayWalkError } from '../../src/data/walkGuard.js';
import { createAppStore } from '../../src/store/store.js';
import { dispatchKey } from '../../src/keys/dispatch.js';
import { currentList } from '../../src/store/selectors.js';
import { startTestServer, type Recorded, type TestServer } from '../support/recordingServer.js';
import { assertBuilt, runCli } from '../support/runCli.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.d2Fsay10ZXN0LXRva2Vu';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pageOf = (req: Recorded): { pageNumber: number; showNumber: number } =>
  (JSON.parse(req.body) as { pagination: { pageNumber: number; showNumber: number } }).pagination;

/** Answers every list with `data(page, size)` in an envelope. */
async function serve(data: (path: string, page: number, size: number) => unknown): Promise<TestServer> {
  server = await startTestServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    // The owner's lookup (get_users_info) is no page: it finds nobody, as for an ID the server lacks.
    if (req.path === '/user/get_users_info') return void res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data: { usersInfo: null } }));
    const { pageNumber, showNumber } = pageOf(req);
    res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data: data(req.path, pageNumber, showNumber) }));
  });
  return server;
}

/** Like serve, but `handle` answers each page when it likes (through `reply`), and the server counts the requests it holds unanswered. */
async function inFlightServer(
  handle: (page: number, size: number, reply: (data: unknown) => void) => void,
): Promise<TestServer & { mostInFlight(): number }> {
  let inFlight = 0;
  let most = 0;
  const started = await startTestServer((req, res) => {
    const { pageNumber, showNumber } = pageOf(req);
    inFlight += 1;
    most = Math.max(most, inFlight);
    handle(pageNumber, showNumber, (data) => {
      inFlight -= 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data }));
    });
  });
  server = started;
  return Object.assign(started, { mostInFlight: () => most });
}

const users = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ userID: `u${from + i}` }));
const conversations = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ conversationID: `si_admin_c${from + i}`, recvMsgOpt: 0, unreadCount: 0, IsPinned: false, msgInfo: null }));

/** Ignores pageNumber: always the first `size` rows, announcing 900,000 users (under the walk's bound) / an estimate of `size`. */
const ignoresPageNumber = (path: string, _page: number, size: number): unknown =>
  path === '/user/get_users'
    ? { total: 900_000, users: users(1, size) }
    : { conversationTotal: size, unreadTotal: 0, conversationElems: conversations(1, size) };

const client = (url: string) =>
  new OpenIMClient({ baseUrl: url, token: TOKEN, adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });

async function collect(walk: AsyncGenerator<{ page: number; result: { rows: readonly unknown[] } }>): Promise<{ rows: number; pages: number[]; error?: unknown }> {
  const pages: number[] = [];
  let rows = 0;
  try {
    for await (const { page, result } of walk) {
      pages.push(page);
      rows += result.rows.length;
    }
    return { rows, pages };
  } catch (error) {
    return { rows, pages, error };
  }
}

describe('--all of the built CLI against a server that ignores pageNumber', { tags: ['cli'] }, () => {
  beforeAll(assertBuilt);

  it.each([
    ['users', []],
    ['conversations', ['--user', 'imAdmin']],
  ] as const)('%s: exit 1 at the first repeated page, the rows before it printed once', async (list, extra) => {
    const s = await serve(ignoresPageNumber);
    const r = await runCli([list, ...extra, '--all', '--size', '50', '--base-url', s.url, '-o', 'ndjson'], { OPENIM_TOKEN: TOKEN });
    expect(r.hung).toBe(false);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(50);
    // The last line of stderr (for conversations a note that imAdmin is the admin comes first).
    expect(r.stderr.split('\n').filter(Boolean).at(-1)).toBe(
      'openim-explorer: --all stopped at page 2 after 50 rows: the server sent the same rows as for page 1 (it seems to ignore pageNumber)',
    );
    // Two pages of the list (the owner's lookup, get_users_info, aside).
    expect(s.requests.filter((q) => q.path !== '/user/get_users_info')).toHaveLength(2);
  });
});

describe('walkPages over loopback', () => {
  it('ends an exact list at the total the first page announced, though later pages announce more', async () => {
    // 150 users at first; every later page says a thousand more and is full of new users.
    const s = await serve((_path, page, size) => ({ total: page === 1 ? 150 : 1000 * page, users: users((page - 1) * size + 1, size) }));
    const walked = await collect(
      walkPages(listFetcher(client(s.url), { kind: 'users', query: LISTS.users.query.initial }), { startPage: 1, size: 100, all: true }),
    );
    expect(walked.error).toBeUndefined();
    expect(walked.pages).toEqual([1, 2]);
    expect(walked.rows).toBe(200);
  });

  it('keeps two requests in flight from the third page on, and asks for no page past the total the first page announced', async () => {
    // 95 users, 10 a page: 10 pages, the last one short. From page 3 on, a page is answered only
    // once the request for the next has arrived (or after 10 s, which fails the test below): the
    // walk must already have sent it.
    const total = 95;
    const lastPage = 10;
    const held = new Map<number, () => void>();
    const s = await inFlightServer((page, size, reply) => {
      held.get(page - 1)?.();
      const answer = (): void => {
        held.delete(page);
        clearTimeout(fallback);
        const from = (page - 1) * size + 1;
        reply({ total, users: users(from, Math.max(0, Math.min(size, total - from + 1))) });
      };
      const fallback = setTimeout(answer, page >= 3 && page < lastPage ? 10_000 : 0);
      if (page >= 3 && page < lastPage) held.set(page, answer);
    });
    const walked = await collect(
      walkPages(listFetcher(client(s.url), { kind: 'users', query: LISTS.users.query.initial }), { startPage: 1, size: 10, all: true }),
    );
    expect(walked.error).toBeUndefined();
    expect(walked.rows).toBe(total);
    expect(walked.pages).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(s.requests.map((r) => pageOf(r).pageNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(s.mostInFlight()).toBe(2);
  }, 60_000);

  it('walks a list whose total is an estimate one request at a time: only a short page tells where it ends', async () => {
    const s = await inFlightServer((page, size, reply) =>
      // Answered on a later turn, so that a request sent meanwhile would be seen in flight.
      setImmediate(() => reply({ conversationTotal: 3, unreadTotal: 0, conversationElems: conversations((page - 1) * size + 1, page < 6 ? size : 3) })),
    );
    const walked = await collect(
      walkPages(listFetcher(client(s.url), { kind: 'conversations', userID: 'admin', query: LISTS.conversations.query.initial }), { startPage: 1, size: 10, all: true }),
    );
    expect(walked.error).toBeUndefined();
    expect(walked.rows).toBe(53);
    expect(s.requests).toHaveLength(6);
    expect(s.mostInFlight()).toBe(1);
  });

  it('stops a conversation list whose full pages never end, at the bound, with an error', async () => {
    // A new, distinct, full page for every pageNumber: only the bound stops it.
    const s = await serve((_path, page, size) => ({ conversationTotal: 3, unreadTotal: 0, conversationElems: conversations((page - 1) * size + 1, size) }));
    const walked = await collect(
      walkPages(listFetcher(client(s.url), { kind: 'conversations', userID: 'admin', query: LISTS.conversations.query.initial }), {
        startPage: 1,
        size: 100,
        all: true,
        maxRows: 1000,
      }),
    );
    expect(walked.error).toBeInstanceOf(RunawayWalkError);
    expect((walked.error as Error).message).toBe(
      "stopped at page 11 after 1,000 rows: more than 1,000 rows of a list whose end only a short page tells; the server's pages never end",
    );
    expect(walked.rows).toBe(1000);
    expect(s.requests).toHaveLength(11);
  });

  it('a server that cycles between two pages is caught too', async () => {
    const s = await serve((_path, page, size) => ({ total: 900_000, users: users(page % 2 === 1 ? 1 : 1 + size, size) }));
    const walked = await collect(
      walkPages(listFetcher(client(s.url), { kind: 'users', query: LISTS.users.query.initial }), { startPage: 1, size: 10, all: true }),
    );
    expect((walked.error as Error).message).toMatch(/^stopped at page 3 after 20 rows: the server sent the same rows as for page 1/);
  });
});

describe("the explorer's export against a server that ignores pageNumber", () => {
  it('stops with an error in the status line and writes no file', async () => {
    const s = await serve(ignoresPageNumber);
    const dir = mkdtempSync(join(tmpdir(), 'oie-walk-'));
    const store = createAppStore({ client: client(s.url), pageSize: 20, openExport: exportFiles(dir, dir) });
    store.getState().start();
    const press = (key: string): void => dispatchKey(key, store, { terminal: { columns: 80, rows: 24 }, color: false, keys: DEFAULT_KEYS });
    press('e');
    press('enter');
    // 900,000 rows announced: the export asks first; going on meets the guard at page 2.
    await vi.waitFor(() => expect(store.getState().prompt?.kind).toBe('exportConfirm'), { timeout: 10_000 });
    press('y');
    await vi.waitFor(() => {
      expect(store.getState().exporting).toBeNull();
      expect(store.getState().flash?.text).toMatch(/^export failed: stopped at page 2 after \d+ rows: the server sent the same rows as for page 1/);
    }, { timeout: 10_000 });
    expect(readdirSync(dir)).toEqual([]);
    store.getState().quit();
  });
});

/** New, distinct users for every page, under a total of 2^53: only the total tells the walk it cannot end. */
const endless = (_path: string, page: number, size: number): unknown => ({ total: 2 ** 53, users: users((page - 1) * size + 1, size) });
const UNREACHABLE = 'stopped at page 1 after 0 rows: the server announces 9,007,199,254,740,992 rows, more than a walk takes (1,000,000)';

describe('a total no list reaches (2^53)', { tags: ['cli'] }, () => {
  beforeAll(assertBuilt);

  it('--all stops at the first page, in words, exit 1, nothing printed', async () => {
    const s = await serve(endless);
    const r = await runCli(['users', '--all', '--base-url', s.url, '-o', 'csv'], { OPENIM_TOKEN: TOKEN });
    expect(r.hung).toBe(false);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n').filter(Boolean).at(-1)).toBe(`openim-explorer: --all ${UNREACHABLE}`);
    expect(s.requests.filter((q) => q.path === '/user/get_users')).toHaveLength(1);
  });

  it('past the bound (made small): stops before a row; at the bound it walks', async () => {
    const s = await serve((_path, page, size) => ({ total: 1001, users: users((page - 1) * size + 1, size) }));
    const walk = (maxRows: number) =>
      collect(walkPages(listFetcher(client(s.url), { kind: 'users', query: LISTS.users.query.initial }), { startPage: 1, size: 100, all: true, maxRows }));
    const past = await walk(1000);
    expect((past.error as Error).message).toBe('stopped at page 1 after 0 rows: the server announces 1,001 rows, more than a walk takes (1,000)');
    expect(past.rows).toBe(0);
    const within = await walk(1001);
    expect(within.error).toBeUndefined();
    expect(within.pages).toHaveLength(11);
  });

  it("the explorer's export fails in words and writes no file", async () => {
    const s = await serve(endless);
    const dir = mkdtempSync(join(tmpdir(), 'oie-walk-'));
    const store = createAppStore({ client: client(s.url), pageSize: 20, openExport: exportFiles(dir, dir) });
    store.getState().start();
    const press = (key: string): void => dispatchKey(key, store, { terminal: { columns: 80, rows: 24 }, color: false, keys: DEFAULT_KEYS });
    await vi.waitFor(() => expect(currentList(store.getState())?.loadedPage).toBe(1), { timeout: 10_000 });
    press('E');
    press('enter');
    await vi.waitFor(() => {
      expect(store.getState().exporting).toBeNull();
      expect(store.getState().flash?.text).toBe(`export failed: ${UNREACHABLE}`);
    }, { timeout: 10_000 });
    expect(store.getState().prompt).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
    store.getState().quit();
  });
});
