// A user's groups (the user screen's tab and `joined-groups --user ID`), end to end: the wire
// (`fromUserID`; in two groups or more the server leaves dismissed ones out, which every such page
// says), agreement with the user's group conversations and the groups' member lists, the owner
// named by nickname, every format, the summary's figure, and Enter opening the group's members.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { DISMISSED_NOTE } from '../../src/lists/joinedGroups.js';
import { fetchPage, LISTS } from '../../src/lists/registry.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { demoClient } from '../support/demoClient.js';
import { settled, storeFor } from '../support/demoStore.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { runCli } from '../support/runCli.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.am9pbmVkLXRlc3Q';
const REAL_PAGE =
  // A user in one group only: the server lists it even dismissed (it drops them from two or more).
  '{"errCode":0,"errMsg":"","errDlt":"","data":{"total":1,"groups":[' +
  '{"groupID":"3786105364","groupName":"家庭群","notification":"","introduction":"","faceURL":"","ownerUserID":"5390166743","createTime":1767225600123,"memberCount":12,"ex":"","status":2,"creatorUserID":"5390166743","groupType":2,"needVerification":0,"lookMemberInfo":0,"applyMemberFriend":0,"notificationUpdateTime":0,"notificationUserID":""}' +
  ']}}';

// A user in two groups or more: the server has left the dismissed ones out, sorted the rest by name.
const TWO_GROUPS =
  '{"errCode":0,"errMsg":"","errDlt":"","data":{"total":2,"groups":[' +
  ['1', '2'].map((n) => `{"groupID":"${n}","groupName":"g${n}","notification":"","introduction":"","faceURL":"","ownerUserID":"5390166743","createTime":1767225600123,"memberCount":2,"ex":"","status":0,"creatorUserID":"","groupType":2,"needVerification":0,"lookMemberInfo":0,"applyMemberFriend":0,"notificationUpdateTime":0,"notificationUserID":""}`).join(',') +
  ']}}';

let demo: DemoServer;
let real: TestServer;
beforeAll(async () => {
  demo = await startDemoServer();
  real = await startTestServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    // The command looks the user up first (get_users, or get_users_info on a server that has it).
    const user = '{"userID":"5390166743","nickname":"Ops","faceURL":"","ex":"","createTime":1767225600000,"appMangerLevel":0,"globalRecvMsgOpt":0}';
    if (req.path === '/user/get_users') res.end(`{"errCode":0,"errMsg":"","errDlt":"","data":{"total":1,"users":[${user}]}}`);
    else if (req.path === '/user/get_users_info') {
      const asked = (JSON.parse(req.body) as { userIDs: string[] }).userIDs;
      res.end(`{"errCode":0,"errMsg":"","errDlt":"","data":{"usersInfo":[${asked.map((id) => user.replace('"5390166743","nickname":"Ops"', `"${id}","nickname":"${id === '5390166743' ? 'Ops' : 'Two'}"`)).join(',')}]}}`);
    }
    else if (JSON.parse(req.body).fromUserID === 'two') res.end(TWO_GROUPS);
    else res.end(REAL_PAGE);
  });
});
afterAll(async () => {
  await real.close();
  await demo.close();
});

const connect = () => ['--base-url', demo.url, '--secret', DEMO.secret, '--admin-user-id', DEMO.adminUserID];
const joinedOf = (userID: string) => LISTS.joinedGroups.operation.send(demoClient(demo), { fromUserID: userID, pagination: { pageNumber: 1, showNumber: 1000 } });

