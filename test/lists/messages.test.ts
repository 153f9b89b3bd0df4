// The message search (`:messages`, `messages`): its query parsed once for the prompt and the
// flags (problems in words, nothing sent), the local day sent as one UTC day, the request body,
// the wire read against the demo and against a loopback server answering in the real shapes
// (content a JSON string, chatLogsNum smaller than the rows walked), the page sorted by time and
// marked, the status line's `≥ N`, the keys that open it from a user and from a conversation, the
// live view showing a message that arrives on the living demo, and
// the scripting command in every format.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import type { Conversation } from '../../src/api/schemas.js';
import { pagingText } from '../../src/layout/statusLine.js';
import { parseMessageQuery, utcDayOf, dayWords, messageQueryText, completeMessageQuery, messageFlagsProblem } from '../../src/lists/messageQuery.js';
import { LISTS } from '../../src/lists/registry.js';
import { dispatchKey } from '../../src/keys/dispatch.js';
import { shownRows } from '../../src/domain/pageSort.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { demoClient } from '../support/demoClient.js';
import { settled, storeFor } from '../support/demoStore.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { runCli } from '../support/runCli.js';
import { manualTimers } from '../support/manualTimers.js';

const withTz = <T>(tz: string, run: () => T): T => {
  const was = process.env.TZ;
  process.env.TZ = tz;
  try {
    return run();
  } finally {
    if (was === undefined) delete process.env.TZ;
    else process.env.TZ = was;
  }
};

describe('the query', () => {
  it('reads every word, names and numbers for the type, and writes itself back', () => {
    const parsed = parseMessageQuery('from:user_000001  to:3100000000 type:markdowntext session:group day:2025-10-01');
    expect(parsed).toEqual({ ok: true, query: { from: 'user_000001', to: '3100000000', type: 118, session: 'group', day: '2025-10-01' } });
    expect(parsed.ok && messageQueryText(parsed.query)).toBe('from:user_000001 to:3100000000 type:MarkdownText session:group day:2025-10-01');
    expect(parseMessageQuery('type:9999')).toEqual({ ok: true, query: expect.objectContaining({ type: 9999 }) });
    expect(parseMessageQuery('')).toEqual({ ok: true, query: LISTS.messages.query.initial });
  });

  it.each([
    ['user_000001', /"user_000001": use from: to: type: session: day:/],
    ['frm:user_1', /"frm:user_1": use from:/],
    ['type:Textt', /type "Textt" is no content type: a name \(Tab lists them\) or a number/],
    ['session:notification', /session is single or group \(notifications are never searched\)/],
    ['day:2026-02-30', /day is a date, YYYY-MM-DD \(a local day\), not "2026-02-30"/],
    ['from:', /from: needs a value/],
  ])('refuses %j in words', (text, problem) => {
    const parsed = parseMessageQuery(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toMatch(problem);
    expect(LISTS.messages.query.prompt?.check?.(text)).toMatch(problem);
  });

  it('sends the UTC day that holds the local day’s noon, and says both', () => {
    expect(withTz('UTC', () => [utcDayOf('2025-10-01'), dayWords('2025-10-01')])).toEqual(['2025-10-01', 'day 2025-10-01 (UTC)']);
    expect(withTz('Asia/Shanghai', () => [utcDayOf('2025-10-01'), dayWords('2025-10-01')])).toEqual([
      '2025-10-01',
      'day 2025-10-01 (local, UTC+08:00) sends UTC day 2025-10-01',
    ]);
    // Noon at UTC+14 is 22:00 UTC the day before.
    expect(withTz('Pacific/Kiritimati', () => dayWords('2025-10-01'))).toBe('day 2025-10-01 (local, UTC+14:00) sends UTC day 2025-09-30');
  });

  it('builds the body from the fields set only, with sessionType 1 or 3 and the UTC day', () => {
    const parsed = parseMessageQuery('from:u1 session:single day:2025-10-01');
    const body = withTz('Pacific/Kiritimati', () => LISTS.messages.body({ page: 2, size: 50, query: parsed.ok ? parsed.query : LISTS.messages.query.initial }));
    expect(body).toEqual({ sendID: 'u1', sessionType: 1, sendTime: '2025-09-30', pagination: { pageNumber: 2, showNumber: 50 } });
    expect(LISTS.messages.body({ page: 1, size: 20, query: LISTS.messages.query.initial })).toEqual({ pagination: { pageNumber: 1, showNumber: 20 } });
  });

  it('completes the words, the type names, the sessions and the page’s IDs', () => {
    expect(completeMessageQuery('from:u1 ty', [])).toEqual(['from:u1 type:']);
    expect(completeMessageQuery('type:mark', [])).toEqual(['type:MarkdownText']);
    expect(completeMessageQuery('session:', [])).toEqual(['session:single', 'session:group']);
    expect(completeMessageQuery('to:user_00', ['user_000002', 'user_000003', 'zz'])).toEqual(['to:user_000002', 'to:user_000003']);
  });

  it('checks the flags with the same words, each flag one word', () => {
    expect(messageFlagsProblem({ type: 'nope' })).toMatch(/^--type "nope" is no content type/);
    expect(messageFlagsProblem({ session: 'notification' })).toMatch(/^--session is single or group/);
    expect(messageFlagsProblem({ from: 'a b' })).toBe('--from takes one word, not "a b"');
    expect(messageFlagsProblem({ from: 'user_000001', type: '101', day: '2025-10-01' })).toBeUndefined();
  });
});

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 200 });
});
afterAll(() => demo.close());

