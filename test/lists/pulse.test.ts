// The pulse and the day's top lists, end to end: `pulse -o json` against a loopback server
// answering in the real shapes (release: null maps, main: absent ones; the top list's paging bug
// worked around), the store asking one request per route per window and none for a window seen,
// a failed part unknown with its reason while the others show, and the demo's figures matching
// its own users list.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from 'openim-demo-server';
import { runListCommand } from '../../src/commands/run.js';
import { LISTS } from '../../src/lists/registry.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { dispatchKey } from '../../src/keys/dispatch.js';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';
import { demoClient } from '../support/demoClient.js';
import { settled, storeFor } from '../support/demoStore.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { scriptOptions } from '../support/scriptOptions.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.cHVsc2UtdGVzdA';
const DAY = 86_400_000;
const ROUTES = ['/statistics/user/register', '/statistics/group/create', '/statistics/user/active', '/statistics/group/active'] as const;

/** The four replies as open-im-server v3.8.3 writes them: a day with nothing is missing; an empty map is null. */
function realReply(path: string, body: { pagination?: { pageNumber: number; showNumber: number } }): string {
  const ok = (data: string) => `{"errCode":0,"errMsg":"","errDlt":"","data":${data}}`;
  switch (path) {
    case '/statistics/user/register':
      return ok('{"total":5015,"before":4990,"count":{"2026-01-14":3,"2026-01-15":1,"2026-01-01":4}}');
    case '/statistics/group/create':
      return ok('{"total":3000,"before":2990,"count":null}');
    case '/statistics/user/active': {
      const rows = ['{"user":{"userID":"u1","nickname":"Ana \\u003cops\\u003e","faceURL":"","ex":"","createTime":1,"appMangerLevel":0,"globalRecvMsgOpt":0},"count":9}', '{"user":{"userID":"u2","nickname":"u2"},"count":4}', '{"user":{"userID":"u3","nickname":"Bo"},"count":2}'];
      const page = body.pagination!;
      // The server's bug: page p starts at row p.
      const cut = rows.slice(page.pageNumber - 1, page.pageNumber - 1 + page.showNumber);
      return ok(`{"msgCount":15,"userCount":3,"dateCount":{"2026-01-15":10,"2026-01-13":5},"users":[${cut.join(',')}]}`);
    }
    default:
      return ok('{"msgCount":0,"groupCount":0,"dateCount":null,"groups":null}');
  }
}

let real: TestServer;
let demo: DemoServer;
beforeAll(async () => {
  real = await startTestServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(realReply(req.path, JSON.parse(req.body || '{}')));
  });
  demo = await startDemoServer({ users: 300 });
});
afterAll(async () => {
  await real.close();
  await demo.close();
});

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const options = scriptOptions(args, { OPENIM_BASE_URL: real.url, OPENIM_TOKEN: TOKEN });
  const [stdout, stderr] = [new PassThrough(), new PassThrough()];
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (c: Buffer) => out.push(c.toString()));
  stderr.on('data', (c: Buffer) => err.push(c.toString()));
  const code = await runListCommand(options, { stdout, stderr });
  return { code, out: out.join(''), err: err.join('') };
}

