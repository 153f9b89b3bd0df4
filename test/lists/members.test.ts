// A group's members, end to end: the wire (by role: owner, admins, members; an exact total), the
// keyword search on the server escaped as the users search is (`re:` for a regex) and kept on the
// group it was opened for, `members --group ID` in every format and `--all`, what it needs in words,
// the `columns` preference, a real server's reply, and Enter opening the member.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { LISTS } from '../../src/lists/registry.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { demoClient } from '../support/demoClient.js';
import { settled, storeFor } from '../support/demoStore.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { runCli } from '../support/runCli.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.bWVtYmVycy10ZXN0';
// As open-im-server v3.8.3 writes a member page: Go's escapes, times in ms, muteEndTime 0 for "never".
const REAL_PAGE =
  '{"errCode":0,"errMsg":"","errDlt":"","data":{"total":3,"members":[' +
  '{"groupID":"3786105364","userID":"5390166743","roleLevel":100,"joinTime":1767225600123,"nickname":"Ops \\u0026 Co","faceURL":"","appMangerLevel":1,"joinSource":2,"operatorUserID":"","ex":"","muteEndTime":0,"inviterUserID":""},' +
  '{"groupID":"3786105364","userID":"8812","roleLevel":60,"joinTime":1767225700000,"nickname":"\\u003cadmin\\u003e","faceURL":"","appMangerLevel":0,"joinSource":3,"operatorUserID":"5390166743","ex":"","muteEndTime":4102444800000,"inviterUserID":"5390166743"},' +
  '{"groupID":"3786105364","userID":"8813","roleLevel":20,"joinTime":1767225800000,"nickname":"plain","faceURL":"","appMangerLevel":0,"joinSource":4,"operatorUserID":"","ex":"","muteEndTime":1000,"inviterUserID":""}' +
  ']}}';

let demo: DemoServer;
let real: TestServer;
let dir: string;
let groupID: string;
beforeAll(async () => {
  // The default population: groups of a few dozen members (at 50 users they have one to three).
  demo = await startDemoServer();
  real = await startTestServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(REAL_PAGE);
  });
  dir = mkdtempSync(join(tmpdir(), 'oie-members-'));
  // The demo's biggest group: owner, admins and members, and more than a page of them.
  const groups = await LISTS.groups.operation.send(demoClient(demo), { pagination: { pageNumber: 1, showNumber: 5000 } });
  groupID = groups.rows.reduce((a, b) => (b.groupInfo.memberCount > a.groupInfo.memberCount ? b : a)).groupInfo.groupID;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await real.close();
  await demo.close();
});

const connect = () => ['--base-url', demo.url, '--secret', DEMO.secret, '--admin-user-id', DEMO.adminUserID];
const all = () => LISTS.members.operation.send(demoClient(demo), { groupID, pagination: { pageNumber: 1, showNumber: 5000 } });
const opened = { groupID: '42', groupName: 'g', search: '', regex: false };

