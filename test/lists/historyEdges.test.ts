// What a real server answers at a history's edges (shared/openim-api.md §12.17 items 5 and 6), each
// against a loopback server answering in the real shapes and against the demo of both
// generations: a user with no record of the conversation (left out of `msgs`, no error) is said as
// such, not as a cleared range; empty maps `null` (the release) and absent (main) read alike; a
// read state that fails (404, 1002) leaves the messages on screen with its failure on the notice
// line, on page 1, on the pages after it and on a page with no page 1 before it; in scripting too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { LISTS } from '../../src/lists/registry.js';
import { NO_RECORD } from '../../src/lists/historyPull.js';
import { currentList } from '../../src/store/selectors.js';
import { startMessageServer, type MessageServer, type MessageServerOptions } from '../support/messageServer.js';
import { NO_RETRIES } from '../support/retryPolicy.js';
import { settled, storeFor } from '../support/demoStore.js';
import { runCli } from '../support/runCli.js';
import { demoClient } from '../support/demoClient.js';
import { DEMO, SERVER_GENERATIONS, startDemoServer, type DemoServer } from 'openim-demo-server';

const OWNER = 'owner_1';
const MINE = 'si_owner_1_peer_1';
const NOT_MINE = 'si_peer_2_peer_3';
const CONVERSATIONS = [
  { conversationID: MINE, maxSeq: 30, hasReadSeq: 25 },
  // Its max seq is the conversation's; the owner has no record of it.
  { conversationID: NOT_MINE, maxSeq: 12, hasReadSeq: 0, noRecord: true },
];

type Row = { seq?: number; gap?: { firstSeq: number; lastSeq: number; kind: string } };
const seqs = (rows: readonly object[]): string[] => (rows as Row[]).map((r) => (r.gap ? `${r.gap.firstSeq}-${r.gap.lastSeq}` : String(r.seq)));
const clientOf = (server: { url: string }) => new OpenIMClient({ baseUrl: server.url, token: 'tok', adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });
const send = (c: OpenIMClient, conversationID: string, page = 1, size = 10, userID = OWNER) =>
  LISTS.history.operation.send(c, LISTS.history.body({ userID, page, size, query: { conversationID } }));

const servers = new Map<string, MessageServer>();
async function server(options: Omit<MessageServerOptions, 'owner'>): Promise<MessageServer> {
  const key = JSON.stringify(options);
  let s = servers.get(key);
  if (!s) servers.set(key, (s = await startMessageServer(CONVERSATIONS, { owner: OWNER, ...options })));
  return s;
}
afterAll(() => Promise.all([...servers.values()].map((s) => s.close())));

describe('a user with no record of the conversation', () => {
  for (const emptyMaps of ['null', 'absent'] as const) {
    it(`gets no messages and no error: said as such, not as a cleared range (empty maps ${emptyMaps === 'null' ? 'null, as the release' : 'absent, as main'})`, async () => {
      const loop = await server({ emptyMaps });
      const page = await send(clientOf(loop), NOT_MINE);
      expect(page.rows).toEqual([]);
      expect(page.notice?.split('\n')[0]).toBe(NO_RECORD);
      expect(page).toMatchObject({ total: 0, totalExact: true });
      expect(JSON.stringify(page)).not.toContain('cleared');
      // A conversation no one has: the read state's `seqs` is empty too (null, or absent), and reads as empty.
      const seqsBody = await fetch(`${loop.url}/msg/get_conversations_has_read_and_max_seq`, { method: 'POST', body: JSON.stringify({ userID: OWNER, conversationIDs: ['si_nobody_none'] }) });
      expect(((await seqsBody.json()) as { data: object }).data).toEqual(emptyMaps === 'null' ? { seqs: null, pinnedConversationIDs: null } : { pinnedConversationIDs: null });
      expect(await send(clientOf(loop), 'si_nobody_none')).toMatchObject({ rows: [], notice: NO_RECORD });
      // Rows of a conversation the user has: the newest first though the server sends them ascending, with endSeq 0.
      const mine = await send(clientOf(loop), MINE);
      expect(seqs(mine.rows)).toEqual(['30', '29', '28', '27', '26', '25', '24', '23', '22', '21']);
    });
  }

  it('on the explorer: the notice says it, and the empty table says no messages', async () => {
    const loop = await server({ emptyMaps: 'absent' });
    const store = storeFor(loop, { client: clientOf(loop) });
    store.getState().openDrill({ name: 'drill', kind: 'history', ownerID: OWNER, query: { conversationID: NOT_MINE } });
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.error).toBeNull();
    expect(list.notice?.split('\n')[0]).toBe(NO_RECORD);
    expect(list.rows).toEqual([]);
  });

  it('in scripting: -o json prints [] and stderr says why, -o table the same', { tags: ['cli'] }, async () => {
    const loop = await server({ emptyMaps: 'null' });
    for (const output of ['json', 'table'] as const) {
      const run = await runCli(['history', '--user', OWNER, '--conversation', NOT_MINE, '-o', output, '--base-url', loop.url, '--token', 'tok']);
      expect(run.code, run.stderr).toBe(0);
      if (output === 'json') expect(JSON.parse(run.stdout)).toEqual([]);
      expect(run.stderr.trim().split('\n')[0]).toBe(`openim-explorer: ${NO_RECORD}`);
    }
  });
});

