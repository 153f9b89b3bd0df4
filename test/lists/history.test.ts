// A conversation's history against a loopback server answering in the real shapes (capital `Msgs`,
// base64 content, `n_` conversations under `notificationMsgs`, a deleted seq as a status-4
// placeholder, cleared seqs absent): the seq range each page asks for, deleted and absent gap rows,
// a status-4 message that keeps its sender, the read state and the unread count beside it, `C`
// copying the request really sent, Enter on a conversation opening it, `>` reaching seq 1, the
// live view's page 1 following a growing max seq, and the scripting command in every format.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { isLastPage } from '../../src/domain/paging.js';
import { LISTS, listDef, pageCall } from '../../src/lists/registry.js';
import { currentList, currentScreen, listKeyFor } from '../../src/store/selectors.js';
import { startMessageServer, textOf, type MessageServer } from '../support/messageServer.js';
import { NO_RETRIES } from '../support/retryPolicy.js';
import { manualTimers } from '../support/manualTimers.js';
import { createAppStore } from '../../src/store/store.js';
import { settled, storeFor } from '../support/demoStore.js';
import { runCli } from '../support/runCli.js';
import { demoClient } from '../support/demoClient.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';

const OWNER = 'owner_1';
const SINGLE = 'si_owner_1_peer_1';
const CLEARED = 'si_owner_1_peer_2';
const NOTICES = 'sn_notify_owner_1';
const PAST = 'si_owner_1_peer_3';
const N_NOTICES = 'n_si_owner_1_peer_1';
let server: MessageServer;
beforeAll(async () => {
  server = await startMessageServer(
    [
      // 50 seqs, 41–45 and 48 deleted (placeholders), 30 deleted by the owner for themselves; read up to 40, and the list agrees (10 unread).
      { conversationID: SINGLE, maxSeq: 50, hasReadSeq: 40, deleted: [41, 42, 43, 44, 45, 48], ownDeleted: [30] },
      // Cleared below seq 5; the list says 3 unread where the seqs say 2 (the bug operators chase).
      { conversationID: CLEARED, maxSeq: 12, hasReadSeq: 10, minSeq: 5, unreadCount: 3 },
      { conversationID: NOTICES, maxSeq: 4, hasReadSeq: 4 },
      // Read past the max seq: less than nothing unread, where the list says 0.
      { conversationID: PAST, maxSeq: 8, hasReadSeq: 11, unreadCount: 0 },
      { conversationID: N_NOTICES, maxSeq: 3, hasReadSeq: 3 },
    ],
    { owner: OWNER },
  );
});
afterAll(() => server.close());

const client = () => new OpenIMClient({ baseUrl: server.url, token: 'tok', adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });
const page = (conversationID: string, n: number, size: number, listedUnread?: number) => {
  const call = pageCall({ kind: 'history', userID: OWNER, page: n, size, query: { conversationID, ...(listedUnread === undefined ? {} : { listedUnread }) } });
  return call.operation.send(client(), call.body);
};
type Row = { seq?: number; status?: number; gap?: { firstSeq: number; lastSeq: number; kind: string; reason: string }; placeholders?: Array<{ seq: number; status: number }> };
const seqs = (rows: readonly object[]): string[] => (rows as Row[]).map((r) => (r.gap ? `${r.gap.firstSeq}-${r.gap.lastSeq}` : String(r.seq)));
const summaries = (rows: readonly object[]): string[] => rows.map((r) => LISTS.history.columns.find((c) => c.key === 'summary')!.value(r as never, { now: new Date() }));