describe('members', () => {
  it('reads the demo: the owner first, then admins, then members, an exact total', async () => {
    const page = await all();
    expect(page.totalExact).toBe(true);
    expect(page.total).toBe(page.rows.length);
    expect(page.total).toBeGreaterThan(20);
    const roles = page.rows.map((m) => m.roleLevel);
    expect(roles[0]).toBe(100);
    expect(roles).toEqual([...roles].sort((a, b) => b - a));
    expect(page.rows.every((m) => m.groupID === groupID)).toBe(true);
  });

  it('sends the keyword escaped, or as typed after re:, and keeps the group it was opened for', () => {
    const prompt = LISTS.members.query.prompt!;
    const body = (text: string) => LISTS.members.body({ page: 2, size: 10, query: prompt.answer(text, opened) });
    expect(body('a.b (c)')).toEqual({ groupID: '42', pagination: { pageNumber: 2, showNumber: 10 }, keyword: 'a\\.b \\(c\\)' });
    expect(body('re:^user_0+1$')).toEqual({ groupID: '42', pagination: { pageNumber: 2, showNumber: 10 }, keyword: '^user_0+1$' });
    expect(prompt.answer(' ', opened)).toEqual(opened);
    expect(LISTS.members.body({ page: 1, size: 5, query: opened })).toEqual({ groupID: '42', pagination: { pageNumber: 1, showNumber: 5 } });
  });

  it('searches on the server with `s` or `/`, by nickname or ID, and Esc returns to every member', async () => {
    const members = (await all()).rows;
    const store = storeFor(demo);
    store.getState().goTo('groups');
    await settled(store);
    store.getState().openDrill({ name: 'drill', kind: 'members', query: { groupID, groupName: 'big', search: '', regex: false } });
    await settled(store);
    const target = members[members.length - 1]!;
    store.getState().openPrompt('search');
    store.getState().editPrompt({ text: target.userID, bracketed: true });
    store.getState().submitPrompt();
    await settled(store);
    const found = currentList(store.getState())!;
    expect(found.rows).toEqual([target]);
    expect(found.total).toBe(1);
    store.getState().escape();
    await settled(store);
    expect(currentList(store.getState())!.total).toBe(members.length);
    expect(currentScreen(store.getState())).toMatchObject({ name: 'drill', kind: 'members' });
  });

  it('prints with `members --group ID` in every format, and says what it needs', async () => {
    const rows = (await all()).rows;
    const json = await runCli(['members', '--group', groupID, '-o', 'json', '--all', '--size', '9', ...connect()]);
    expect(json.stderr).toBe('');
    expect((JSON.parse(json.stdout) as typeof rows).map((m) => m.userID)).toEqual(rows.map((m) => m.userID));
    const ndjson = await runCli(['members', '--group', groupID, '-o', 'ndjson', '--size', '4', ...connect()]);
    expect(ndjson.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { userID: string }).userID)).toEqual(rows.slice(0, 4).map((m) => m.userID));
    const csv = await runCli(['members', '--group', groupID, '-o', 'csv', '--size', '1', ...connect()]);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe('groupID,userID,nickname,roleLevel,joinTime,muteEndTime,joinSource,inviterUserID,operatorUserID,appMangerLevel,faceURL,ex');
    const table = await runCli(['members', '--group', groupID, '-o', 'table', '--size', '3', ...connect()]);
    expect(table.stdout).toMatch(/^USER ID +NICKNAME +ROLE +JOINED/);
    expect(table.stdout.split('\n')[1]).toMatch(/ owner /);
    const search = await runCli(['members', '--group', groupID, '-o', 'json', '--search', rows[3]!.userID, ...connect()]);
    expect((JSON.parse(search.stdout) as typeof rows).map((m) => m.userID)).toEqual([rows[3]!.userID]);
    const missing = await runCli(['members', ...connect()]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('members needs --group ID');
    const wrong = await runCli(['users', '--group', groupID, ...connect()]);
    expect(wrong.stderr).toContain('--group goes with members, not users');
  });

  it('takes its columns from the config file, by field', async () => {
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ profiles: {}, columns: { members: ['nickname', 'roleLevel'] } }));
    const table = await runCli(['members', '--group', groupID, '-o', 'table', '--size', '2', '--config', config, ...connect()]);
    expect(table.stderr).toBe('');
    expect(table.stdout.split('\n')[0]).toMatch(/^NICKNAME +ROLE$/);
  });

  it('reads a real server\'s page: roles named, a running mute shown, a past one not', async () => {
    const table = await runCli(['members', '--group', '3786105364', '-o', 'table', '--base-url', real.url, '--token', TOKEN]);
    expect(table.stderr).toBe('');
    const lines = table.stdout.trim().split('\n');
    expect(lines[1]).toMatch(/^5390166743 +Ops & Co +owner /);
    expect(lines[2]).toMatch(/^8812 +<admin> +admin +\S+.* 2100-01-01 +search$/);
    expect(lines[3]).toMatch(/^8813 +plain +member +.+ +QR code$/);
    // Its mute ended in 1970: nothing to show.
    expect(lines[3]).not.toContain('1970');
    expect(JSON.parse(real.requests.at(-1)!.body)).toEqual({ groupID: '3786105364', pagination: { pageNumber: 1, showNumber: 20 } });
  });

  it('opens the member on Enter', async () => {
    const store = storeFor(demo);
    store.getState().goTo('groups');
    await settled(store);
    store.getState().openDrill({ name: 'drill', kind: 'members', query: { groupID, groupName: 'big', search: '', regex: false } });
    await settled(store);
    store.getState().moveCursor(1);
    const member = (currentList(store.getState())!.rows[1] as { userID: string }).userID;
    store.getState().openRow();
    expect(currentScreen(store.getState())).toMatchObject({ name: 'user', userID: member });
  });
});
