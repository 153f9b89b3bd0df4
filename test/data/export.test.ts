// `e` / `E` in the explorer: a prompt with the file's name, then the store's export action writes
// every page of the current list to a 0600 file through the same page walker as the scripting
// commands; Esc asks and y cancels it; a list over EXPORT_ASK_ROWS asks first, with its estimated size.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { demoClient } from '../support/demoClient.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { dispatchKey } from '../../src/keys/dispatch.js';
import { exportFileName, exportFiles } from '../../src/data/exportFile.js';
import { createAppStore, type AppStore } from '../../src/store/store.js';
import { EXPORT_ASK_ROWS, estimatedBytes } from '../../src/store/exportSlice.js';
import { exportProgressText } from '../../src/components/StatusBar.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

let demo: DemoServer;
let slow: DemoServer;
let big: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 1234 });
  slow = await startDemoServer({ users: 1234, latencyMs: 80 });
  big = await startDemoServer({ users: EXPORT_ASK_ROWS + 1, latencyMs: 80 });
});
afterAll(async () => {
  await demo.close();
  await slow.close();
  await big.close();
});

function setup(server: DemoServer, home?: string): { store: AppStore; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'oie-export-'));
  const store = createAppStore({ client: demoClient(server), pageSize: 20, openExport: exportFiles(dir, dir, () => home ?? dir) });
  store.getState().start();
  return { store, dir };
}

const press = (store: AppStore, key: string): void => dispatchKey(key, store, { terminal: { columns: 80, rows: 24 }, color: false, keys: DEFAULT_KEYS });
/** `e` or `E`, then Enter on the file name's prompt as it is offered. */
const exportWith = (store: AppStore, key: 'e' | 'E'): void => {
  press(store, key);
  press(store, 'enter');
};
/** `e`, the offered name replaced by `name`, Enter. */
const exportTo = (store: AppStore, name: string): void => {
  press(store, 'e');
  press(store, 'ctrl+u');
  store.getState().editPrompt({ text: name, bracketed: true });
  press(store, 'enter');
};

async function finished(store: AppStore): Promise<string> {
  await vi.waitFor(() => {
    expect(store.getState().exporting).toBeNull();
    expect(store.getState().flash).not.toBeNull();
  }, { timeout: 10_000 });
  return store.getState().flash!.text;
}