describe('history on the wire', () => {
  it('page 1 is the newest block of seqs, newest first; runs of deleted seqs (placeholders) are gap rows saying so, and the page is not taken for the last', async () => {
    const before = server.requests.length;
    const result = await page(SINGLE, 1, 10);
    expect(seqs(result.rows)).toEqual(['50', '49', '48-48', '47', '46', '41-45']);
    expect(summaries(result.rows)).toEqual([
      textOf(SINGLE, 50),
      textOf(SINGLE, 49),
      'seq 48 deleted: status 4, the server keeps only the seq',
      textOf(SINGLE, 47),
      textOf(SINGLE, 46),
      'seqs 41–45 deleted: status 4, the server keeps only the seq',
    ]);
    // Each run keeps the placeholders as the server sent them, newest first.
    expect((result.rows as Row[])[5]!.placeholders?.map((m) => [m.seq, m.status])).toEqual([[45, 4], [44, 4], [43, 4], [42, 4], [41, 4]]);
    const detail = listDef('history').detail(result.rows[5]!, { id: OWNER, name: 'Owner', now: Date.now() });
    expect(detail.title).toBe('Seqs 41–45 deleted');
    expect(detail.lead?.[0]?.value).toBe('5 seqs the server answered with a placeholder: status 4, the server keeps only the seq; no sender, no content');
    expect(detail.sections.flatMap((x) => x.fields).find((f) => f.label === 'sendTime')?.value).toMatch(/^2026-01-15 09:44:00 .*\(an earlier message's, as the server stamps a placeholder\)$/);
    // The read state and, at the same time, the newest 10 seqs (an end past any max seq, which the server clips).
    // A single chat's peer's read state too (historyRead.ts).
    expect(server.requests.slice(before).map((r) => r.path).sort()).toEqual(['/msg/get_conversations_has_read_and_max_seq', '/msg/get_conversations_has_read_and_max_seq', '/msg/pull_msg_by_seq']);
    const sent = server.bodies('/msg/pull_msg_by_seq').at(-1);
    expect(sent).toEqual({ userID: OWNER, seqRanges: [{ conversationID: SINGLE, begin: 1, end: Number.MAX_SAFE_INTEGER, num: 10 }], order: 1 });
    expect(result.sent, 'what C copies is what was sent').toEqual({ path: '/msg/pull_msg_by_seq', body: sent });
    expect(result).toMatchObject({ total: 50, totalExact: true, spans: 10 });
    // Six rows for ten seqs: a short page in rows, not the end of the list.
    expect(isLastPage(result, 1, 10)).toBe(false);
  });

  it('walks down by seq: the last page reaches seq 1, a cleared range is a gap, and past it nothing', async () => {
    expect(seqs((await page(SINGLE, 5, 10)).rows)).toEqual(['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
    const first = await page(CLEARED, 1, 10);
    // minSeq 5: the server returns nothing under it, not even placeholders.
    expect(seqs(first.rows)).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '3-4']);
    expect(summaries(first.rows).at(-1)).toBe('seqs 3–4 absent: not returned (cleared, below the min seq)');
    const cleared = await page(CLEARED, 2, 10);
    expect(seqs(cleared.rows)).toEqual(['1-2']);
    expect(isLastPage(cleared, 2, 10)).toBe(true);
    expect((await page(SINGLE, 6, 10)).rows).toEqual([]);
  });

  it('a later page pulls the block under the max seq its page 1 read: one request, and no shift when new messages arrive', async () => {
    const own = await startMessageServer([{ conversationID: SINGLE, maxSeq: 50, hasReadSeq: 40 }], { owner: OWNER });
    onTestFinished(() => own.close());
    const c = new OpenIMClient({ baseUrl: own.url, token: 'tok', adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });
    const paths = async (n: number) => {
      const before = own.requests.length;
      const result = await LISTS.history.operation.send(c, LISTS.history.body({ userID: OWNER, page: n, size: 10, query: { conversationID: SINGLE } }));
      return { result, paths: own.requests.slice(before).map((r) => r.path), sent: own.bodies('/msg/pull_msg_by_seq').at(-1) };
    };
    // The owner's read state and the single chat's peer's, and the pull.
    const readAndPull = ['/msg/get_conversations_has_read_and_max_seq', '/msg/get_conversations_has_read_and_max_seq', '/msg/pull_msg_by_seq'];
    const sorted = (p: { paths: string[] }) => [...p.paths].sort();
    expect(sorted(await paths(1))).toEqual(readAndPull);
    for (let i = 0; i < 3; i++) own.grow(SINGLE); // max seq 53 now
    const second = await paths(2);
    expect(second.paths, 'page 2: the pull alone').toEqual(['/msg/pull_msg_by_seq']);
    expect(seqs(second.result.rows), 'the block under page 1, not shifted by the 3 new messages').toEqual(['40', '39', '38', '37', '36', '35', '34', '33', '32', '31']);
    expect(second.result.sent).toEqual({ path: '/msg/pull_msg_by_seq', body: second.sent });
    expect(second.result).toMatchObject({ total: 50, notice: expect.stringContaining('max seq 50 · read up to 40 · 10 unread by seq') });
    // Page 1 read again follows the max seq, and the pages after it count from there.
    const again = await paths(1);
    expect(sorted(again)).toEqual(readAndPull);
    expect(seqs(again.result.rows)[0]).toBe('53');
    expect(again.result.notice?.split('\n')[0]).toBe('max seq 53 · read up to 40 · 13 unread by seq');
    expect(seqs((await paths(2)).result.rows)[0]).toBe('43');
  });

  it('page 1 whose newest seq is deleted stands on its one pull: the placeholder is the max seq', async () => {
    const own = await startMessageServer([{ conversationID: SINGLE, maxSeq: 50, hasReadSeq: 40, deleted: [50, 49] }], { owner: OWNER });
    onTestFinished(() => own.close());
    const c = new OpenIMClient({ baseUrl: own.url, token: 'tok', adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });
    const result = await LISTS.history.operation.send(c, LISTS.history.body({ userID: OWNER, page: 1, size: 10, query: { conversationID: SINGLE } }));
    expect(seqs(result.rows)).toEqual(['49-50', '48', '47', '46', '45', '44', '43', '42', '41']);
    expect(own.bodies('/msg/pull_msg_by_seq')).toHaveLength(1);
    expect(result).toMatchObject({ total: 50, spans: 10, notice: expect.stringContaining('max seq 50 · read up to 40 · 10 unread by seq') });
  });

  it("page 1 whose newest seq the pull did not return pulls the read state's exact range after", async () => {
    const own = await startMessageServer([{ conversationID: SINGLE, maxSeq: 50, hasReadSeq: 40, missing: [50] }], { owner: OWNER });
    onTestFinished(() => own.close());
    const c = new OpenIMClient({ baseUrl: own.url, token: 'tok', adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });
    const result = await LISTS.history.operation.send(c, LISTS.history.body({ userID: OWNER, page: 1, size: 10, query: { conversationID: SINGLE } }));
    expect(seqs(result.rows)).toEqual(['50-50', '49', '48', '47', '46', '45', '44', '43', '42', '41']);
    const pulls = own.bodies('/msg/pull_msg_by_seq');
    expect(pulls).toHaveLength(2);
    expect(result.sent).toEqual({ path: '/msg/pull_msg_by_seq', body: { userID: OWNER, seqRanges: [{ conversationID: SINGLE, begin: 41, end: 50, num: 10 }], order: 1 } });
  });

  it('a later page with no page 1 before it (scripting --page) reads the read state first', async () => {
    const before = server.requests.length;
    expect(seqs((await page(SINGLE, 3, 10)).rows)).toEqual(['30', '29', '28', '27', '26', '25', '24', '23', '22', '21']);
    expect(server.requests.slice(before).map((r) => r.path)).toEqual(['/msg/get_conversations_has_read_and_max_seq', '/msg/get_conversations_has_read_and_max_seq', '/msg/pull_msg_by_seq']);
  });

  it("reads an sn_ conversation's messages under msgs and an n_ one's under notificationMsgs, where the server puts them", async () => {
    const result = await page(NOTICES, 1, 10);
    expect(seqs(result.rows)).toEqual(['4', '3', '2', '1']);
    expect(summaries(result.rows)[0]).toBe(textOf(NOTICES, 4));
    const sent = (await fetch(`${server.url}/msg/pull_msg_by_seq`, { method: 'POST', body: JSON.stringify({ userID: OWNER, seqRanges: [{ conversationID: NOTICES, begin: 1, end: 4, num: 4 }, { conversationID: N_NOTICES, begin: 1, end: 3, num: 3 }], order: 1 }) }));
    const { data } = (await sent.json()) as { data: { msgs: object; notificationMsgs: object } };
    expect([Object.keys(data.msgs), Object.keys(data.notificationMsgs)]).toEqual([[NOTICES], [N_NOTICES]]);
    const n = await page(N_NOTICES, 1, 10);
    expect(seqs(n.rows)).toEqual(['3', '2', '1']);
    expect(summaries(n.rows)[0]).toBe(textOf(N_NOTICES, 3));
  });

  it('a status-4 message that still has its sender (deleted by the owner for themselves) is a row of its own, marked deleted', async () => {
    const result = await page(SINGLE, 3, 10);
    const row = (result.rows as Row[]).find((r) => r.seq === 30)!;
    expect(row.status).toBe(4);
    expect(summaries([row])[0]).toMatch(/^deleted \(status 4\) · /);
    const detail = listDef('history').detail(row as never, { id: OWNER, name: 'Owner', now: Date.now() });
    expect(detail.title).toBe('Message 30 (deleted)');
    expect(detail.lead?.[0]).toEqual({ label: 'state', value: 'deleted (the server still sent what it has of it)' });
    expect(detail.lead?.find((f) => f.label === 'from')?.value).toBe(`${OWNER} (Owner) · this user`);
  });

  it('says the read state, and the unread count the list showed beside it, flagged in words when they disagree', async () => {
    expect((await page(SINGLE, 1, 10)).notice?.split('\n')[0]).toBe('max seq 50 · read up to 40 · 10 unread by seq');
    expect((await page(SINGLE, 1, 10, 10)).notice?.split('\n')[0]).toBe('max seq 50 · read up to 40 · 10 unread (list agrees)');
    expect((await page(CLEARED, 1, 10, 3)).notice?.split('\n')[0]).toBe('! unread: list 3, seqs 2 · max seq 12 · read up to 10');
    expect((await page(PAST, 1, 10, 0)).notice?.split('\n')[0]).toBe('! unread: list 0, seqs -3 (past max) · max seq 8 · read up to 11');
    expect((await page(PAST, 1, 10)).notice?.split('\n')[0]).toBe('max seq 8 · read up to 11 · read past max seq by 3');
  });

  it('decodes the base64 content in the detail, the sender and the time with its zone', async () => {
    const [row] = (await page(SINGLE, 1, 10)).rows;
    const detail = listDef('history').detail(row!, { id: OWNER, name: 'Owner', now: Date.now() });
    expect(detail.title).toBe('Message 50');
    expect(detail.content?.summary).toBe(textOf(SINGLE, 50));
    expect(detail.lead?.find((f) => f.label === 'from')?.value).toBe(`${OWNER} (Owner) · this user`);
    expect(detail.lead?.find((f) => f.label === 'time')?.value).toMatch(/ [+-]\d\d:\d\d/);
  });
});

describe('history on the demo server', () => {
  let demo: DemoServer;
  beforeAll(async () => {
    demo = await startDemoServer({ users: 300 });
  });
  afterAll(() => demo.close());

  it("agrees with the conversations list: its newest message is the row's latest; the demo's holes are gap rows; its planted read-state bug is flagged", async () => {
    const c = demoClient(demo);
    // Every conversation of the first user's: where the planted disagreements sort among them is the demo's data.
    const convs = await LISTS.conversations.operation.send(c, LISTS.conversations.body({ userID: DEMO.firstUserID, page: 1, size: 250, query: { conversationIDs: [] } }));
    // One at a time: 240 at once outlast the client's deadline on a busy machine.
    const pages: Awaited<ReturnType<typeof LISTS.history.operation.send>>[] = [];
    for (const conv of convs.rows) {
      pages.push(await LISTS.history.operation.send(c, LISTS.history.body({ userID: DEMO.firstUserID, page: 1, size: 20, query: { conversationID: conv.conversationID, listedUnread: conv.unreadCount } })));
    }
    convs.rows.forEach((conv, i) => {
      const newest = pages[i]!.rows[0] as { serverMsgID?: string } | undefined;
      if (conv.msgInfo?.serverMsgID) expect(newest?.serverMsgID, conv.conversationID).toBe(conv.msgInfo.serverMsgID);
    });
    expect(pages.some((p) => (p.rows as Row[]).some((r) => r.gap?.kind === 'deleted')), "a deleted gap row (the demo's holes) on some page 1").toBe(true);
    // A message the user deleted for themselves: status 4 with its sender, a row of its own that says deleted.
    const own = pages.flatMap((p) => (p.rows as Array<Row & { sendID?: string }>).filter((r) => r.status === 4 && r.sendID));
    expect(own.length, 'a status-4 message with its sender on some page 1').toBeGreaterThan(0);
    expect(summaries(own)[0]).toMatch(/^deleted \(status 4\) · /);
    expect(pages.filter((p) => p.notice?.startsWith('! unread:')).length, 'a planted disagreement').toBeGreaterThan(0);
    expect(pages.filter((p) => p.notice?.includes('(list agrees)')).length).toBeGreaterThan(40);
  });

  it('prints from the demo with --demo in scripting: the last pages with --all end at the first seq kept', { tags: ['cli'] }, async () => {
    const c = demoClient(demo);
    const conv = (await LISTS.conversations.operation.send(c, LISTS.conversations.body({ userID: DEMO.firstUserID, page: 1, size: 5, query: { conversationIDs: [] } }))).rows[1]!;
    const state = await LISTS.history.operation.send(c, LISTS.history.body({ userID: DEMO.firstUserID, page: 1, size: 1, query: { conversationID: conv.conversationID } }));
    const pages = Math.ceil(state.total / 100);
    const connect = ['--base-url', demo.url, '--secret', DEMO.secret, '--admin-user-id', DEMO.adminUserID];
    const run = await runCli(['history', '--user', DEMO.firstUserID, '--conversation', conv.conversationID, '--page', String(pages - 1), '--all', '-o', 'ndjson', ...connect]);
    expect(run.code, run.stderr).toBe(0);
    const rows = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Row);
    const seqsOrGaps = rows.map((r) => r.gap?.firstSeq ?? r.seq!);
    expect(seqsOrGaps.at(-1)).toBe(1);
    expect(seqsOrGaps).toEqual([...seqsOrGaps].sort((a, b) => b - a));
    expect(run.stderr).toMatch(/^openim-explorer: max seq [\d,]+ · read up to [\d,]+/);
  });
});

describe('history in the live view on the living demo', () => {
  it('page 1 follows the max seq: a message that arrives is its new first row, marked new', async () => {
    // Two living demos on the same clock and seed: the first says which conversation of
    // user_000001's event 1 (one pace after the start) writes to, the second is watched (the
    // activity never goes back in time, so one server cannot be asked both before and after).
    const start = Date.UTC(2026, 0, 15, 12);
    const moment = { now: start };
    const [probe, living] = await Promise.all([0, 1].map(() => startDemoServer({ users: 300, activity: { paceMs: 1_000, now: () => moment.now } })));
    try {
      const latest = async (): Promise<Record<string, string>> => {
        const page = await LISTS.conversations.operation.send(demoClient(probe!), LISTS.conversations.body({ userID: DEMO.firstUserID, page: 1, size: 1000, query: { conversationIDs: [] } }));
        return Object.fromEntries(page.rows.map((c) => [c.conversationID, c.msgInfo?.serverMsgID ?? '']));
      };
      const before = await latest();
      moment.now = start + 1_000;
      const after = await latest();
      moment.now = start;
      const id = Object.keys(after).find((k) => after[k] !== before[k])!;
      expect(id).toBeDefined();

      const timers = manualTimers();
      const store = createAppStore({ client: demoClient(living!), pageSize: 20, liveTimers: timers.timers, liveIntervalMs: 5_000 });
      store.getState().openDrill({ name: 'drill', kind: 'history', ownerID: DEMO.firstUserID, query: { conversationID: id } });
      await settled(store);
      const first = (currentList(store.getState())!.rows[0] as Row).seq!;
      store.getState().toggleLive();
      await expect.poll(() => store.getState().live.status.state, { timeout: 5000 }).toBe('scheduled');
      moment.now = start + 1_000; // the message arrives
      timers.advance(5_000);
      await expect.poll(() => (currentList(store.getState())!.rows[0] as Row).seq, { timeout: 5000 }).toBe(first + 1);
      const list = currentList(store.getState())!;
      expect(list.notice).toContain(`max seq ${(first + 1).toLocaleString('en-US')}`);
      expect(list.changes?.summary).toMatch(/^1 new/);
      expect(Object.keys(list.changes!.marks)).toContain(`seq:${first + 1}`);
      store.getState().quit();
    } finally {
      await Promise.all([probe, living].map((s) => s?.close()));
    }
  });
});

describe('history in the explorer', () => {
  it('Enter on a conversation opens its history over the tab; C copies the pull really sent; > reaches seq 1; back returns to the row', async () => {
    const copied: string[] = [];
    const store = storeFor(server, { client: client(), copy: (text) => copied.push(text) });
    store.getState().openUser(OWNER);
    await settled(store);
    store.getState().moveCursor(1);
    store.getState().openRow();
    expect(currentScreen(store.getState())).toMatchObject({ name: 'drill', kind: 'history', ownerID: OWNER, query: { conversationID: CLEARED, listedUnread: 3 } });
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.notice).toContain('! unread: list 3, seqs 2');
    expect(seqs(list.rows).slice(0, 2)).toEqual(['12', '11']);

    store.getState().copyCurl();
    const sent = server.bodies('/msg/pull_msg_by_seq').at(-1);
    expect(copied.at(-1)).toContain(`--data-raw '${JSON.stringify(sent)}'`);
    expect(copied.at(-1)).toContain('/msg/pull_msg_by_seq');

    store.getState().lastPage();
    await settled(store);
    expect(seqs(currentList(store.getState())!.rows).at(-1)).toMatch(/^1(-|$)/);

    store.getState().back();
    expect(currentScreen(store.getState())).toMatchObject({ name: 'user', userID: OWNER });
    expect(currentList(store.getState())!.cursor).toBe(1);
  });

  it('the same row opened again keeps its history list and asks with the unread count the row shows now', async () => {
    // A server of its own: it grows.
    const own = await startMessageServer([{ conversationID: SINGLE, maxSeq: 50, hasReadSeq: 40 }], { owner: OWNER });
    onTestFinished(() => own.close());
    const store = storeFor(own, { client: new OpenIMClient({ baseUrl: own.url, token: 'tok', adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 }) });
    store.getState().openUser(OWNER);
    await settled(store);
    store.getState().openRow(); // 10 unread
    await settled(store);
    expect(currentList(store.getState())!.notice?.split('\n')[0]).toBe('max seq 50 · read up to 40 · 10 unread (list agrees)');
    const key = currentList(store.getState())!.key;
    store.getState().back();
    own.grow(SINGLE);
    store.getState().reload();
    await settled(store);
    store.getState().openRow(); // 11 unread now
    await settled(store);
    expect(currentList(store.getState())!.key).toBe(key);
    expect(currentList(store.getState())!.notice?.split('\n')[0]).toBe('max seq 51 · read up to 40 · 11 unread (list agrees)');
  });

  it("page 1 follows a growing max seq when fetched again (the live view's refresh)", async () => {
    const store = storeFor(server, { client: client() });
    store.getState().openDrill({ name: 'drill', kind: 'history', ownerID: OWNER, query: { conversationID: NOTICES } });
    await settled(store);
    expect(seqs(currentList(store.getState())!.rows)[0]).toBe('4');
    server.grow(NOTICES);
    store.getState().reload();
    await settled(store);
    expect(seqs(currentList(store.getState())!.rows)[0]).toBe('5');
    expect(currentList(store.getState())!.notice).toContain('max seq 5');
    expect(listKeyFor(currentScreen(store.getState()))).toContain(NOTICES);
  });
});

