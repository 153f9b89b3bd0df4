// @module-tag cli
// The read state beside the conversations list's unread count (src/lists/readFaults.ts), against
// the embedded demo over HTTP: the page extra marks the rows in fault from one read-state request a
// page, the fault toggle's walk finds exactly the rows the pages mark (and says what it sent), `c`
// with a peer's user ID asks for the single chat with them, and the summary adds up the faults of
// the pages read. The read-state words are checked whole at 80 columns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import type { AnyRow } from '../../src/api/pages.js';
import { fetchPage, listDef, pageCall } from '../../src/lists/registry.js';
import { singleChatID } from '../../src/lists/conversations.js';
import { faultWords, isReadFault, mergeFaults, readStateText, rowInFault, type ConversationRow, type FaultCount } from '../../src/lists/readFaults.js';
import { currentList } from '../../src/store/selectors.js';
import { demoClient } from '../support/demoClient.js';
import { settled, storeFor } from '../support/demoStore.js';
import { runCli } from '../support/runCli.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer();
});
afterAll(() => demo.close());

const OWNER = DEMO.firstUserID;
const whole = { conversationIDs: [] as string[] };
const idsOf = (rows: readonly AnyRow[]): string[] => (rows as ConversationRow[]).map((r) => r.conversationID);

/** Every conversation of the owner with the read-state extra, page by page (as the explorer reads them). */
async function everyPage(size: number): Promise<ConversationRow[]> {
  const rows: ConversationRow[] = [];
  for (let page = 1; page < 100; page++) {
    const got = await fetchPage(demoClient(demo), { kind: 'conversations', userID: OWNER, page, size, query: whole, extras: ['readState'] }, new AbortController().signal);
    rows.push(...(got.rows as ConversationRow[]));
    if (got.rows.length < size) break;
  }
  return rows;
}

