// The trace's reads (api/traceReads.ts) against the demo over loopback, as the release and as main:
// batch reads indexed by ID whatever the order, unknown IDs dropped, the `[]` and missing answers of
// §12.1-12.11, the permissions that differ by generation, and the token detail's tokens dropped on read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import {
  getConversations, getGroupsInfo, getNewestSeqs, getOnlineTokenDetail, getSpecifiedBlacks, isFriend, TRACE_OPERATIONS,
} from '../../src/api/traceReads.js';
import { DEMO, startDemoServer, tracePlants, type DemoServer } from 'openim-demo-server';
import { demoClient } from '../support/demoClient.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

const USERS = 1000;
const plants = tracePlants(USERS);
let release: DemoServer;
let main: DemoServer;
beforeAll(async () => {
  [release, main] = await Promise.all([startDemoServer({ users: USERS }), startDemoServer({ users: USERS, server: 'main' })]);
});
afterAll(() => Promise.all([release.close(), main.close()]));

const asUser = (server: DemoServer, userID: string) =>
  new OpenIMClient({ baseUrl: server.url, token: server.mintToken(userID), adminUserID: DEMO.adminUserID, timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 23 });
const errCodeOf = (promise: Promise<unknown>) => promise.then(() => 0, (e: unknown) => (e instanceof ApiError ? e.errCode : -1));
/** The raw reply, for what the client's schema drops. */
async function raw(server: DemoServer, path: string, body: unknown, token = server.adminToken()): Promise<string> {
  const res = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', operationID: 't1', token }, body: JSON.stringify(body) });
  return res.text();
}

const ME = DEMO.firstUserID;
const blacklisted = plants.blacklisted!;
const dismissed = plants.dismissedGroup!;

