// The users list's ONLINE column, a page extra (lists/pageExtras.ts): shown when chosen, it costs
// one get_users_status for the page on screen (never one per row), its answers cached with the
// page, live-refreshed with it; a failure leaves the rows and says so; a walk (CSV, export) does
// not ask for it. Against the demo over HTTP, and a loopback server refusing the status.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { csvFields } from '../../src/lists/csvFields.js';
import { checkColumnChoice, choosableFields } from '../../src/lists/columnChoice.js';
import { currentList } from '../../src/store/selectors.js';
import { settled, storeFor } from '../support/demoStore.js';
import { startFaultServer, type FaultServer } from '../support/faultServer.js';
import { writeConfig } from '../support/configFile.js';
import { runCli } from '../support/runCli.js';

let demo: DemoServer;
let refusing: FaultServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 100 });
  // Users as the real server lists them, and a status the token may not read.
  refusing = await startFaultServer((path) => {
    if (path === '/auth/get_admin_token') return { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { token: 't', expireTimeSeconds: 86400 } } };
    if (path === '/user/get_users_status') return { kind: 'json', body: { errCode: 1002, errMsg: 'NoPermissionError', errDlt: 'no permission' } };
    const user = { userID: 'u1', nickname: 'One', faceURL: '', ex: '', createTime: 0, appMangerLevel: 0, globalRecvMsgOpt: 0 };
    return { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { total: 1, users: [user] } } };
  });
});
afterAll(async () => {
  await demo.close();
  await refusing.close();
});

const STATUS = '/user/get_users_status';
type Row = { userID: string; online?: { userID: string; status: number; platformIDs: number[] } };
const rowsOf = (store: ReturnType<typeof storeFor>) => (currentList(store.getState())?.rows ?? []) as Row[];
const chosen = { users: ['userID', 'nickname', 'online'] };

describe('the users list\'s ONLINE column', () => {
  it('is a field the `columns` preference chooses, shown only when chosen, and never in CSV', () => {
    expect(choosableFields('users')).toContain('online');
    expect(checkColumnChoice(chosen).problems).toEqual([]);
    expect(csvFields('users').map((f) => f.name)).not.toContain('online');
  });

  it('chosen, costs one get_users_status per page, for that page\'s users; a page seen again comes from the cache', async () => {
    const before = demo.requestCount(STATUS);
    const store = storeFor(demo, { columns: checkColumnChoice(chosen).choice });
    store.getState().start();
    await settled(store);
    expect(demo.requestCount(STATUS) - before).toBe(1);
    const first = rowsOf(store);
    expect(first).toHaveLength(20);
    expect(first[0]!.online).toEqual({ userID: DEMO.firstUserID, status: 1, platformIDs: [1, 5] });
    for (const row of first) expect(row.online?.userID).toBe(row.userID);
    store.getState().nextPage();
    await settled(store);
    expect(demo.requestCount(STATUS) - before).toBe(2);
    expect(rowsOf(store)[0]!.online?.userID).toBe('user_000021');
    store.getState().prevPage();
    await settled(store);
    expect(demo.requestCount(STATUS) - before).toBe(2);
  });

  it('not chosen, is not shown and asks nothing; `:columns online` shows it and asks once for the page', async () => {
    const before = demo.requestCount(STATUS);
    const store = storeFor(demo);
    store.getState().start();
    await settled(store);
    expect(store.getState().columnKeys.users).not.toContain('online');
    expect(demo.requestCount(STATUS)).toBe(before);
    expect(rowsOf(store)[0]!.online).toBeUndefined();
    store.getState().toggleColumn('online');
    await expect.poll(() => rowsOf(store)[0]?.online?.status, { timeout: 5000 }).toBe(1);
    expect(store.getState().columnKeys.users).toContain('online');
    expect(demo.requestCount(STATUS) - before).toBe(1);
  });

  it('asked again with the page (r, the live view), it follows who comes and goes on a living demo', async () => {
    const clock = { now: Date.UTC(2026, 0, 15, 9, 30) };
    const living = await startDemoServer({ users: 100, activity: { paceMs: 1000, now: () => clock.now } });
    try {
      const store = storeFor(living, { columns: checkColumnChoice(chosen).choice });
      store.getState().start();
      await settled(store);
      const online = () => rowsOf(store).filter((r) => r.online?.status === 1).map((r) => r.userID);
      const before = online();
      clock.now += 5 * 1000; // one presence slot (five paces)
      store.getState().reload();
      await expect.poll(() => online().join(), { timeout: 5000 }).not.toBe(before.join());
      expect(living.requestCount(STATUS)).toBe(2);
    } finally {
      await living.close();
    }
  });

  it('chosen in the config file, fills `users -o table` with one get_users_status per page', { tags: ['cli'] }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-online-'));
    try {
      const before = demo.requestCount(STATUS);
      const config = writeConfig(dir, { profiles: {}, columns: chosen });
      const table = await runCli(['users', '-o', 'table', '--size', '10', '--all', '--config', config, '--base-url', demo.url, '--secret', DEMO.secret]);
      expect(table.stderr).toBe('');
      const lines = table.stdout.split('\n');
      expect(lines[0]).toMatch(/^USER ID +NICKNAME +ONLINE$/);
      expect(lines[1]).toMatch(new RegExp(`^${DEMO.firstUserID} .* iOS,Web$`));
      expect(lines.filter((l) => /^user_\d+ /.test(l))).toHaveLength(100);
      expect(demo.requestCount(STATUS) - before).toBe(10);
      // JSON and CSV are the list's own rows: no status asked for.
      await runCli(['users', '-o', 'json', '--size', '10', '--config', config, '--base-url', demo.url, '--secret', DEMO.secret]);
      expect(demo.requestCount(STATUS) - before).toBe(10);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a status the server refuses leaves the users on screen and says so in words', async () => {
    const store = storeFor(refusing, { columns: checkColumnChoice(chosen).choice });
    store.getState().start();
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.error).toBeNull();
    expect(list.rows).toHaveLength(1);
    expect((list.rows[0] as Row).online).toBeUndefined();
    expect(list.notice).toMatch(/^online status not read \(getUsersStatus: 1002 NoPermissionError/);
  });
});
