// @module-tag cli
// The group join applications, sent and received, end to end on the demo server (§12.12): newest
// first, handleTime 0 and handleUserID "" on every row, one user's sent application being the
// received one of the group's owner, and both commands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { ApiError } from '../../src/api/errors.js';
import { LISTS } from '../../src/lists/registry.js';
import { createAppStore } from '../../src/store/store.js';
import { currentList } from '../../src/store/selectors.js';
import { demoClient } from '../support/demoClient.js';
import { runCli } from '../support/runCli.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 50 });
});
afterAll(() => demo.close());

const connect = () => ['--base-url', demo.url, '--secret', DEMO.secret, '--admin-user-id', DEMO.adminUserID];
const all = { pageNumber: 1, showNumber: 1000 };
const sent = (userID: string) => LISTS.groupApplications.operation.send(demoClient(demo), { userID, pagination: all });
const received = (fromUserID: string) => LISTS.groupApplicationsReceived.operation.send(demoClient(demo), { fromUserID, pagination: all });

describe('group join applications', () => {
  it('lists what a user sent, newest first, never saying who handled it nor when', async () => {
    const page = await sent(DEMO.firstUserID);
    expect(page.rows.length).toBeGreaterThan(2);
    expect(page.total).toBe(page.rows.length);
    const times = page.rows.map((r) => r.reqTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(page.rows.map((r) => r.handleResult))).toEqual(new Set([0, 1, -1]));
    for (const r of page.rows) expect([r.userInfo.userID, r.handleUserID, r.handleTime]).toEqual([DEMO.firstUserID, '', 0]);
  });

  it('shows each sent application to the owner of its group, among the received ones', async () => {
    const first = (await sent(DEMO.firstUserID)).rows.find((r) => r.groupInfo.ownerUserID !== '')!;
    const owned = await received(first.groupInfo.ownerUserID);
    expect(owned.rows.find((r) => r.groupInfo.groupID === first.groupInfo.groupID && r.userInfo.userID === DEMO.firstUserID)).toEqual(first);
    for (const r of owned.rows) expect([r.handleUserID, r.handleTime]).toEqual(['', 0]);
    // Someone who manages no group received none: total 0 and no rows.
    expect(await received('user_nobody')).toMatchObject({ rows: [], total: 0 });
  });

  it('answers an unknown user\'s sent list with 1004', async () => {
    await expect(sent('user_nobody')).rejects.toSatisfy((e) => e instanceof ApiError && e.errCode === 1004);
  });

  it('prints with `group-applications` and `group-applications-received`', async () => {
    const json = await runCli(['group-applications', '--user', DEMO.firstUserID, '-o', 'json', '--all', ...connect()]);
    expect(json.stderr).toBe('');
    expect((JSON.parse(json.stdout) as { reqTime: number }[]).map((r) => r.reqTime)).toEqual((await sent(DEMO.firstUserID)).rows.map((r) => r.reqTime));
    const csv = await runCli(['group-applications', '--user', DEMO.firstUserID, '-o', 'csv', ...connect()]);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe('userInfo.userID,groupInfo.groupID,groupInfo.groupName,handleResult,reqMsg,reqTime,joinSource,handleMsg,handleUserID,handleTime,inviterUserID,ex');
    const owner = (await sent(DEMO.firstUserID)).rows.find((r) => r.groupInfo.ownerUserID !== '')!.groupInfo.ownerUserID;
    const table = await runCli(['group-applications-received', '--user', owner, '-o', 'table', ...connect()]);
    expect(table.stderr).toBe('');
    expect(table.stdout).toMatch(/^FROM +NICKNAME +GROUP/);
    expect(table.stdout).toContain(DEMO.firstUserID);
  });

  it('opens the group\'s members from a sent application', async () => {
    const store = createAppStore({ client: demoClient(demo), pageSize: 20 });
    store.getState().openUser(DEMO.firstUserID);
    store.getState().setTab('groupApplications');
    await expect.poll(() => currentList(store.getState())?.rows.length, { timeout: 5000 }).toBeGreaterThan(0);
    const group = (currentList(store.getState())!.rows[0] as { groupInfo: { groupID: string } }).groupInfo.groupID;
    store.getState().openRow();
    await expect.poll(() => currentList(store.getState())?.kind, { timeout: 5000 }).toBe('members');
    expect(currentList(store.getState())!.query).toMatchObject({ groupID: group });
  });
});
