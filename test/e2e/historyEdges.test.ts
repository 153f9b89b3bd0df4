// What a real server answers at a history's edges and in the message search's count, on the built
// CLI in tmux at 80x24 against loopback servers answering in the real shapes (test/support/
// messageServer.ts): a conversation the user has no record of says so (not "cleared"); a read
// state answering 404 leaves the messages on screen with its failure on the notice line; a
// search whose chatLogsNum (1) is below the rows of its last page (2) says 2 found; and the demo
// answering as main (`--demo --server main`) serves a user's history as the release's does.
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertTmux, startApp, type App } from '../support/tmux.js';
import { startMessageServer, type MessageServer } from '../support/messageServer.js';
import { startTestServer, type Recorded, type TestServer } from '../support/recordingServer.js';
import { cursorLine } from '../support/screenText.js';
import { demoApps } from '../support/demoApp.js';
import { DEMO } from 'openim-demo-server';

const TEST_MS = 60_000;
const OWNER = 'owner_1';
const MINE = 'si_owner_1_peer_1';
const NOT_MINE = 'si_owner_1_peer_9';
const CONVERSATIONS = [
  { conversationID: MINE, maxSeq: 30, hasReadSeq: 25 },
  { conversationID: NOT_MINE, maxSeq: 12, hasReadSeq: 0, noRecord: true },
];

let app: App | undefined;
let plain: MessageServer;
let noReadState: MessageServer;
let search: TestServer;

/** get_users (one user) and a search_msg whose count, 1, is below its two rows, as a real server's lower bound can be. */
function searchServer(req: Recorded, res: ServerResponse): void {
  const log = (i: number) => ({
    serverMsgID: `m${i}`, clientMsgID: `c${i}`, sendID: 'alice', recvID: 'bob', groupID: '', recvNickname: 'Bob', senderPlatformID: 5, senderNickname: 'Alice',
    senderFaceURL: '', groupName: '', sessionType: 1, msgFrom: 100, contentType: 101, content: JSON.stringify({ content: `hello ${i}` }), status: 2,
    sendTime: 1_759_276_800_000 + i * 60_000, createTime: 1_759_276_800_000, ex: '', groupFaceURL: '', groupMemberCount: 0, seq: i, groupOwner: '', groupType: 0,
  });
  const data =
    req.path === '/user/get_users'
      ? { total: 1, users: [{ userID: 'alice', nickname: 'Alice', faceURL: '', ex: '', createTime: 0, appMangerLevel: 0, globalRecvMsgOpt: 0 }] }
      : req.path === '/msg/search_msg'
        ? { chatLogs: [1, 2].map((i) => ({ chatLog: log(i), isRevoked: false })), chatLogsNum: 1 }
        : undefined;
  if (data === undefined) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return void res.end('404 page not found');
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data }));
}

beforeAll(async () => {
  assertTmux();
  [plain, noReadState, search] = await Promise.all([
    startMessageServer(CONVERSATIONS, { owner: OWNER, emptyMaps: 'absent' }),
    startMessageServer(CONVERSATIONS, { owner: OWNER, readState: '404' }),
    startTestServer(searchServer),
  ]);
});
afterAll(() => Promise.all([plain.close(), noReadState.close(), search.close()]));
afterEach(() => {
  app?.kill();
  app = undefined;
});

/** The peer a single chat's row names. */
const peerOf = (conversationID: string): string => conversationID.split('_').slice(-2).join('_');

/** The explorer on `server` at 80x24, on the owner's conversations, the cursor on `conversationID`'s row (its peer), then Enter. */
async function openHistory(server: { url: string }, conversationID: string): Promise<App> {
  const a = startApp({ cols: 80, rows: 24, args: ['--base-url', server.url, '--token', 'tok'] });
  app = a;
  await a.waitFor((s) => s.includes(OWNER) && /page 1 of/.test(s));
  a.send('Enter');
  await a.waitFor((s) => s.includes(peerOf(MINE)) && s.includes(peerOf(NOT_MINE)));
  for (let step = 0; step < 4 && !cursorLine(a.screen()).includes(peerOf(conversationID)); step++) {
    const before = cursorLine(a.screen());
    a.send('j');
    await a.waitFor((s) => cursorLine(s) !== before);
  }
  expect(cursorLine(a.screen())).toContain(peerOf(conversationID));
  a.send('Enter');
  await a.waitFor((s) => s.includes('History of'));
  return a;
}

describe('a history at 80x24', () => {
  it('of a conversation the user has no record of says so, never "cleared", and no error', async () => {
    const a = await openHistory(plain, NOT_MINE);
    const screen = await a.waitFor((s) => s.includes('this user has no record of this conversation') && s.includes('no messages'));
    expect(screen).not.toMatch(/cleared|below the min seq/);
    expect(screen).not.toMatch(/server error|failed/);
  }, TEST_MS);

  it('whose read state answers 404 shows its messages, with the failure on the notice line', async () => {
    const a = await openHistory(noReadState, MINE);
    const screen = await a.waitFor((s) => /^\s*› *30 /m.test(s) && s.includes('! read state: HTTP 404, not served here (an older server) · unread unknown'));
    expect(screen).toMatch(/^\s*29 /m);
    expect(screen).not.toMatch(/server error/);
  }, TEST_MS);
});

describe('the message search at 80x24', () => {
  it('says 2 found with two rows on its last page, though the server counted 1', async () => {
    const a = startApp({ cols: 80, rows: 24, args: ['--base-url', search.url, '--token', 'tok'] });
    app = a;
    await a.waitFor((s) => s.includes('alice') && /page 1 of/.test(s));
    a.send(':');
    await a.waitFor((s) => /^:/m.test(s));
    a.type('messages');
    a.send('Enter');
    const screen = await a.waitFor((s) => s.includes('hello 1') && s.includes('hello 2') && /\b2 found\b/.test(s));
    expect(screen).not.toMatch(/\b1 found\b/);
  }, TEST_MS);
});

describe('the demo answering as main at 80x24', () => {
  const startDemo = demoApps({ cols: 80, rows: 24, extraArgs: ['--server', 'main', '--users', '200'] });
  it("opens a user's conversations and a history, its read state on the notice line", async () => {
    const a = await startDemo();
    a.send('Enter');
    await a.waitFor((s) => s.includes(`Users › ${DEMO.firstUserID}`) && /PIN +WITH/.test(s) && /^› /m.test(s));
    a.send('Enter');
    const screen = await a.waitFor((s) => s.includes('History of') && /^(! unread disagrees|max seq [\d,]+ · read up to)/m.test(s));
    expect(screen).not.toMatch(/server error|NoPermission/);
  }, TEST_MS);
});