describe('joined groups', () => {
  it('reads the demo: the groups of the user\'s group conversations, each with the user among its members', async () => {
    const client = demoClient(demo);
    const page = await joinedOf(DEMO.firstUserID);
    expect(page.totalExact).toBe(true);
    expect(page.total).toBe(page.rows.length);
    const conversations = await LISTS.conversations.operation.send(client, { userID: DEMO.firstUserID, pagination: { pageNumber: 1, showNumber: 1000 } });
    const inConversations = conversations.rows.filter((c) => c.conversationID.startsWith('sg_')).map((c) => c.conversationID.slice(3));
    const listed = new Set((await LISTS.groups.operation.send(client, { pagination: { pageNumber: 1, showNumber: 5000 } })).rows.map((g) => g.groupInfo.groupID));
    // The dismissed ones (no longer in get_groups) are the conversations' groups not listed.
    const shown = inConversations.filter((id) => listed.has(id));
    expect(shown.length).toBeLessThan(inConversations.length);
    expect(page.rows.map((g) => g.groupID).sort()).toEqual(shown.sort());
    expect(page.notice).toBe(DISMISSED_NOTE);
    for (const g of page.rows.slice(0, 8)) {
      const members = await LISTS.members.operation.send(client, { groupID: g.groupID, search: DEMO.firstUserID, regex: false, page: 1, size: 5 });
      expect(members.rows.map((m) => m.userID)).toEqual([DEMO.firstUserID]);
    }
  });

  it('prints with `joined-groups --user ID` in every format, --all included, and says what it needs', { tags: ['cli'] }, async () => {
    const rows = (await joinedOf(DEMO.firstUserID)).rows;
    const json = await runCli(['joined-groups', '--user', DEMO.firstUserID, '-o', 'json', '--all', '--size', '40', ...connect()]);
    // What the list is, said once on stderr.
    expect(json.stderr.trim().split('\n')).toEqual([`openim-explorer: ${DISMISSED_NOTE}`]);
    expect((JSON.parse(json.stdout) as typeof rows).map((g) => g.groupID)).toEqual(rows.map((g) => g.groupID));
    const ndjson = await runCli(['joined-groups', '--user', DEMO.firstUserID, '-o', 'ndjson', '--size', '2', ...connect()]);
    expect(ndjson.stdout.trim().split('\n')).toHaveLength(2);
    const csv = await runCli(['joined-groups', '--user', DEMO.firstUserID, '-o', 'csv', '--size', '1', ...connect()]);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe(
      'groupID,groupName,memberCount,createTime,status,ownerUserID,creatorUserID,groupType,needVerification,notification,introduction,faceURL,ex',
    );
    const table = await runCli(['joined-groups', '--user', DEMO.firstUserID, '-o', 'table', '--size', '2', ...connect()]);
    expect(table.stdout).toMatch(/^GROUP ID +NAME +OWNER +MEMBERS +CREATED +STATUS\n/);
    // OWNER is the owner's user nickname, read with one get_users_info for the page.
    const owners = await fetchPage(demoClient(demo), { kind: 'joinedGroups', userID: DEMO.firstUserID, page: 1, size: 2, query: {}, extras: ['owner'] }, new AbortController().signal);
    const first = owners.rows[0] as { ownerUserID: string; owner?: string };
    expect(first.owner).toMatch(/\S/);
    expect(first.owner).not.toBe(first.ownerUserID);
    expect(LISTS.joinedGroups.columns.find((c) => c.title === 'OWNER')!.value(first as never, { now: new Date() })).toBe(first.owner);
    const missing = await runCli(['joined-groups', ...connect()]);
    expect(missing.stderr).toContain('joined-groups needs --user ID');
  });

  it('reads a real server\'s page and sends fromUserID, not userID', { tags: ['cli'] }, async () => {
    const table = await runCli(['joined-groups', '--user', '5390166743', '-o', 'table', '--base-url', real.url, '--token', TOKEN]);
    // One group: nothing is dropped, and nothing is said of dismissed groups.
    expect(table.stderr).toBe('');
    expect(table.stdout).toMatch(/^3786105364 +家庭群 +Ops +12 .* dismissed$/m);
    const two = await runCli(['joined-groups', '--user', 'two', '-o', 'table', '--base-url', real.url, '--token', TOKEN]);
    expect(two.stderr.trim()).toBe(`openim-explorer: ${DISMISSED_NOTE}`);
    expect(two.stdout).toMatch(/^1 +g1 +Ops +2 /m);
    const listed = real.requests.filter((r) => r.path === '/group/get_joined_group_list');
    expect(JSON.parse(listed.at(-2)!.body)).toEqual({ fromUserID: '5390166743', pagination: { pageNumber: 1, showNumber: 20 } });
  });

  it('counts the user\'s groups on the summary line, and opens a group\'s members on Enter', async () => {
    const total = (await joinedOf(DEMO.firstUserID)).total;
    const store = storeFor(demo);
    store.getState().openUser(DEMO.firstUserID);
    await expect.poll(() => store.getState().summaries[DEMO.firstUserID]?.joinedGroups, { timeout: 5000 }).toMatchObject({ state: 'ok', value: total });
    store.getState().setTab('joinedGroups');
    await settled(store);
    const group = currentList(store.getState())!.rows[0] as { groupID: string };
    store.getState().openRow();
    expect(currentScreen(store.getState())).toMatchObject({ name: 'drill', kind: 'members', query: { groupID: group.groupID } });
    await settled(store);
    expect(currentList(store.getState())!.rows.length).toBeGreaterThan(0);
    store.getState().back();
    expect(currentScreen(store.getState())).toMatchObject({ name: 'user', userID: DEMO.firstUserID });
  });
});