describe.each([['release'], ['main']] as const)('as %s', (generation) => {
  const server = () => (generation === 'main' ? main : release);

  it('get_conversations: the owner rows by ID, unknown dropped, duplicates collapsed; [] answers none', async () => {
    const ids = [blacklisted.conversationID, 'si_nobody_none', plants.muted!.conversationID, blacklisted.conversationID];
    const rows = await getConversations(demoClient(server()), { ownerUserID: ME, conversationIDs: ids });
    expect([...rows.keys()].sort()).toEqual([blacklisted.conversationID, plants.muted!.conversationID].sort());
    expect(rows.get(plants.muted!.conversationID)!.recvMsgOpt).not.toBe(0);
    expect(rows.get(blacklisted.conversationID)).toMatchObject({ ownerUserID: ME, conversationType: 1, userID: blacklisted.senderID });
    expect((await getConversations(demoClient(server()), { ownerUserID: ME, conversationIDs: [] })).size).toBe(0);
    expect(await raw(server(), TRACE_OPERATIONS.conversations.path, { ownerUserID: ME, conversationIDs: [] })).toContain('"data":{"conversations":null}');
    expect(await raw(server(), TRACE_OPERATIONS.conversations.path, { ownerUserID: ME })).toContain('conversationIDs is empty');
  });

  it("get_conversations: another user's token reads them on the release only", async () => {
    const other = asUser(server(), 'user_000002');
    expect(await errCodeOf(getConversations(other, { ownerUserID: ME, conversationIDs: [blacklisted.conversationID] }))).toBe(generation === 'main' ? 1002 : 0);
    expect(await errCodeOf(getConversations(asUser(server(), ME), { ownerUserID: ME, conversationIDs: [blacklisted.conversationID] }))).toBe(0);
  });

  it('get_specified_blacks: only the blocked ones, createTime in ms; owner or admin; empty and repeated lists refused', async () => {
    const blocks = await getSpecifiedBlacks(demoClient(server()), { ownerUserID: ME, userIDList: [blacklisted.senderID, 'user_000002'] });
    expect([...blocks.keys()]).toEqual([blacklisted.senderID]);
    expect(blocks.get(blacklisted.senderID)!.createTime).toBeGreaterThan(1e12);
    expect(await errCodeOf(getSpecifiedBlacks(demoClient(server()), { ownerUserID: ME, userIDList: [] }))).toBe(1001);
    expect(await errCodeOf(getSpecifiedBlacks(demoClient(server()), { ownerUserID: ME, userIDList: ['a', 'a'] }))).toBe(1001);
    expect(await errCodeOf(getSpecifiedBlacks(asUser(server(), 'user_000002'), { ownerUserID: ME, userIDList: ['a'] }))).toBe(1002);
  });

  it('is_friend: both directions, unknown users false; main refuses a third user', async () => {
    const pair = await isFriend(demoClient(server()), { userID1: ME, userID2: 'nobody' });
    expect(pair).toMatchObject({ inUser1Friends: false, inUser2Friends: false });
    expect(await errCodeOf(isFriend(demoClient(server()), { userID1: '', userID2: ME }))).toBe(1001);
    expect(await errCodeOf(isFriend(asUser(server(), 'user_000003'), { userID1: ME, userID2: 'user_000002' }))).toBe(generation === 'main' ? 1002 : 0);
    expect(await errCodeOf(isFriend(asUser(server(), ME), { userID1: ME, userID2: 'user_000002' }))).toBe(0);
  });

  it('get_groups_info: dismissed groups returned, unknown dropped; [] and missing IDs refused; open to any token', async () => {
    const groupID = dismissed.conversationID.slice(3);
    const groups = await getGroupsInfo(asUser(server(), 'user_000002'), { groupIDs: [groupID, 'nogroup', groupID] });
    expect([...groups.keys()]).toEqual([groupID]);
    expect(groups.get(groupID)!.status).toBe(2);
    expect(await errCodeOf(getGroupsInfo(demoClient(server()), { groupIDs: [] }))).toBe(1001);
    expect(await raw(server(), TRACE_OPERATIONS.groupsInfo.path, {})).toContain('GroupIDs is empty');
  });

  it('newest_seq: every conversation with its seq and none at 0; minSeqs null on the release, absent on main', async () => {
    const seqs = await getNewestSeqs(demoClient(server()), { userID: ME });
    expect(seqs[blacklisted.conversationID]).toBeGreaterThanOrEqual(blacklisted.seq);
    expect(Object.values(seqs).every((s) => s > 0)).toBe(true);
    const text = await raw(server(), TRACE_OPERATIONS.newestSeq.path, { userID: ME });
    if (generation === 'main') expect(text).not.toContain('minSeqs');
    else expect(text).toContain('"minSeqs":null');
    expect(await errCodeOf(getNewestSeqs(asUser(server(), 'user_000002'), { userID: ME }))).toBe(1002);
  });

  it('get_users_online_token_detail: platforms and counts kept, the tokens the demo serves dropped; a user token gets nothing', async () => {
    const text = await raw(server(), TRACE_OPERATIONS.onlineTokenDetail.path, { userIDs: [ME, 'nobody'] });
    expect(text).toMatch(/"token":\["eyJ[\w-]+\.[\w-]+\.[\w-]+"/);
    const detail = await getOnlineTokenDetail(demoClient(server()), { userIDs: [ME, 'nobody'] });
    expect([...detail.keys()]).toEqual([ME]);
    const mine = detail.get(ME)!;
    expect(mine.singlePlatformToken.map((p) => p.platformID).sort()).toEqual([1, 5]);
    expect(JSON.stringify(mine)).not.toContain('token":');
    expect(JSON.stringify(mine)).not.toContain('eyJ');
    expect((await getOnlineTokenDetail(asUser(server(), ME), { userIDs: [ME] })).size).toBe(0);
    expect(await raw(server(), TRACE_OPERATIONS.onlineTokenDetail.path, { userIDs: [ME] }, server().mintToken(ME))).toContain('"errCode":0');
    const malformed = await fetch(server().url + TRACE_OPERATIONS.onlineTokenDetail.path, { method: 'POST', headers: { 'content-type': 'application/json', operationID: 't2', token: server().adminToken() }, body: '{"userIDs":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain('"errCode":1001');
  });
});
