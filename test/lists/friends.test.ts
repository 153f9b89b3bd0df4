// The friends list, end to end on the demo server: the wire (pinned first, seconds), the scripting
// command in every format and `--all`, the `columns` preference, and Enter opening the friend.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { LISTS } from '../../src/lists/registry.js';
import { createAppStore } from '../../src/store/store.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { demoClient } from '../support/demoClient.js';
import { runCli } from '../support/runCli.js';

let demo: DemoServer;
let dir: string;
beforeAll(async () => {
  demo = await startDemoServer({ users: 50 });
  dir = mkdtempSync(join(tmpdir(), 'oie-friends-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  return demo.close();
});

const connect = () => ['--base-url', demo.url, '--secret', DEMO.secret, '--admin-user-id', DEMO.adminUserID];

describe('friends', () => {
  it('reads the wire: pinned first, createTime in seconds, the friend filled in, an exact total', async () => {
    const page = await LISTS.friends.operation.send(demoClient(demo), { userID: DEMO.firstUserID, pagination: { pageNumber: 1, showNumber: 100 } });
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.totalExact).toBe(true);
    const pins = page.rows.map((f) => f.isPinned);
    expect(pins).toEqual([...pins].sort((a, b) => Number(b) - Number(a)));
    for (const f of page.rows) {
      expect(f.ownerUserID).toBe(DEMO.firstUserID);
      expect(f.friendUser.userID).not.toBe('');
      // Seconds: a date in this century is ten digits.
      expect(String(f.createTime)).toMatch(/^\d{10}$/);
    }
  });

  it('prints with `friends --user ID` in every format, --all included', { tags: ['cli'] }, async () => {
    const json = await runCli(['friends', '--user', DEMO.firstUserID, '-o', 'json', '--all', ...connect()]);
    expect(json.stderr).toBe('');
    const rows = JSON.parse(json.stdout) as { friendUser: { userID: string } }[];
    const all = await LISTS.friends.operation.send(demoClient(demo), { userID: DEMO.firstUserID, pagination: { pageNumber: 1, showNumber: 1000 } });
    expect(rows.map((r) => r.friendUser.userID)).toEqual(all.rows.map((f) => f.friendUser.userID));
    const ndjson = await runCli(['friends', '--user', DEMO.firstUserID, '-o', 'ndjson', '--size', '2', ...connect()]);
    expect(ndjson.stdout.trim().split('\n')).toHaveLength(2);
    const csv = await runCli(['friends', '--user', DEMO.firstUserID, '-o', 'csv', ...connect()]);
    // The owner, the columns' fields in the table's order, then the rest.
    expect(csv.stdout.split(/\r?\n/)[0]).toBe('ownerUserID,isPinned,friendUser.userID,friendUser.nickname,remark,createTime,addSource,operatorUserID,ex');
    const table = await runCli(['friends', '--user', DEMO.firstUserID, '-o', 'table', ...connect()]);
    expect(table.stdout).toMatch(/^PIN +FRIEND +NICKNAME/);
    const missing = await runCli(['friends', ...connect()]);
    expect(missing.stderr).toContain('friends needs --user ID');
  });

  it('takes its columns from the config file, by field', { tags: ['cli'] }, async () => {
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ profiles: {}, columns: { friends: ['friendUser.nickname', 'remark'] } }));
    const table = await runCli(['friends', '--user', DEMO.firstUserID, '-o', 'table', '--config', config, ...connect()]);
    expect(table.stderr).toBe('');
    expect(table.stdout.split('\n')[0]).toMatch(/^NICKNAME +REMARK$/);
  });

  it('opens the friend on Enter', async () => {
    const store = createAppStore({ client: demoClient(demo), pageSize: 20 });
    store.getState().openUser(DEMO.firstUserID);
    store.getState().setTab('friends');
    await expect.poll(() => currentList(store.getState())?.rows.length, { timeout: 5000 }).toBeGreaterThan(0);
    const friend = (currentList(store.getState())!.rows[0] as { friendUser: { userID: string } }).friendUser.userID;
    store.getState().openRow();
    expect(currentScreen(store.getState())).toMatchObject({ name: 'user', userID: friend });
  });
});