describe('a read state that fails', () => {
  const cases = [
    ['404', "! read state: HTTP 404, not served here (an older server) · unread unknown · max seq 30 (the newest message's)"],
    ['1002', "! read state: 1002 NoPermissionError, owner or admin only (as main checks): connect as the admin · unread unknown · max seq 30 (the newest message's)"],
  ] as const;
  for (const [readState, notice] of cases) {
    it(`(${readState}) leaves the messages on screen, counted from the newest seq pulled, the failure said on the notice line`, async () => {
      const loop = await server({ readState });
      const c = clientOf(loop);
      const first = await send(c, MINE);
      expect(seqs(first.rows)).toEqual(['30', '29', '28', '27', '26', '25', '24', '23', '22', '21']);
      expect(first.notice?.split('\n')[0]).toBe(notice);
      expect(first).toMatchObject({ total: 30, totalExact: true });
      // Page 2 counts from page 1's anchor; a page with none before it (scripting --page) pulls the newest seq to count from.
      expect(seqs((await send(c, MINE, 2)).rows)[0]).toBe('20');
      expect(seqs((await send(clientOf(loop), MINE, 3)).rows)).toEqual(['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
    });
  }

  it('on the explorer: no error, the rows and the notice', async () => {
    const loop = await server({ readState: '404' });
    const store = storeFor(loop, { client: clientOf(loop) });
    store.getState().openDrill({ name: 'drill', kind: 'history', ownerID: OWNER, query: { conversationID: MINE } });
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.error).toBeNull();
    expect(seqs(list.rows)[0]).toBe('30');
    expect(list.notice).toMatch(/^! read state: HTTP 404/);
  });

  it('in scripting: -o json prints the rows, stderr the failure once; --page 2 alone too', { tags: ['cli'] }, async () => {
    const loop = await server({ readState: '1002' });
    const connect = ['--base-url', loop.url, '--token', 'tok'];
    const run = await runCli(['history', '--user', OWNER, '--conversation', MINE, '-o', 'json', '--all', '--size', '10', ...connect]);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as Row[]).map((r) => r.seq)).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
    // Said once: the owner's read state's failure, and the single chat's two sides (the peer's failed alike).
    expect(run.stderr.trim().split('\n')).toHaveLength(2);
    expect(run.stderr).toMatch(/^openim-explorer: ! read state: 1002 NoPermissionError/);
    expect(run.stderr).toMatch(/\nopenim-explorer: read: Owner \(owner_1\) unknown · Peer One \(peer_1\) unknown\n/);
    const table = await runCli(['history', '--user', OWNER, '--conversation', MINE, '-o', 'table', '--page', '2', '--size', '10', ...connect]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^\s*20\s/m);
  });
});

describe.each(SERVER_GENERATIONS)('on the demo answering as %s', (generation) => {
  let demo: DemoServer;
  beforeAll(async () => {
    demo = await startDemoServer({ users: 50, server: generation });
  });
  afterAll(() => demo.close());

  it("a conversation of another user's: no record, no error; one of the user's own: its messages", async () => {
    const c = demoClient(demo);
    const other = await LISTS.conversations.operation.send(c, LISTS.conversations.body({ userID: 'user_000002', page: 1, size: 50, query: { conversationIDs: [] } }));
    const mine = await LISTS.conversations.operation.send(c, LISTS.conversations.body({ userID: DEMO.firstUserID, page: 1, size: 50, query: { conversationIDs: [] } }));
    const ids = new Set(mine.rows.map((r) => r.conversationID));
    const foreign = other.rows.find((r) => !ids.has(r.conversationID) && r.msgInfo)!;
    const page = await send(c, foreign.conversationID, 1, 10, DEMO.firstUserID);
    expect(page).toMatchObject({ rows: [], notice: NO_RECORD });
    const own = await send(c, mine.rows.find((r) => r.msgInfo)!.conversationID, 1, 10, DEMO.firstUserID);
    expect(own.rows.length).toBeGreaterThan(0);
    expect(own.notice).toMatch(/^(max seq|! unread disagrees)/);
  });
});

describe('the built CLI with --demo --server', () => {
  it("main: a conversation the user has no record of prints [] and says why; the user's own prints its rows", { tags: ['cli'] }, async () => {
    const foreign = await runCli(['history', '--demo', '--still', '--users', '50', '--server', 'main', '--user', DEMO.firstUserID, '--conversation', 'si_user_000002_user_000003', '-o', 'json']);
    expect(foreign.code, foreign.stderr).toBe(0);
    expect(JSON.parse(foreign.stdout)).toEqual([]);
    expect(foreign.stderr.trim().split('\n')[0]).toBe(`openim-explorer: ${NO_RECORD}`);
  });

  it('refuses a server it does not know, exit 2 in words', { tags: ['cli'] }, async () => {
    const run = await runCli(['users', '--demo', '--server', 'v3.8.3', '-o', 'json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--server must be release or main');
    expect(run.stdout).toBe('');
  });
});
