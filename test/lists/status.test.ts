// Who is online, as a list: `status --user A,B` and `:status` ask get_users_status for the IDs
// given, against the demo over HTTP and against a loopback server answering in the real shape
// (null platformIDs, a platform newer than the protocol, fields of a newer server), in every
// output format of the built CLI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import type { OnlineStatus } from '../../src/api/schemas.js';
import { fetchPage, listDef, LISTS, pageCall } from '../../src/lists/registry.js';
import { createAppStore } from '../../src/store/store.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { demoClient } from '../support/demoClient.js';
import { startFaultServer, type FaultServer } from '../support/faultServer.js';
import { runCli } from '../support/runCli.js';

let demo: DemoServer;
let loopback: FaultServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 50 });
  // The real server's rows: an offline user's platformIDs is null (a nil slice), a newer server may add fields.
  loopback = await startFaultServer((path, _attempt, body) => {
    if (path === '/auth/get_admin_token') return { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { token: 't', expireTimeSeconds: 86400 } } };
    const { userIDs } = JSON.parse(body) as { userIDs?: string[] | null };
    // Check(): no IDs is ArgsError (P:user/user.go:194-199), as on the real server.
    if (!userIDs?.length) return { kind: 'json', body: { errCode: 1001, errMsg: 'ArgsError', errDlt: 'UserIDs is empty' } };
    const statusList = userIDs.map((userID, i) =>
      i % 2 === 0 ? { userID, status: 1, platformIDs: [4, 11, 13], lastSeen: 1 } : { userID, status: 0, platformIDs: null, lastSeen: 0 },
    );
    return { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { statusList: statusList.length ? statusList : null } } };
  });
});
afterAll(async () => {
  await demo.close();
  await loopback.close();
});

const connect = (url = demo.url) => ['--base-url', url, '--secret', DEMO.secret, '--admin-user-id', DEMO.adminUserID];
const ids = (...userIDs: string[]) => ({ userIDs });

describe('status', () => {
  it('sends get_users_status with the page\'s slice of the IDs, and reads one row per ID', async () => {
    const asked = ids(DEMO.firstUserID, 'nobody', DEMO.adminUserID);
    const request = { kind: 'status' as const, page: 1, size: 2, query: asked };
    expect(pageCall(request)).toMatchObject({ operation: { path: '/user/get_users_status' }, body: { userIDs: [DEMO.firstUserID, 'nobody'] } });
    const first = await fetchPage(demoClient(demo), request, new AbortController().signal);
    expect(first.rows).toEqual([
      { userID: DEMO.firstUserID, status: 1, platformIDs: [1, 5] },
      { userID: 'nobody', status: 0, platformIDs: [] },
    ]);
    // The server has no paging of its own: a short page ends the list.
    expect(first.totalExact).toBe(false);
    const second = await fetchPage(demoClient(demo), { ...request, page: 2 }, new AbortController().signal);
    expect(second.rows.map((r) => (r as { userID: string }).userID)).toEqual([DEMO.adminUserID]);
  });

  it('ends the list at a full last page without asking for no IDs (the server refuses that with 1001)', { tags: ['cli'] }, async () => {
    for (const server of [demo, loopback]) {
      const request = { kind: 'status' as const, page: 1, size: 2, query: ids('a', 'b') };
      const client = demoClient(server);
      expect((await fetchPage(client, request, new AbortController().signal)).rows).toHaveLength(2);
      const asked = 'requestCount' in server ? () => server.requestCount('/user/get_users_status') : () => server.requests.filter((r) => r.path === '/user/get_users_status').length;
      const before = asked();
      const past = await fetchPage(client, { ...request, page: 2 }, new AbortController().signal);
      expect(past).toMatchObject({ rows: [], total: 0 });
      expect(asked()).toBe(before);
    }
    // Scripting's walk ends there too: two IDs, two a page, every page.
    for (const url of [demo.url, loopback.url]) {
      const out = await runCli(['status', '--user', `${DEMO.firstUserID},nobody`, '--size', '2', '--all', '-o', 'json', ...connect(url)]);
      expect(out.stderr).toBe('');
      expect(out.code).toBe(0);
      expect((JSON.parse(out.stdout) as { userID: string }[]).map((r) => r.userID)).toEqual([DEMO.firstUserID, 'nobody']);
    }
  });

  it('names the platforms, a newer one as its number, from a server answering in the real shape', async () => {
    const page = await fetchPage(demoClient(loopback), { kind: 'status', page: 1, size: 20, query: ids('a', 'b') }, new AbortController().signal);
    const [a, b] = page.rows as OnlineStatus[];
    const cells = (row: OnlineStatus | undefined) => LISTS.status.columns.map((c) => c.value(row!, { now: new Date(0) }));
    expect(cells(a)).toEqual(['a', 'online', 'macOS, HarmonyOS, 13']);
    expect(cells(b)).toEqual(['b', 'offline', '']);
    // A newer server's field is kept for the detail and JSON.
    expect(a).toMatchObject({ lastSeen: 1 });
    expect(listDef('status').detail(a!, { now: 0 }).sections[0]!.fields.map((f) => f.value)).toEqual(['a', 'online (1)', 'macOS (4), HarmonyOS (11), 13 (13)']);
  });

  it('prints with `status --user ID,ID` in every format, the platforms named where a person reads them', { tags: ['cli'] }, async () => {
    const who = `${DEMO.firstUserID},nobody`;
    const json = await runCli(['status', '--user', who, '-o', 'json', ...connect()]);
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toEqual([
      { userID: DEMO.firstUserID, status: 1, platformIDs: [1, 5] },
      { userID: 'nobody', status: 0, platformIDs: [] },
    ]);
    const ndjson = await runCli(['status', '--user', who, '-o', 'ndjson', ...connect()]);
    expect(ndjson.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { status: number }).status)).toEqual([1, 0]);
    const csv = await runCli(['status', '--user', who, '-o', 'csv', ...connect()]);
    expect(csv.stdout.split(/\r?\n/).slice(0, 3)).toEqual(['userID,status,platformIDs,platforms', `${DEMO.firstUserID},1,"[1,5]","iOS, Web"`, 'nobody,0,[],']);
    const table = await runCli(['status', '--user', who, '-o', 'table', ...connect()]);
    expect(table.stdout.split('\n').slice(0, 3).map((l) => l.trimEnd())).toEqual([
      'USER ID      STATUS   PLATFORMS',
      `${DEMO.firstUserID}  online   iOS, Web`,
      'nobody       offline',
    ]);
    const newer = await runCli(['status', '--user', 'x', '-o', 'table', ...connect(loopback.url)]);
    expect(newer.stdout).toMatch(/^x +online +macOS, HarmonyOS, 13$/m);
    // --user goes with status as its users, never as an owner looked up first.
    expect(demo.requestCount('/user/get_users_info')).toBe(0);
  });

  it("on the `:status` screen, lists the IDs its prompt's answer names and opens the user on Enter", async () => {
    const store = createAppStore({ client: demoClient(demo), pageSize: 20 });
    store.getState().start();
    store.getState().goTo('status');
    await expect.poll(() => currentList(store.getState())?.kind, { timeout: 5000 }).toBe('status');
    store.getState().narrow(`${DEMO.firstUserID} user_000002`);
    await expect.poll(() => currentList(store.getState())?.rows.length, { timeout: 5000 }).toBe(2);
    store.getState().openRow();
    expect(currentScreen(store.getState())).toMatchObject({ name: 'user', userID: DEMO.firstUserID });
  });
});