describe('pulse -o json against the real shapes', () => {
  it('prints one row per UTC day with each figure, a missing day 0, a null map 0', async () => {
    real.requests.length = 0;
    const { code, out } = await run(['pulse', '--from', '2026-01-13', '--to', '2026-01-15', '-o', 'json']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual([
      { day: '2026-01-13', newUsers: 0, messages: 5, groupMessages: 0, groupsCreated: 0 },
      { day: '2026-01-14', newUsers: 3, messages: 0, groupMessages: 0, groupsCreated: 0 },
      { day: '2026-01-15', newUsers: 1, messages: 10, groupMessages: 0, groupsCreated: 0 },
    ]);
    // One request per route; [start, end) in ms; the count routes over the previous window too.
    expect(real.requests.map((r) => r.path).sort()).toEqual([...ROUTES].sort());
    const sent = (path: string) => JSON.parse(real.requests.find((r) => r.path === path)!.body) as Record<string, unknown>;
    const start = Date.UTC(2026, 0, 13);
    const end = Date.UTC(2026, 0, 16);
    expect(sent('/statistics/user/active')).toMatchObject({ start, end, group: true, ase: false, pagination: { pageNumber: 1 } });
    expect(sent('/statistics/user/register')).toEqual({ start: start - 3 * DAY, end });
  });

  it('refuses a window past 31 days in words, sending nothing', async () => {
    real.requests.length = 0;
    const { code, err } = await run(['pulse', '--days', '90', '-o', 'json']);
    expect(code).toBe(2);
    expect(err).toMatch(/at most 31 days/);
    expect(real.requests).toEqual([]);
  });

  it('top-senders pages around the paging bug: page 2 of 2 is row 3, none lost or doubled', async () => {
    real.requests.length = 0;
    const first = await run(['top-senders', '--day', '2026-01-15', '--size', '2', '-o', 'json']);
    const second = await run(['top-senders', '--day', '2026-01-15', '--size', '2', '--page', '2', '-o', 'json']);
    const ids = [...JSON.parse(first.out), ...JSON.parse(second.out)].map((r: { userID: string }) => r.userID);
    expect(ids).toEqual(['u1', 'u2', 'u3']);
    const pages = real.requests.map((r) => (JSON.parse(r.body) as { pagination: object }).pagination);
    expect(pages).toEqual([{ pageNumber: 1, showNumber: 2 }, { pageNumber: 1, showNumber: 4 }]);
  });
});

describe('the pulse in the explorer', () => {
  const keys = (store: ReturnType<typeof storeFor>, key: string) => dispatchKey(key, store, { terminal: { columns: 80, rows: 24 }, color: false, keys: DEFAULT_KEYS });
  const counts = () => ROUTES.map((path) => demo.requestCount(path));

  it('asks each route once per window, and nothing again for a window it has seen', async () => {
    const store = storeFor(demo);
    const before = counts();
    store.getState().goTo('pulse');
    await settled(store);
    expect(counts().map((n, i) => n - before[i]!)).toEqual([1, 1, 1, 1]);
    keys(store, ']');
    await settled(store);
    expect(counts().map((n, i) => n - before[i]!)).toEqual([2, 2, 2, 2]);
    expect(currentList(store.getState())!.rows.length).toBe(21);
    keys(store, '[');
    await settled(store);
    expect(counts().map((n, i) => n - before[i]!)).toEqual([2, 2, 2, 2]);
    expect(currentList(store.getState())!.rows.length).toBe(14);
  });

  it("reaches a spike's top senders and then one sender's messages that day in 3 keys", async () => {
    const store = storeFor(demo);
    // The demo's data set runs at a fixed now: the window ends on its today.
    store.getState().runCommand('pulse 14d 2026-01-15');
    await settled(store);
    const days = currentList(store.getState())!.rows as Array<{ day: string; messages: number }>;
    const spike = days.reduce((best, d, i) => (d.messages > days[best]!.messages ? i : best), 0);
    store.getState().moveCursor(spike);
    keys(store, 'enter');
    expect(currentScreen(store.getState())).toMatchObject({ name: 'drill', kind: 'topSenders', query: { day: days[spike]!.day } });
    await settled(store);
    const senders = currentList(store.getState())!.rows as Array<{ userID: string; count: number }>;
    expect(senders.length).toBeGreaterThan(0);
    expect(senders[0]!.count).toBeGreaterThanOrEqual(senders.at(-1)!.count);
    keys(store, 'enter');
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.kind).toBe('messages');
    expect(list.query).toMatchObject({ from: senders[0]!.userID, day: days[spike]!.day });
    expect(list.rows.length).toBeGreaterThan(0);
  });

  it('shows a failed part as unknown with its reason, the others as they came', async () => {
    const failing = await startTestServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.path === '/statistics/group/active') return void res.end('{"errCode":500,"errMsg":"ServerInternalError","errDlt":"BSONObjectTooLarge"}');
      res.end(realReply(req.path, JSON.parse(req.body || '{}')));
    });
    try {
      const page = await LISTS.pulse.operation.send(demoClient(failing, { token: TOKEN }), { window: { days: 14, last: '2026-01-15' } });
      const rows = page.rows as ReadonlyArray<{ messages: number | null; groupMessages: number | null }>;
      expect(rows.every((r) => r.groupMessages === null && r.messages !== null)).toBe(true);
      expect(page.notice).toMatch(/active groups unknown: the server could not aggregate 14 days .*16 MB.*:pulse 7d/);
    } finally {
      await failing.close();
    }
  });
});

describe("the demo's figures are its lists'", () => {
  it("a day's new users are the users list's creation times of that day", async () => {
    const client = demoClient(demo);
    const users = (await LISTS.users.operation.send(client, { pagination: { pageNumber: 1, showNumber: 300 } })).rows as ReadonlyArray<{ createTime: number }>;
    const day = new Date(users[150]!.createTime).toISOString().slice(0, 10);
    const page = await LISTS.pulse.operation.send(client, { window: { days: 7, last: day } });
    const rows = page.rows as ReadonlyArray<{ day: string; newUsers: number }>;
    for (const row of rows) {
      const created = users.filter((u) => u.createTime > 0 && new Date(u.createTime).toISOString().slice(0, 10) === row.day).length;
      expect(row.newUsers, row.day).toBe(created);
    }
    expect(rows.find((r) => r.day === day)!.newUsers).toBeGreaterThan(0);
  });
});
