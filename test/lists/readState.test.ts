// @module-tag cli
// A user's read state, end to end on the demo server: one unpaged reply cut into pages on the
// client (each page's request is the wire body alone, as `C` copies it), the unread each row
// implies agreeing with the conversations list's, and the scripting command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { LISTS, fetchPage } from '../../src/lists/registry.js';
import { demoClient } from '../support/demoClient.js';
import { runCli } from '../support/runCli.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 50 });
});
afterAll(() => demo.close());

const connect = () => ['--base-url', demo.url, '--secret', DEMO.secret, '--admin-user-id', DEMO.adminUserID];
const page = (n: number, size: number) =>
  fetchPage(demoClient(demo), { kind: 'readState', userID: DEMO.firstUserID, page: n, size, query: {} }, new AbortController().signal);
type Row = { conversationID: string; maxSeq: number; hasReadSeq: number; unread: number };

describe('read state', () => {
  it('cuts one unpaged reply into pages, each saying the body it sent', async () => {
    const path = LISTS.readState.operation.path;
    const before = demo.requestCount(path);
    const [one, two] = [await page(1, 20), await page(2, 20)];
    expect(demo.requestCount(path) - before).toBe(2);
    expect(one.rows).toHaveLength(20);
    expect(one.total).toBeGreaterThan(40);
    const ids = [...one.rows, ...two.rows].map((r) => (r as Row).conversationID);
    expect(new Set(ids).size).toBe(40);
    expect(ids).toEqual([...ids].sort());
    // The server is not paged: no pagination goes on the wire.
    expect(one.sent).toEqual({ path, body: { userID: DEMO.firstUserID } });
    const all = (await page(1, 1000)).rows as Row[];
    for (const r of all) expect(r.unread).toBe(Math.max(0, r.maxSeq - r.hasReadSeq));
    expect(one.extra).toEqual({ unread: all.reduce((n, r) => n + r.unread, 0), withUnread: all.filter((r) => r.unread > 0).length });
  });

  it('says the unread the conversations list says, conversation by conversation', async () => {
    const convs = await LISTS.conversations.operation.send(demoClient(demo), { userID: DEMO.firstUserID, conversationIDs: [], pagination: { pageNumber: 1, showNumber: 1000 } });
    const seqs = new Map(((await page(1, 1000)).rows as Row[]).map((r) => [r.conversationID, r.unread]));
    const listed = convs.rows.filter((c) => c.unreadCount > 0);
    expect(listed.length).toBeGreaterThan(0);
    const agree = listed.filter((c) => seqs.get(c.conversationID) === c.unreadCount);
    // The demo plants a few disagreements (read-seqs.ts readSkew); the rest agree.
    expect(agree.length).toBeGreaterThan(listed.length / 2);
  });

  it('prints with `read-state --user ID`, every row with --all', async () => {
    const json = await runCli(['read-state', '--user', DEMO.firstUserID, '-o', 'json', '--all', ...connect()]);
    expect(json.stderr).toBe('');
    const rows = JSON.parse(json.stdout) as Row[];
    expect(rows.map((r) => r.conversationID)).toEqual(((await page(1, 1000)).rows as Row[]).map((r) => r.conversationID));
    const csv = await runCli(['read-state', '--user', DEMO.firstUserID, '-o', 'csv', ...connect()]);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe('conversationID,unread,hasReadSeq,maxSeq,maxSeqTime');
    const table = await runCli(['read-state', '--user', DEMO.firstUserID, '-o', 'table', ...connect()]);
    expect(table.stdout).toMatch(/^CONVERSATION +UNREAD +READ SEQ +MAX SEQ/);
  });
});
