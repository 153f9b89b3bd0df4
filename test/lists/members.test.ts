// A group's members, end to end: the wire (by role: owner, admins, members; an exact total), the
// search done here because the server's keyword search finds nothing (its arguments swapped): a
// user ID looked up exactly, other text matched over a walk of the list, bounded, stopped by Esc
// with what it found, and never a keyword sent; `members --group ID` in every format and `--all`,
// what it needs in words, the `columns` preference, a real server's replies, and Enter opening
// the member.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { MEMBER_SEARCH_MAX, SERVER_SEARCH_DEFECT } from '../../src/lists/memberSearch.js';
import { fetchPage, LISTS } from '../../src/lists/registry.js';
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

/** A member row as the real server writes it. */
const realMember = (userID: string, nickname: string, roleLevel = 20) =>
  ({ groupID: '3786105364', userID, roleLevel, joinTime: 1767225800000, nickname, faceURL: '', appMangerLevel: 0, joinSource: 4, operatorUserID: '', ex: '', muteEndTime: 0, inviterUserID: '' });
const envelope = (data: unknown) => JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data });

let demo: DemoServer;
let real: TestServer;
/** A group of BIG members (`member_00001` ...), paged by the request, the keyword answered as the real server does (nothing). */
let big: TestServer;
const BIG = 25_000;
let dir: string;
let groupID: string;
beforeAll(async () => {
  // The default population: groups of a few dozen members (at 50 users they have one to three).
  demo = await startDemoServer();
  real = await startTestServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const body = JSON.parse(req.body || '{}') as { keyword?: string; userIDs?: string[] };
    // The swapped search: a keyword finds no row; get_group_members_info drops non-members.
    if (req.path === '/group/get_group_members_info') return void res.end(envelope({ members: body.userIDs?.includes('8812') ? [realMember('8812', '<admin>', 60)] : null }));
    res.end(body.keyword ? envelope({ total: 0, members: null }) : REAL_PAGE);
  });
  big = await startTestServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.path === '/auth/get_admin_token') return void res.end(envelope({ token: TOKEN, expireTimeSeconds: 86400 }));
    if (req.path === '/group/get_group_members_info') return void res.end(envelope({ members: null }));
    const { pagination } = JSON.parse(req.body) as { pagination: { pageNumber: number; showNumber: number } };
    const from = (pagination.pageNumber - 1) * pagination.showNumber;
    const rows = Array.from({ length: Math.max(0, Math.min(pagination.showNumber, BIG - from)) }, (_, k) => realMember(`member_${String(from + k + 1).padStart(5, '0')}`, (from + k + 1) % 1000 === 7 ? 'Seven' : 'x'));
    res.end(envelope({ total: BIG, members: rows.length ? rows : null }));
  });
  dir = mkdtempSync(join(tmpdir(), 'oie-members-'));
  // The demo's biggest group: owner, admins and members, and more than a page of them.
  const groups = await LISTS.groups.operation.send(demoClient(demo), { pagination: { pageNumber: 1, showNumber: 5000 } });
  groupID = groups.rows.reduce((a, b) => (b.groupInfo.memberCount > a.groupInfo.memberCount ? b : a)).groupInfo.groupID;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await real.close();
  await big.close();
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

  it('plans a search rather than sending a keyword, keeps the group it was opened for, and refuses a bad regex in words', () => {
    const prompt = LISTS.members.query.prompt!;
    const body = (text: string) => LISTS.members.body({ page: 2, size: 10, query: prompt.answer(text, opened) });
    expect(body('a.b (c)')).toEqual({ groupID: '42', search: 'a.b (c)', regex: false, page: 2, size: 10 });
    expect(body('re:^user_0+1$')).toEqual({ groupID: '42', search: '^user_0+1$', regex: true, page: 2, size: 10 });
    expect(prompt.answer(' ', opened)).toEqual(opened);
    expect(LISTS.members.body({ page: 1, size: 5, query: opened })).toEqual({ groupID: '42', pagination: { pageNumber: 1, showNumber: 5 } });
    expect(prompt.check!('re:(')).toMatch(/^not a regex this search can use: /);
    expect(prompt.check!('(')).toBeUndefined();
    expect(prompt.label).toBe('search members by user ID or nickname: ');
  });

  it('finds a user ID exactly, other text among every member here, any case, and Esc returns to every member', async () => {
    const members = (await all()).rows;
    const store = storeFor(demo);
    store.getState().goTo('groups');
    await settled(store);
    store.getState().openDrill({ name: 'drill', kind: 'members', query: { groupID, groupName: 'big', search: '', regex: false } });
    await settled(store);
    const search = async (text: string) => {
      store.getState().openPrompt('search');
      store.getState().editPrompt({ text, bracketed: true });
      store.getState().submitPrompt();
      await settled(store);
      return currentList(store.getState())!;
    };
    const keywords = demo.requestCount('/group/get_group_members_info');
    const target = members[members.length - 1]!;
    const found = await search(target.userID);
    // With what the inviter extra says of the member's inviter (memberInviters.ts).
    expect(found.rows).toEqual([expect.objectContaining(target)]);
    expect(found.total).toBe(1);
    expect(found.notice).toContain('looked up exactly');
    // The exact lookup, and the inviters' roles of the page it made.
    expect(demo.requestCount('/group/get_group_members_info')).toBe(keywords + 2);
    // A nickname's fragment, in another case: matched over every member, the server's defect named.
    store.getState().escape();
    await settled(store);
    const fragment = members.find((m) => /^[A-Za-z]{4}/.test(m.nickname))!.nickname.slice(0, 3).toUpperCase();
    const byName = await search(fragment);
    const expected = members.filter((m) => m.nickname.toLowerCase().includes(fragment.toLowerCase()) || m.userID.toLowerCase().includes(fragment.toLowerCase()));
    expect(byName.rows.map((m) => (m as { userID: string }).userID)).toEqual(expected.slice(0, 20).map((m) => m.userID));
    expect(byName.total).toBe(expected.length);
    expect(byName.totalExact).toBe(true);
    expect(byName.notice).toBe(`all ${members.length} members searched here; ${SERVER_SEARCH_DEFECT}`);
    store.getState().escape();
    await settled(store);
    expect(currentList(store.getState())!.total).toBe(members.length);
    expect(currentScreen(store.getState())).toMatchObject({ name: 'drill', kind: 'members' });
  });

  it('on a real server (the keyword finds nothing) never sends a keyword, and finds by ID and by text', { tags: ['cli'] }, async () => {
    const args = ['--base-url', real.url, '--token', TOKEN];
    const byID = await runCli(['members', '--group', '3786105364', '--search', '8812', '-o', 'json', ...args]);
    expect((JSON.parse(byID.stdout) as { userID: string }[]).map((m) => m.userID)).toEqual(['8812']);
    expect(byID.stderr).toContain('looked up exactly');
    const byText = await runCli(['members', '--group', '3786105364', '--search', 'PLA', '-o', 'table', ...args]);
    expect(byText.stdout.trim().split('\n').slice(1).map((l) => l.split(' ')[0])).toEqual(['8813']);
    expect(byText.stderr).toContain(`all 3 members searched here; ${SERVER_SEARCH_DEFECT}`);
    expect(real.requests.filter((r) => r.path === '/group/get_group_member_list').every((r) => !('keyword' in JSON.parse(r.body)))).toBe(true);
  });

  it('prints with `members --group ID` in every format, and says what it needs', { tags: ['cli'] }, async () => {
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
    expect(wrong.stderr).toContain('--group goes with doctor or members, not users');
  });

  it('takes its columns from the config file, by field', { tags: ['cli'] }, async () => {
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ profiles: {}, columns: { members: ['nickname', 'roleLevel'] } }));
    const table = await runCli(['members', '--group', groupID, '-o', 'table', '--size', '2', '--config', config, ...connect()]);
    expect(table.stderr).toBe('');
    expect(table.stdout.split('\n')[0]).toMatch(/^NICKNAME +ROLE$/);
  });

  it('reads a real server\'s page: roles named, a running mute shown, a past one not', { tags: ['cli'] }, async () => {
    const table = await runCli(['members', '--group', '3786105364', '-o', 'table', '--base-url', real.url, '--token', TOKEN]);
    expect(table.stderr).toBe('');
    const lines = table.stdout.trim().split('\n');
    expect(lines[1]).toMatch(/^5390166743 +Ops & Co +owner /);
    expect(lines[2]).toMatch(/^8812 +<admin> +admin +\S+.* 2100-01-01 +search( +\S+)?$/);
    expect(lines[3]).toMatch(/^8813 +plain +member +.+ +QR code( +\S+)?$/);
    // Its mute ended in 1970: nothing to show.
    expect(lines[3]).not.toContain('1970');
    // The page's request (the inviter extra's follow it).
    expect(JSON.parse(real.requests.filter((r) => r.path === '/group/get_group_member_list').at(-1)!.body)).toEqual({ groupID: '3786105364', pagination: { pageNumber: 1, showNumber: 20 } });
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

  it(`reads at most ${MEMBER_SEARCH_MAX.toLocaleString('en')} members for a search, and says so`, async () => {
    const before = big.requests.length;
    const page = await fetchPage(demoClient(big), { kind: 'members', page: 1, size: 20, query: { groupID: 'g', search: 'nobody-here', regex: false } }, new AbortController().signal);
    expect(page.rows).toEqual([]);
    expect(page.totalExact).toBe(false);
    expect(page.notice).toBe(`the first 10,000 of 25,000 members searched (the bound); ${SERVER_SEARCH_DEFECT}`);
    // One exact lookup, then twenty pages of 500 (the token asked once before them).
    const sent = big.requests.slice(before).filter((r) => r.path === '/group/get_group_member_list');
    expect(sent).toHaveLength(20);
    expect(JSON.parse(sent.at(-1)!.body)).toEqual({ groupID: 'g', pagination: { pageNumber: 20, showNumber: 500 } });
  });

  it("goes on from the last page's walk for the next page of the same search, and walks afresh for page 1 or a page asked again", async () => {
    const client = demoClient(big);
    const walked = () => big.requests.filter((r) => r.path === '/group/get_group_member_list').length;
    const page = (n: number) => fetchPage(client, { kind: 'members', page: n, size: 3, query: { groupID: 'g', search: 'seven', regex: false } }, new AbortController().signal);
    const ids = (rows: readonly object[]) => rows.map((m) => (m as { userID: string }).userID);
    // 'Seven' is every 1,000th member: page 1 needs 4 of them (one more tells a next page exists),
    // the 4th in the walk's 7th request (members 3,001 to 3,500).
    let before = walked();
    expect(ids((await page(1)).rows)).toEqual(['member_00007', 'member_01007', 'member_02007']);
    expect(walked() - before).toBe(7);
    before = walked();
    const second = await page(2);
    expect(ids(second.rows)).toEqual(['member_03007', 'member_04007', 'member_05007']);
    expect(second.notice).toBe(`6,500 of 25,000 members searched for this page; ${SERVER_SEARCH_DEFECT}`);
    expect(walked() - before).toBe(6);
    // Page 2 asked again (a reload, a live refresh) reads the members again.
    before = walked();
    await page(2);
    expect(walked() - before).toBe(13);
    before = walked();
    await page(1);
    expect(walked() - before).toBe(7);
  });

  it('reports how far a search got, and the stop ends it with what it found', async () => {
    const stop = new AbortController();
    const said: string[] = [];
    const page = await fetchPage(
      demoClient(big),
      { kind: 'members', page: 1, size: 20, query: { groupID: 'g', search: 'seven', regex: false } },
      new AbortController().signal,
      {
        report: (words) => {
          said.push(words);
          if (said.length === 2) stop.abort();
        },
        stop: stop.signal,
      },
    );
    expect(said).toEqual(['searching members: 500 of 25,000 read, 1 found', 'searching members: 1,000 of 25,000 read, 1 found']);
    expect(page.rows.map((m) => (m as { userID: string }).userID)).toEqual(['member_00007']);
    expect(page.notice).toBe(`stopped: 1,000 of 25,000 members searched; ${SERVER_SEARCH_DEFECT}`);
    expect(page.totalExact).toBe(false);
    // Never cached as the answer: asked again, the search walks again.
    expect(page.stopped).toBe(true);
  });

  it('shows how far a search got while it walks, and Esc stops it there, the rows found kept and the search in force', async () => {
    // Page 1 answers; the rest never do, until the walk is stopped (its request then cancelled).
    const slow = await startTestServer((req, res) => {
      const { pagination } = JSON.parse(req.body || '{}') as { pagination?: { pageNumber: number } };
      if (req.path === '/group/get_group_member_list' && (pagination?.pageNumber ?? 1) > 1) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.path === '/auth/get_admin_token') return void res.end(envelope({ token: TOKEN, expireTimeSeconds: 86400 }));
      if (req.path === '/group/get_group_members_info') return void res.end(envelope({ members: null }));
      const rows = Array.from({ length: 500 }, (_, k) => realMember(`member_${String(k + 1).padStart(5, '0')}`, k === 6 ? 'Seven' : 'x'));
      res.end(envelope({ total: BIG, members: rows }));
    });
    try {
      const store = storeFor(slow);
      store.getState().openDrill({ name: 'drill', kind: 'members', query: { groupID: 'g', groupName: 'big', search: '', regex: false } });
      await settled(store);
      store.getState().openPrompt('search');
      store.getState().editPrompt({ text: 'seven', bracketed: true });
      store.getState().submitPrompt();
      await expect.poll(() => currentList(store.getState())!.progress, { timeout: 5000 }).toBe('searching members: 500 of 25,000 read, 1 found');
      expect(currentList(store.getState())!.loading).toBe(true);
      store.getState().escape();
      await settled(store);
      const list = currentList(store.getState())!;
      expect(list.rows.map((m) => (m as { userID: string }).userID)).toEqual(['member_00007']);
      expect(list.notice).toBe(`stopped: 500 of 25,000 members searched; ${SERVER_SEARCH_DEFECT}`);
      expect(list.progress).toBeUndefined();
      expect(list.error).toBeNull();
      // Esc stopped the walk; the search is still in force (another Esc clears it).
      expect(list.query).toMatchObject({ search: 'seven' });
    } finally {
      await slow.close();
    }
  });
});
