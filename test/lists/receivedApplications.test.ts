// The received friend applications, end to end on the demo server: the wire (`FriendRequests`
// with a capital F, newest first, the sent list's rows mirrored), the scripting command, the
// summary's figure asked for only when its tab opens, and Enter opening the applicant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { LISTS } from '../../src/lists/registry.js';
import { createAppStore } from '../../src/store/store.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { demoClient } from '../support/demoClient.js';
import { runCli } from '../support/runCli.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 50 });
});
afterAll(() => demo.close());

const connect = () => ['--base-url', demo.url, '--secret', DEMO.secret, '--admin-user-id', DEMO.adminUserID];
const received = (userID: string) =>
  LISTS.receivedApplications.operation.send(demoClient(demo), { userID, pagination: { pageNumber: 1, showNumber: 1000 } });

describe('received applications', () => {
  it('reads the capital-F reply, newest first; each is its sender\'s sent application', async () => {
    const page = await received(DEMO.firstUserID);
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.total).toBe(page.rows.length);
    const times = page.rows.map((r) => r.createTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const first = page.rows[0]!;
    expect(first.toUserID).toBe(DEMO.firstUserID);
    const sent = await LISTS.applications.operation.send(demoClient(demo), { userID: first.fromUserID, pagination: { pageNumber: 1, showNumber: 1000 } });
    expect(sent.rows.find((r) => r.toUserID === DEMO.firstUserID)).toEqual(first);
  });

  it('prints with `received-applications --user ID`', { tags: ['cli'] }, async () => {
    const json = await runCli(['received-applications', '--user', DEMO.firstUserID, '-o', 'json', '--all', ...connect()]);
    expect(json.stderr).toBe('');
    expect((JSON.parse(json.stdout) as { fromUserID: string }[]).map((r) => r.fromUserID)).toEqual((await received(DEMO.firstUserID)).rows.map((r) => r.fromUserID));
    const csv = await runCli(['received-applications', '--user', DEMO.firstUserID, '-o', 'csv', ...connect()]);
    // The owner (whom they applied to), the columns' fields in the table's order, then the rest.
    expect(csv.stdout.split(/\r?\n/)[0]).toBe('toUserID,fromUserID,fromNickname,handleResult,reqMsg,createTime,handleTime,handlerUserID,handleMsg,ex');
    const table = await runCli(['received-applications', '--user', DEMO.firstUserID, '-o', 'table', ...connect()]);
    expect(table.stdout).toMatch(/^FROM +NICKNAME/);
  });

  it('asks for its figure only when its tab opens, and opens the applicant on Enter', async () => {
    const store = createAppStore({ client: demoClient(demo), pageSize: 20 });
    const path = LISTS.receivedApplications.operation.path;
    const before = demo.requestCount(path);
    store.getState().openUser(DEMO.firstUserID);
    await expect.poll(() => store.getState().summaries[DEMO.firstUserID]?.blacklist.state, { timeout: 5000 }).toBe('ok');
    expect(store.getState().summaries[DEMO.firstUserID]?.receivedApplications).toEqual({ state: 'unasked' });
    expect(demo.requestCount(path)).toBe(before);

    store.getState().setTab('receivedApplications');
    await expect.poll(() => currentList(store.getState())?.rows.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(store.getState().summaries[DEMO.firstUserID]?.receivedApplications).toMatchObject({ state: 'ok', value: (await received(DEMO.firstUserID)).total });
    const applicant = (currentList(store.getState())!.rows[0] as { fromUserID: string }).fromUserID;
    store.getState().openRow();
    expect(currentScreen(store.getState())).toMatchObject({ name: 'user', userID: applicant });
  });
});