describe('the read state on the conversations list', () => {
  it('a page carries each row its read state from one request, and says how many of its rows are in fault', async () => {
    const paths: string[] = [];
    const client = demoClient(demo, { onRequest: (event) => paths.push(event.path) });
    const page = await fetchPage(client, { kind: 'conversations', userID: OWNER, page: 1, size: 20, query: whole, extras: ['readState'] }, new AbortController().signal);
    const rows = page.rows as ConversationRow[];
    expect(rows.every((r) => r.readState !== undefined), 'every row has its read state').toBe(true);
    expect(page.extra?.readChecked).toBe(rows.length);
    expect(page.extra?.readFaults).toBe(rows.filter((r) => rowInFault(r)).length);
    expect(paths.filter((p) => p !== '/auth/get_admin_token')).toEqual(['/conversation/get_sorted_conversation_list', '/msg/get_conversations_has_read_and_max_seq']);
  });

  it("the fault toggle's walk answers exactly the rows the pages mark, in the list's order, with an exact total", async () => {
    const marked = (await everyPage(50)).filter((r) => rowInFault(r) === true);
    expect(marked.length, 'the demo plants disagreements in this user’s list').toBeGreaterThan(0);
    const call = pageCall({ kind: 'conversations', userID: OWNER, page: 1, size: 20, query: { ...whole, onlyReadFaults: true } });
    const page = await call.operation.send(demoClient(demo), call.body);
    expect(idsOf(page.rows)).toEqual(idsOf(marked).slice(0, 20));
    expect(page).toMatchObject({ total: marked.length, totalExact: true });
    expect(page.extra).toMatchObject({ readFaults: marked.length, readFaultsWhole: 1 });
    // `C` copies what was really sent: a page of the server's list, never the marked body.
    expect(page.sent?.path).toBe('/conversation/get_sorted_conversation_list');
    expect(page.sent?.body).not.toHaveProperty('onlyReadFaults');
    // The summary's words say the whole list was checked.
    const figure = listDef('conversations').userSummary!.count(page, { ...whole, onlyReadFaults: true }) as { faults: FaultCount };
    expect(faultWords(figure.faults).long).toBe(`${marked.length} read ${marked.length === 1 ? 'fault' : 'faults'} (all ${figure.faults.checked} checked)`);
  });

  it("`c` with a peer's user ID asks for the single chat with them, whichever ID sorts first", async () => {
    // A peer of the owner's, from the chat's ID on their list.
    const single = idsOf((await everyPage(50)).filter((r) => r.conversationID.startsWith(`si_${OWNER}_user_`)))[0]!;
    const peer = single.slice(`si_${OWNER}_`.length);
    const call = pageCall({ kind: 'conversations', userID: OWNER, page: 1, size: 20, query: { conversationIDs: [peer] } });
    expect(call.body).toMatchObject({ conversationIDs: [`si_${OWNER}_${peer}`] });
    const page = await call.operation.send(demoClient(demo), call.body);
    expect(idsOf(page.rows)).toEqual([`si_${OWNER}_${peer}`]);
    // From the other side the owner is the peer, and the ID is the same.
    const back = pageCall({ kind: 'conversations', userID: peer, page: 1, size: 20, query: { conversationIDs: [OWNER, 'sg_123'] } });
    expect(back.body).toMatchObject({ conversationIDs: [`si_${OWNER}_${peer}`, 'sg_123'] });
    // Byte order, as Go's sort.Strings: "Z" (0x5a) before "a" (0x61), "é" (0xc3 0xa9) after both.
    expect(singleChatID('bob', 'Zed')).toBe('si_Zed_bob');
    expect(singleChatID('étienne', 'zoe')).toBe('si_zoe_étienne');
  });

  it('the summary line counts the faults of the pages read, each page once, and the toggle its whole list', async () => {
    const store = storeFor(demo, { pageSize: 10 });
    store.getState().openUser(OWNER);
    await settled(store);
    const faultsOn = () => {
      const part = store.getState().summaries[OWNER]?.conversations;
      return part?.state === 'ok' ? (part.value as { faults?: FaultCount }).faults : undefined;
    };
    await expect.poll(() => faultsOn()?.checked).toBe(10);
    store.getState().nextPage();
    await settled(store);
    await expect.poll(() => faultsOn()?.checked).toBe(20);
    store.getState().prevPage();
    await settled(store);
    // Page 1 again (from the cache): still 20 rows checked, not 30.
    expect(faultsOn()?.checked).toBe(20);
    const pages = (await everyPage(10)).slice(0, 20);
    expect(faultsOn()?.found).toBe(pages.filter((r) => rowInFault(r)).length);
    store.getState().setQuery({ ...whole, onlyReadFaults: true });
    await settled(store);
    await expect.poll(() => faultsOn()?.whole).toBe(true);
    expect(currentList(store.getState())!.rows.every((r) => rowInFault(r as ConversationRow))).toBe(true);
  });
});

describe('the read faults on the summary line, on a user opened again', () => {
  it('are kept when the summary asks again: the pages read are still the pages read', async () => {
    const store = storeFor(demo, { pageSize: 10 });
    const faultsOn = () => {
      const part = store.getState().summaries[OWNER]?.conversations;
      return part?.state === 'ok' ? (part.value as { faults?: FaultCount }).faults : undefined;
    };
    store.getState().openUser(OWNER);
    await settled(store);
    await expect.poll(() => faultsOn()?.checked).toBe(10);
    store.getState().back();
    store.getState().openUser(OWNER);
    const shown = store.getState().summaries[OWNER]!.conversations;
    // The summary's own answer of the second visit (a page of one row, no read state) is in.
    await expect.poll(() => store.getState().summaries[OWNER]!.conversations).not.toBe(shown);
    expect(store.getState().summaries[OWNER]?.conversations.state).toBe('ok');
    expect(faultsOn()?.checked).toBe(10);
  });
});

describe('the read state in scripting', () => {
  it('`-o table` marks the rows in fault as the explorer does; CSV leaves the column out', async () => {
    const connect = ['--base-url', demo.url, '--secret', DEMO.secret, '--admin-user-id', DEMO.adminUserID];
    const marked = new Set(idsOf((await everyPage(50)).filter((r) => rowInFault(r) === true)));
    const table = await runCli(['conversations', '--user', OWNER, '--all', '-o', 'table', ...connect]);
    expect(table.code).toBe(0);
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^! +PIN +WITH/);
    expect(rows.filter((r) => r.startsWith('!')).length).toBe(marked.size);
    expect(rows.some((r) => r.startsWith('?')), 'every row has its read state').toBe(false);
    const csv = await runCli(['conversations', '--user', OWNER, '-o', 'csv', ...connect]);
    expect(csv.stdout.split('\n')[0]).not.toContain('readState');
  });
});

