// `e` / `E` in the explorer: the store's export action writes every page of the current list to a
// 0600 file through the same page walker as the scripting commands; Esc asks, y cancels it.
import { mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { demoClient } from '../support/demoClient.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { dispatchKey } from '../../src/keys/dispatch.js';
import { exportFileName, exportFiles } from '../../src/data/exportFile.js';
import { createAppStore, type AppStore } from '../../src/store/store.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

let demo: DemoServer;
let slow: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 1234 });
  slow = await startDemoServer({ users: 1234, latencyMs: 80 });
});
afterAll(async () => {
  await demo.close();
  await slow.close();
});

function setup(server: DemoServer): { store: AppStore; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'oie-export-'));
  const store = createAppStore({ client: demoClient(server), pageSize: 20, openExport: exportFiles(dir, dir) });
  store.getState().start();
  return { store, dir };
}

const press = (store: AppStore, key: string): void => dispatchKey(key, store, { terminal: { columns: 80, rows: 24 }, color: false });

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
    press(store, 'e');
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
    press(store, 'E');
    await finished(store);
    const [file] = readdirSync(dir);
    expect(file).toMatch(new RegExp(`^openim-conversations-${DEMO.firstUserID}-\\d{8}-\\d{6}\\.csv$`));
    const text = readFileSync(join(dir, file!), 'utf8');
    expect(text.startsWith('conversationID,IsPinned,')).toBe(true);
    // One record per conversation: count record starts, since quoted cells may hold newlines.
    const records = text.split('\r\n').filter((l) => /^s[ing]_/.test(l));
    expect(records).toHaveLength(DEMO.firstUser.conversations);
  });

  it('shows progress while it runs; Esc asks, y cancels it and removes the partial file', async () => {
    const { store, dir } = setup(slow);
    press(store, 'e');
    await vi.waitFor(() => expect(store.getState().exporting?.pages).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    expect(store.getState().exporting?.rows).toBe(100 * store.getState().exporting!.pages);
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
    press(store, 'e');
    press(store, 'E');
    expect(store.getState().flash?.text).toMatch(/already running/);
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
    expect(await finished(broken)).toMatch(/^export failed: .*connection refused/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('exportFileName', () => {
  it('names the list, the user (made safe) and the local time', () => {
    const at = new Date(2025, 0, 31, 9, 5, 7);
    expect(exportFileName('users', undefined, 'json', at)).toBe('openim-users-20250131-090507.json');
    expect(exportFileName('blacklist', '../evil/ ID', 'csv', at)).toBe('openim-blacklist-__evil__ID-20250131-090507.csv');
  });

  it('never overwrites: a second file of the same name gets a suffix', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-export-'));
    const open = exportFiles(dir, dir);
    const a = open('x.json');
    const b = open('x.json');
    a.close();
    b.close();
    expect(a.path).toBe('./x.json');
    expect(b.path).toBe('./x-2.json');
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
    const sink = exportFiles(dir, dir)('openim-users-20250131-100000.csv');
    sink.write('rows');
    sink.close();
    expect(readFileSync(target, 'utf8')).toBe('keep');
    expect(sink.path).toBe('./openim-users-20250131-100000-2.csv');
  });
});
