// @module-tag cli
// What a history reply may hold that no page can stand on: a max seq past 2^53 - 1 (a JSON number
// 9223372036854775807, rounded by any double; 1e300, which a pull sent back as `"begin":1e+300`),
// and content whose base64 is not UTF-8 (its base64 was shown as the message). Against a loopback
// server answering the raw text, through the operation and the built CLI.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { ProtocolError } from '../../src/api/errors.js';
import { csvEncoder } from '../../src/data/csv.js';
import { LISTS, listDef, pageCall } from '../../src/lists/registry.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { NO_RETRIES } from '../support/retryPolicy.js';
import { assertBuilt, runCli } from '../support/runCli.js';
import { createAppStore } from '../../src/store/store.js';
import { currentList } from '../../src/store/selectors.js';
import { pagingText } from '../../src/layout/statusLine.js';

const OWNER = 'owner_1';
const CID = 'si_owner_1_peer_1';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Answers the read state with `maxSeq` written as is into the JSON text, and every pull with `msgs`. */
async function serve(maxSeq: string, msgs: unknown[] = [], hasReadSeq = '1'): Promise<TestServer> {
  server = await startTestServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    // The CLI looks the --user up first.
    if (req.path === '/user/get_users_info') {
      const user = { userID: OWNER, nickname: 'Owner', faceURL: '', ex: '', createTime: 0, appMangerLevel: 1, globalRecvMsgOpt: 0 };
      return void res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data: { usersInfo: [user] } }));
    }
    if (req.path === '/msg/get_conversations_has_read_and_max_seq') {
      return void res.end(`{"errCode":0,"errMsg":"","errDlt":"","data":{"seqs":{"${CID}":{"maxSeq":${maxSeq},"hasReadSeq":${hasReadSeq},"maxSeqTime":0}}}}`);
    }
    res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data: { msgs: { [CID]: { Msgs: msgs, isEnd: true, endSeq: 0 } }, notificationMsgs: {} } }));
  });
  return server;
}

const client = (url: string) => new OpenIMClient({ baseUrl: url, token: 'tok', adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });
const page = (url: string, n: number) => {
  const call = pageCall({ kind: 'history', userID: OWNER, page: n, size: 24, query: { conversationID: CID } });
  return call.operation.send(client(url), call.body);
};
const REFUSED = "the read state's maxSeq is past 9,007,199,254,740,991 (2^53 - 1): seqs that large cannot be paged exactly";

describe('a max seq past 2^53 - 1', () => {
  beforeAll(assertBuilt);

  it.each(['9223372036854775807', '1e300', '"9223372036854775807"'])('%s is refused in words, and no pull sends it back', async (maxSeq) => {
    const s = await serve(maxSeq);
    for (const n of [1, 41_666]) {
      const failed = await page(s.url, n).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(ProtocolError);
      expect((failed as ProtocolError).problem).toBe(REFUSED);
    }
    // Page 1 pulls the newest seqs beside the read state; nothing is pulled past it, and no body holds a rounded or exponent seq.
    for (const r of s.requests) expect(r.body).not.toMatch(/e\+|9223372036854776000/);
    expect(s.requests.filter((r) => r.path === '/msg/pull_msg_by_seq').length).toBeLessThanOrEqual(1);
  });

  it('the built CLI says so and exits 1, printing no row', async () => {
    const s = await serve('9223372036854775807');
    const r = await runCli(['history', '--user', OWNER, '--conversation', CID, '--base-url', s.url, '-o', 'ndjson'], { OPENIM_TOKEN: 'tok' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(REFUSED);
    expect(r.stderr).not.toContain('9,223,372,036,854,776,000');
  });

  it("in the explorer: the page is an error in words, and > asks for no page 41,666,…", async () => {
    const s = await serve('1e300');
    const store = createAppStore({ client: client(s.url), pageSize: 24 });
    store.getState().openDrill({ name: 'drill', kind: 'history', ownerID: OWNER, query: { conversationID: CID } });
    await expect.poll(() => currentList(store.getState())?.error?.message ?? '', { timeout: 5000 }).toContain(REFUSED);
    const asked = s.requests.length;
    store.getState().lastPage();
    const list = currentList(store.getState())!;
    expect(list.page).toBe(1);
    expect(list.loading).toBe(false);
    expect(pagingText(list, 24)).not.toMatch(/loading page/);
    expect(s.requests.length).toBe(asked);
    store.getState().quit();
  });

  it('a read seq past it pages, and the notice says it is not exact', async () => {
    const s = await serve('5', [], '1e300');
    const result = await page(s.url, 1);
    expect(result.notice?.split('\n')[0]).toBe('! read seq past 2^53: not exact, no unread count · max seq 5');
  });

  it('a max seq of 2^53 - 1 itself pages', async () => {
    const s = await serve(String(Number.MAX_SAFE_INTEGER));
    const result = await page(s.url, 1);
    expect(result.total).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('content that is not UTF-8 after base64', () => {
  const message = (seq: number, content: string) => ({
    sendID: 'peer_1', recvID: OWNER, groupID: '', clientMsgID: `c${seq}`, serverMsgID: `s${seq}`, senderNickname: 'Peer', sessionType: 1, contentType: 101,
    content, seq, sendTime: 0, createTime: 0, status: 2, ex: '',
  });
  // 37 bytes that are no UTF-8 (0xff never is), and beside them a text message as a server sends it.
  const binary = Buffer.alloc(37, 0xff).toString('base64');
  const text = Buffer.from(JSON.stringify({ content: 'hello' })).toString('base64');

  it('reads as not text, with its size, in the table, the detail and CSV', async () => {
    const s = await serve('2', [message(2, binary), message(1, text)]);
    const result = await page(s.url, 1);
    const summary = LISTS.history.columns.find((c) => c.key === 'summary')!;
    const cells = result.rows.map((row) => summary.value(row as never, { now: new Date(0) }));
    expect(cells).toEqual(['⟨not text: 37 B after base64⟩', 'hello']);
    expect(cells[0]).not.toContain(binary.slice(0, 8));
    const detail = listDef('history').detail(result.rows[0]!, { id: OWNER, now: 0 });
    expect(detail.content?.summary).toBe('⟨not text: 37 B after base64⟩');
    expect(detail.content?.raw).toBe('');
    expect(detail.content?.notes.join(' ')).toMatch(/37 B that are not UTF-8 text/);
    // CSV's summary says the same; its content column keeps the base64 as sent.
    expect(csvEncoder('history', OWNER).rows(result.rows)).toContain(',⟨not text: 37 B after base64⟩,' + binary + ',');
  });
});