const connect = (url = demo.url) => ['--base-url', url, '--secret', DEMO.secret, '--admin-user-id', DEMO.adminUserID];

describe('against the demo', () => {
  it('finds what the query asks for, in storage order, with a count that is a lower bound', async () => {
    const client = demoClient(demo);
    const parsed = parseMessageQuery(`from:${DEMO.firstUserID} type:Text`);
    const query = parsed.ok ? parsed.query : LISTS.messages.query.initial;
    const first = await LISTS.messages.operation.send(client, LISTS.messages.body({ page: 1, size: 50, query }));
    expect(first.totalExact).toBe(false);
    expect(first.rows).toHaveLength(50);
    for (const { chatLog } of first.rows) {
      expect(chatLog.sendID).toBe(DEMO.firstUserID);
      expect(chatLog.contentType).toBe(101);
      expect(JSON.parse(chatLog.content)).toHaveProperty('content');
    }
    // Walking past what page 1 counted still finds rows: the count was a lower bound.
    const beyond = await LISTS.messages.operation.send(client, LISTS.messages.body({ page: Math.ceil(first.total / 50) + 1, size: 50, query }));
    expect(beyond.rows.length).toBeGreaterThan(0);
    expect(beyond.total).toBeGreaterThan(first.total);
  });

  it('decodes the content in the detail, and names the group for a group message', async () => {
    const group = await LISTS.messages.operation.send(demoClient(demo), { sessionType: 3, contentType: 1504, pagination: { pageNumber: 1, showNumber: 5 } });
    const row = group.rows[0]!;
    expect(row.chatLog.recvID).toBe(row.chatLog.groupID);
    const detail = LISTS.messages.detail(row, { now: Date.now() });
    expect(detail.lead?.find((f) => f.label === 'in')?.value).toContain(`${row.chatLog.groupID} (group)`);
    expect(detail.content?.typeName).toBe('MemberQuit');
    expect(detail.sections.flatMap((s) => s.fields).find((f) => f.label.startsWith('senderFaceURL'))?.label).toBe("senderFaceURL (the group's)");
  });
});

describe('in the explorer', () => {
  it('starts sorted by time, marked, reads ≥ N, and refuses a bad line on the prompt without sending it', async () => {
    const store = storeFor(demo);
    store.getState().start();
    await settled(store);
    store.getState().goTo('messages');
    await expect.poll(() => currentList(store.getState())?.loadedPage, { timeout: 5000 }).toBe(1);
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.sort).toEqual({ field: 'chatLog.sendTime', desc: true });
    const times = shownRows(list).map((r) => (r as { chatLog: { sendTime: number } }).chatLog.sendTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const status = pagingText(list, 50);
    expect(status).toMatch(/≥[\d,]+ found/);
    expect(status).toContain('sorted by chatLog.sendTime');
    expect(status).toContain('rows in storage order');

    store.getState().openPrompt('search', 'type:nope');
    store.getState().submitPrompt();
    expect(store.getState().prompt?.note?.text).toMatch(/type "nope" is no content type/);
    expect(currentList(store.getState())!.query).toEqual(LISTS.messages.query.initial);
  });

  it('opens from a user screen with M (from: the user) and from a conversation row with m (the pair)', async () => {
    const store = storeFor(demo);
    const terminal = { terminal: { columns: 120, rows: 40 }, color: false, keys: DEFAULT_KEYS };
    store.getState().openUser(DEMO.firstUserID);
    await settled(store);
    dispatchKey('M', store, terminal);
    expect(currentScreen(store.getState())).toEqual({ name: 'messages' });
    expect(currentList(store.getState())!.query).toMatchObject({ from: DEMO.firstUserID, to: '' });
    await settled(store);
    expect(currentList(store.getState())!.rows.every((r) => (r as { chatLog: { sendID: string } }).chatLog.sendID === DEMO.firstUserID)).toBe(true);
    store.getState().back();
    expect(currentScreen(store.getState())).toMatchObject({ name: 'user', userID: DEMO.firstUserID });

    // A group conversation: from the owner, to the group.
    await settled(store);
    const rows = currentList(store.getState())!.rows as { conversationID: string }[];
    const at = rows.findIndex((c) => c.conversationID.startsWith('sg_'));
    store.getState().moveCursor(at - (currentList(store.getState())!.cursor ?? 0));
    dispatchKey('m', store, terminal);
    expect(currentList(store.getState())!.query).toMatchObject({ from: DEMO.firstUserID, to: rows[at]!.conversationID.slice(3) });
  });
});