describe('history in scripting', () => {
  const connect = () => ['--base-url', server.url, '--token', 'tok'];
  it('prints every format, --all walking down to seq 1 with the gaps as rows; the read state once on stderr', { tags: ['cli'] }, async () => {
    const json = await runCli(['history', '--user', OWNER, '--conversation', SINGLE, '-o', 'json', '--all', '--size', '20', ...connect()]);
    expect(json.code, json.stderr).toBe(0);
    const rows = JSON.parse(json.stdout) as Row[];
    expect(rows).toHaveLength(50 - 6 + 2);
    expect(rows[0]!.seq).toBe(50);
    expect(rows.at(-1)!.seq).toBe(1);
    expect(rows.filter((r) => r.gap).map((r) => r.gap)).toEqual([
      { firstSeq: 48, lastSeq: 48, kind: 'deleted', reason: 'status 4, the server keeps only the seq' },
      { firstSeq: 41, lastSeq: 45, kind: 'deleted', reason: 'status 4, the server keeps only the seq' },
    ]);
    // The placeholders as the server sent them, in their gap row; the owner's own deletion a row with its status.
    expect(rows.find((r) => r.gap?.firstSeq === 48)!.placeholders).toMatchObject([{ seq: 48, status: 4, sendID: '', content: '' }]);
    expect(rows.find((r) => r.seq === 30)).toMatchObject({ status: 4, sendID: 'owner_1' });
    expect(json.stderr.trim().split('\n')[0]).toBe('openim-explorer: max seq 50 · read up to 40 · 10 unread by seq');

    const ndjson = await runCli(['history', '--user', OWNER, '--conversation', SINGLE, '-o', 'ndjson', '--size', '10', ...connect()]);
    expect(ndjson.stdout.trim().split('\n')).toHaveLength(6);
    const csv = await runCli(['history', '--user', OWNER, '--conversation', SINGLE, '-o', 'csv', '--size', '10', ...connect()]);
    const [header, first] = csv.stdout.split(/\r?\n/);
    expect(header).toBe('seq,sendTime,sendID,contentType,senderNickname,recvID,groupID,sessionType,status,serverMsgID,clientMsgID,summary,content,gap,gapKind');
    expect(first).toContain(textOf(SINGLE, 50));
    expect(csv.stdout).toContain(',"seqs 41–45 deleted: status 4, the server keeps only the seq",,41-45,deleted');
    const table = await runCli(['history', '--user', OWNER, '--conversation', SINGLE, '-o', 'table', '--size', '10', ...connect()]);
    expect(table.stdout).toMatch(/^\s*SEQ\s+U\s+TIME\s+FROM\s+TYPE\s+MESSAGE/m);
    expect(table.stdout).toContain('seqs 41–45 deleted');
  });

  it('says in words what the command needs', { tags: ['cli'] }, async () => {
    const missing = await runCli(['history', '--user', OWNER, ...connect()]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('history needs --user ID and --conversation CID');
  });
});