describe('the read state in words', () => {
  it('a disagreement is flagged first, and every fact stays whole at 80 columns', () => {
    const wide = readStateText({ maxSeq: 120_712, hasReadSeq: 120_537 }, 205);
    expect(wide).toBe('! unread: list 205, seqs 175 · max seq 120,712 · read up to 120,537');
    const past = readStateText({ maxSeq: 113_245, hasReadSeq: 113_273 }, 0);
    expect(past).toBe('! unread: list 0, seqs -28 (past max) · max seq 113,245 · read up to 113,273');
    // A hostile read seq (1e300) is no exact number: said so first, no unread count made of it, the max seq on the line.
    const hostile = readStateText({ maxSeq: 76, hasReadSeq: -1e300 }, 0);
    expect(hostile).toBe('! read seq past 2^53: not exact, no unread count · max seq 76');
    // A hostile max seq too: three digits of it, never a line of digits.
    expect(readStateText({ maxSeq: 1e300, hasReadSeq: 5 }, undefined)).toBe('max seq 1.00e+300 · read up to 5 · 1.00e+300 unread by seq');
    for (const line of [wide, past, hostile]) expect(line.length).toBeLessThanOrEqual(80);
    expect(readStateText({ maxSeq: 50, hasReadSeq: 40 }, 10)).toBe('max seq 50 · read up to 40 · 10 unread (list agrees)');
  });

  it('a page whose read state was not read still counts its conversations (its notice is no "no conversations")', () => {
    const part = listDef('conversations').userSummary!;
    const figure = part.count({ total: 5, extra: { conversationTotal: 5, unreadTotal: 2 }, notice: 'read state not read (timed out)' }, whole);
    expect(part.words(figure).long).toBe('5 conversations with messages · 2 unread');
    const none = part.count({ total: 0, notice: 'no conversations (server: 1004 RecordNotFoundError)' }, whole);
    expect(part.words(none).long).toBe('no conversations');
  });

  it('in fault: a read seq past the max seq, or an unread count the seqs do not say', () => {
    expect(isReadFault({ maxSeq: 10, hasReadSeq: 11 }, undefined)).toBe(true);
    expect(isReadFault({ maxSeq: 10, hasReadSeq: 8 }, 3)).toBe(true);
    expect(isReadFault({ maxSeq: 10, hasReadSeq: 8 }, 2)).toBe(false);
    expect(isReadFault({ maxSeq: 10, hasReadSeq: 8 }, undefined)).toBe(false);
  });

  it("the faults add up over the pages of one size; a page read again replaces its own; the walk's count stands", () => {
    type F = { faults?: FaultCount };
    const page = (found: number, checked: number): F => ({ faults: { found, checked, whole: false } });
    let shown = mergeFaults<F>(undefined, page(1, 10), { page: 1, size: 10 });
    shown = mergeFaults(shown, page(2, 10), { page: 2, size: 10 });
    expect(shown.faults).toMatchObject({ found: 3, checked: 20 });
    shown = mergeFaults(shown, page(0, 10), { page: 2, size: 10 });
    expect(shown.faults).toMatchObject({ found: 1, checked: 20 });
    expect(mergeFaults(shown, page(4, 20), { page: 1, size: 20 }).faults).toMatchObject({ found: 4, checked: 20 });
    expect(mergeFaults(shown, {}, { page: 3, size: 10 }).faults).toMatchObject({ found: 1, checked: 20 });
    const walked = mergeFaults(shown, { faults: { found: 5, checked: 240, whole: true } }, { page: 1, size: 10 });
    expect(mergeFaults(walked, page(0, 10), { page: 1, size: 10 }).faults).toMatchObject({ found: 5, checked: 240, whole: true });
  });
});