describe('against a server answering in the real shapes', () => {
  let server: TestServer;
  /** Twelve rows in pages of five; every page says chatLogsNum 3: a count smaller than the rows walked. */
  const chatLog = (i: number) => ({
    serverMsgID: `m${i}`, clientMsgID: `c${i}`, sendID: 'alice', recvID: i % 2 ? 'bob' : 'g1', groupID: i % 2 ? '' : 'g1', recvNickname: i % 2 ? 'Bob' : '',
    senderPlatformID: 13, senderNickname: 'Alice', senderFaceURL: i % 2 ? 'https://a/alice.png' : 'https://a/group.png', groupName: i % 2 ? '' : 'Ops',
    sessionType: i % 2 ? 1 : 3, msgFrom: 100, contentType: 101, content: JSON.stringify({ content: `hello ${i}` }), status: 2,
    sendTime: 1_759_276_800_000 + (i % 3) * 60_000 - i, createTime: 1_759_276_800_000, ex: '', groupFaceURL: '', groupMemberCount: 0, seq: i, groupOwner: '', groupType: 0,
  });
  beforeAll(async () => {
    server = await startTestServer((req, res) => {
      const body = JSON.parse(req.body) as { pagination?: { pageNumber: number; showNumber: number } };
      const { pageNumber, showNumber } = body.pagination ?? { pageNumber: 1, showNumber: 0 };
      const start = (pageNumber - 1) * showNumber;
      const logs = Array.from({ length: 12 }, (_, i) => chatLog(i + 1)).slice(start, start + showNumber);
      res.setHeader('Content-Type', 'application/json');
      const data = req.path === '/auth/get_admin_token' ? { token: 'tok', expireTimeSeconds: 3600 } : { chatLogs: logs.length ? logs.map((c) => ({ chatLog: c, isRevoked: c.seq === 3 })) : null, chatLogsNum: 3 };
      res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data }));
    });
  });
  afterAll(() => server.close());
  afterEach(() => server.requests.splice(0));

  it('prints every row with --all in every format, the rows as sent', { tags: ['cli'] }, async () => {
    const json = await runCli(['messages', '--from', 'alice', '--day', '2025-10-01', '--all', '--size', '5', '-o', 'json', ...connect(server.url)], { TZ: 'Asia/Shanghai' });
    // stdout keeps the rows alone; the page order is said first, and the count the server sent (a lower bound) once on stderr, as sent.
    expect(json.stderr, 'the count said after the rows: the rows walked, whole at the last page, never the smaller count sent').toBe(
      "openim-explorer: pages oldest first (storage order): the newest are on the last page\nopenim-explorer: 12 found (the server's count as sent: 3)\n",
    );
    const rows = JSON.parse(json.stdout) as { chatLog: { seq: number; content: string }; isRevoked: boolean }[];
    expect(rows.map((r) => r.chatLog.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows[0]!.chatLog.content).toBe('{"content":"hello 1"}');
    const sent = server.requests.filter((r) => r.path === '/msg/search_msg').map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(sent[0]).toEqual({ sendID: 'alice', sendTime: '2025-10-01', pagination: { pageNumber: 1, showNumber: 5 } });
    expect(sent).toHaveLength(3);

    const ndjson = await runCli(['messages', '-o', 'ndjson', '--size', '5', ...connect(server.url)]);
    expect(ndjson.stdout.trim().split('\n')).toHaveLength(5);
    const csv = await runCli(['messages', '-o', 'csv', '--size', '2', ...connect(server.url)]);
    const [header, first] = csv.stdout.split(/\r?\n/);
    expect(header).toBe(
      'chatLog.sendTime,chatLog.sendID,chatLog.contentType,isRevoked,chatLog.senderNickname,chatLog.recvID,chatLog.recvNickname,chatLog.groupID,' +
        'chatLog.groupName,chatLog.sessionType,chatLog.seq,chatLog.senderPlatformID,chatLog.serverMsgID,chatLog.clientMsgID,summary,chatLog.content',
    );
    expect(first).toContain('hello 1,"{""content"":""hello 1""}"');
    // A platform newer than the table (13) is named by its number, once.
    const detail = LISTS.messages.detail(rows[0] as never, { now: Date.now() });
    expect(detail.sections.flatMap((s) => s.fields).find((f) => f.label === 'senderPlatformID')?.value).toBe('Unknown (13)');
    const table = await runCli(['messages', '-o', 'table', '--size', '3', ...connect(server.url)]);
    expect(table.stdout).toMatch(/^TIME +FROM +TO +TYPE +MESSAGE +REVOKED/);
    expect(table.stdout).toMatch(/alice +g1 \(group\) +Text +hello 2/);
    expect(table.stdout).toMatch(/alice +bob +Text +hello 3 +revoked/);
  });

  it('refuses a bad flag with exit 2 and sends nothing', { tags: ['cli'] }, async () => {
    const bad = await runCli(['messages', '--type', 'nope', ...connect(server.url)]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('openim-explorer: --type "nope" is no content type: a name (Tab lists them) or a number\n');
    expect(server.requests).toHaveLength(0);
  });
});