describe('export', () => {
  it('e writes every page of the users list to a 0600 JSON file and says where', async () => {
    const { store, dir } = setup(demo);
    exportWith(store, 'e');
    expect(store.getState().exporting).toMatchObject({ kind: 'users', format: 'json' });
    const message = await finished(store);
    const [file] = readdirSync(dir);
    expect(file).toMatch(/^openim-users-\d{8}-\d{6}\.json$/);
    expect(message).toBe(`wrote ./${file} (1234 rows)`);
    const path = join(dir, file!);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const rows = JSON.parse(readFileSync(path, 'utf8')) as { userID: string }[];
    expect(rows).toHaveLength(1234);
    expect(rows[1233]?.userID).toBe('user_001234');
  });

  it('E writes CSV of the current per-user list (conversations, walked to the short page)', async () => {
    const { store, dir } = setup(demo);
    store.getState().openUser(DEMO.firstUserID);
    exportWith(store, 'E');
    await finished(store);
    const [file] = readdirSync(dir);
    expect(file).toMatch(new RegExp(`^openim-conversations-${DEMO.firstUserID}-\\d{8}-\\d{6}\\.csv$`));
    const text = readFileSync(join(dir, file!), 'utf8');
    // The fields `-o csv` prints (test/commands/cli.test.ts): the ID, the columns' fields in the table's order, the rest.
    expect(text.split('\r\n')[0]).toBe(
      'conversationID,IsPinned,unreadCount,msgInfo.LatestMsgRecvTime,recvMsgOpt,msgInfo.sessionType,msgInfo.sendID,msgInfo.senderName,sender,msgInfo.recvID,msgInfo.groupID,msgInfo.contentType,summary,msgInfo.content',
    );
    // One record per conversation: count record starts, since quoted cells may hold newlines.
    const records = text.split('\r\n').filter((l) => /^s[ing]_/.test(l));
    expect(records).toHaveLength(DEMO.firstUser.conversations);
  });

  it('shows progress while it runs; Esc asks, y cancels it and removes the partial file', async () => {
    const { store, dir } = setup(slow);
    exportWith(store, 'e');
    await vi.waitFor(() => expect(store.getState().exporting?.pages).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    expect(store.getState().exporting?.rows).toBe(100 * store.getState().exporting!.pages);
    expect(store.getState().exporting?.total).toBe(1234);
    press(store, 'escape');
    expect(store.getState().exporting?.cancelAsked).toBe(true);
    press(store, 'y');
    expect(await finished(store)).toBe('export cancelled; nothing written');
    expect(readdirSync(dir)).toEqual([]);
    // Esc was the export's: the screen stays.
    expect(store.getState().nav).toHaveLength(1);
  });

  it('one export at a time', async () => {
    const { store, dir } = setup(slow);
    exportWith(store, 'e');
    press(store, 'E');
    expect(store.getState().flash?.text).toMatch(/already running/);
    expect(store.getState().prompt).toBeNull();
    await finished(store);
    await vi.waitFor(() => expect(store.getState().flash?.text).toMatch(/^wrote/), { timeout: 10_000 });
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('a failure says so and leaves no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-export-'));
    const closed = await startDemoServer({ users: 1 });
    await closed.close();
    const client = new OpenIMClient({ baseUrl: closed.url, token: 't', adminUserID: 'imAdmin', timeoutMs: 2000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });
    const broken = createAppStore({ client, pageSize: 20, openExport: exportFiles(dir, dir) });
    broken.getState().start();
    broken.getState().exportView('json');
    broken.getState().submitPrompt();
    expect(await finished(broken)).toMatch(/^export failed: .*connection refused/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('the export file name prompt', () => {
  it('offers ./openim-<list>-<time>.<ext>; Esc starts nothing', () => {
    const { store, dir } = setup(demo);
    press(store, 'E');
    expect(store.getState().prompt?.kind).toBe('export');
    expect(store.getState().prompt?.line.text).toMatch(/^\.\/openim-users-\d{8}-\d{6}\.csv$/);
    press(store, 'escape');
    expect(store.getState().prompt).toBeNull();
    expect(store.getState().exporting).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes to the name typed, in a folder inside the working one or under ~/', async () => {
    const home = mkdtempSync(join(tmpdir(), 'oie-export-home-'));
    const { store, dir } = setup(demo, home);
    mkdirSync(join(dir, 'out'));
    exportTo(store, 'out/mine.json');
    expect(await finished(store)).toBe('wrote ./out/mine.json (1234 rows)');
    expect(statSync(join(dir, 'out', 'mine.json')).mode & 0o777).toBe(0o600);
    exportTo(store, '~/home.json');
    expect(await finished(store)).toBe(`wrote ${join(home, 'home.json')} (1234 rows)`);
    expect(readdirSync(home)).toEqual(['home.json']);
  });

  it.each([
    ['a file that exists', 'taken.json', /taken\.json: already exists: choose another name/],
    ['a folder that does not exist', 'nowhere/x.json', /nowhere: no such folder/],
    ['a folder', 'out', /out: is a folder: add a file name/],
    ['a symbolic link', 'link.json', /link\.json: is a symbolic link/],
  ])('refuses %s in words, the prompt open with the name to fix it', (_, name, words) => {
    const { store, dir } = setup(demo);
    writeFileSync(join(dir, 'taken.json'), 'mine');
    mkdirSync(join(dir, 'out'));
    symlinkSync(join(dir, 'taken.json'), join(dir, 'link.json'));
    exportTo(store, name);
    const prompt = store.getState().prompt;
    expect(prompt?.kind).toBe('export');
    expect(prompt?.line.text).toBe(name);
    expect(prompt?.note?.text).toMatch(words);
    expect(store.getState().exporting).toBeNull();
    expect(readFileSync(join(dir, 'taken.json'), 'utf8')).toBe('mine');
    expect(readdirSync(dir).sort()).toEqual(['link.json', 'out', 'taken.json']);
  });
});

describe('a large export', () => {
  it(`over ${EXPORT_ASK_ROWS.toLocaleString('en')} rows asks first with its estimated size; n drops it, nothing written`, async () => {
    const { store, dir } = setup(big);
    exportWith(store, 'E');
    await vi.waitFor(() => expect(store.getState().prompt?.kind).toBe('exportConfirm'), { timeout: 10_000 });
    const ask = store.getState().exporting?.ask;
    expect(ask?.rows).toBe(EXPORT_ASK_ROWS + 1);
    // The demo's users are about 200 bytes a CSV record.
    expect(ask!.bytes).toBeGreaterThan(EXPORT_ASK_ROWS * 100);
    expect(ask!.bytes).toBeLessThan(EXPORT_ASK_ROWS * 1000);
    expect(store.getState().exporting?.rows).toBe(0);
    // Nothing is typed into the question.
    press(store, 'x');
    expect(store.getState().prompt?.kind).toBe('exportConfirm');
    press(store, 'n');
    expect(await finished(store)).toBe('export dropped; nothing written');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('Esc drops it too; y goes on, with progress of the total', async () => {
    const { store, dir } = setup(big);
    exportWith(store, 'e');
    await vi.waitFor(() => expect(store.getState().prompt?.kind).toBe('exportConfirm'), { timeout: 10_000 });
    press(store, 'escape');
    expect(await finished(store)).toBe('export dropped; nothing written');
    exportWith(store, 'e');
    await vi.waitFor(() => expect(store.getState().prompt?.kind).toBe('exportConfirm'), { timeout: 10_000 });
    press(store, 'y');
    expect(store.getState().prompt).toBeNull();
    await vi.waitFor(() => expect(store.getState().exporting?.rows).toBeGreaterThan(0), { timeout: 10_000 });
    expect(store.getState().exporting).toMatchObject({ total: EXPORT_ASK_ROWS + 1, ask: undefined });
    store.getState().cancelExport();
    expect(await finished(store)).toBe('export cancelled; nothing written');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('estimates from the first page\'s encoded bytes per row', () => {
    expect(estimatedBytes('ab\r\ncd\r\n', 2, 1_000_000)).toBe(4_000_000);
    expect(estimatedBytes('é\n', 1, 10)).toBe(30);
  });

  it('progress names the rows of the total and a share when the total is exact', () => {
    expect(exportProgressText({ rows: 39_400, total: 1_000_000 })).toBe('39,400 of 1,000,000 rows (3%)');
    expect(exportProgressText({ rows: 39_400 })).toBe('39,400 rows');
    expect(exportProgressText({ rows: 0, ask: { rows: 1, bytes: 1 } })).toBe('waiting for your answer');
  });
});

describe('exportFileName', () => {
  it('names the list, the user (made safe) and the local time', () => {
    const at = new Date(2025, 0, 31, 9, 5, 7);
    expect(exportFileName('users', undefined, 'json', at)).toBe('openim-users-20250131-090507.json');
    expect(exportFileName('blacklist', '../evil/ ID', 'csv', at)).toBe('openim-blacklist-__evil__ID-20250131-090507.csv');
  });

  it('never two exports to one name: the second is refused while the first writes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-export-'));
    const open = exportFiles(dir, dir);
    const a = open('x.json');
    expect(() => open('x.json')).toThrow(/another export is writing to this name/);
    a.close();
    expect(a.path).toBe('./x.json');
    expect(() => open('x.json')).toThrow(/already exists/);
  });
});

describe('export files', () => {
  it('write under a hidden partial name and never replace a file that took the final name meanwhile', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-export-link-'));
    const sink = exportFiles(dir, dir)('openim-users-20250131-100000.csv');
    sink.write('a,b\r\n');
    expect(readdirSync(dir)).toEqual(['.openim-users-20250131-100000.csv.partial']);
    writeFileSync(join(dir, 'openim-users-20250131-100000.csv'), 'mine');
    sink.close();
    expect(sink.path).toBe('./openim-users-20250131-100000-2.csv');
    expect(readFileSync(join(dir, 'openim-users-20250131-100000.csv'), 'utf8')).toBe('mine');
    expect(readFileSync(join(dir, 'openim-users-20250131-100000-2.csv'), 'utf8')).toBe('a,b\r\n');
    expect(readdirSync(dir).sort()).toEqual(['openim-users-20250131-100000-2.csv', 'openim-users-20250131-100000.csv']);
  });

  it('a symbolic link planted at the partial name is not followed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-export-sym-'));
    const target = join(dir, 'target');
    writeFileSync(target, 'keep');
    symlinkSync(target, join(dir, '.openim-users-20250131-100000.csv.partial'));
    expect(() => exportFiles(dir, dir)('openim-users-20250131-100000.csv')).toThrow(/another export is writing/);
    expect(readFileSync(target, 'utf8')).toBe('keep');
  });
});