describe('the live view on a search', () => {
  it('shows a message that arrives on the living demo, marked', async () => {
    const PACE = 1_000;
    // The living demo's world counts back from the clock it starts with.
    const START = Date.UTC(2026, 0, 15, 9, 30);
    const options = (clock: { now: number }) => ({ users: 500, activity: { paceMs: PACE, now: () => clock.now } });
    // A twin of the living server, ahead of it, says which chat of user_000001 (single or group) gets a message first.
    const aheadClock = { now: START };
    const ahead = await startDemoServer(options(aheadClock));
    const before = await conversationsOf(ahead);
    let events = 0;
    let arrived: Conversation | undefined;
    while (!arrived && events < 12) {
      events++;
      aheadClock.now += PACE;
      const now = await conversationsOf(ahead);
      arrived = now.find((c) => !c.conversationID.startsWith('sn_') && c.msgInfo?.serverMsgID !== before.find((b) => b.conversationID === c.conversationID)?.msgInfo?.serverMsgID);
    }
    await ahead.close();
    expect(arrived?.msgInfo).toBeDefined();
    const message = arrived!.msgInfo!;

    const clock = { now: START };
    const server = await startDemoServer(options(clock));
    const timers = manualTimers();
    const store = storeFor(server, { liveTimers: timers.timers, liveIntervalMs: 5_000 });
    try {
      store.getState().goTo('messages');
      await settled(store);
      const day = new Date(message.LatestMsgRecvTime).toISOString().slice(0, 10);
      store.getState().narrow(`from:${message.sendID} to:${message.groupID || DEMO.firstUserID} type:Text day:${day}`);
      await settled(store);
      const ids = () => currentList(store.getState())!.rows.map((r) => (r as { chatLog: { serverMsgID: string } }).chatLog.serverMsgID);
      expect(ids()).not.toContain(message.serverMsgID);
      store.getState().toggleLive();
      await expect.poll(() => store.getState().live.status.state, { timeout: 5000 }).toBe('scheduled');
      clock.now += events * PACE;
      timers.advance(5_000);
      await expect.poll(ids, { timeout: 5000 }).toContain(message.serverMsgID);
      expect(Object.keys(currentList(store.getState())!.changes?.marks ?? {})).toContain(`${message.serverMsgID}/${arrivedSeq(store, message.serverMsgID)}`);
    } finally {
      store.getState().quit();
      await server.close();
    }
  });
});

const conversationsOf = async (server: DemoServer): Promise<readonly Conversation[]> =>
  (await LISTS.conversations.operation.send(demoClient(server), { userID: DEMO.firstUserID, pagination: { pageNumber: 1, showNumber: 1000 } })).rows;

function arrivedSeq(store: ReturnType<typeof storeFor>, serverMsgID: string): number {
  const row = currentList(store.getState())!.rows.find((r) => (r as { chatLog: { serverMsgID: string } }).chatLog.serverMsgID === serverMsgID);
  return (row as { chatLog: { seq: number } }).chatLog.seq;
}
