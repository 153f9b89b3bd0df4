// The two servers the demo answers as (generation.ts): the newest release by default, main with
// `server: 'main'`. main flips exactly what shared/openim-api.md §12.17 item 16 lists: the
// owner-or-admin checks on the routes the demo serves (item 13), empty maps absent rather than
// null (item 6), /config/get_config_list (item 15), and §10's admin at level 2, the system
// accounts' listing and the demoted admin tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import { call, data, page } from './helpers.js';

let release: DemoServer;
let main: DemoServer;
beforeAll(async () => {
  [release, main] = await Promise.all([startDemoServer({ users: 50 }), startDemoServer({ users: 50, server: 'main' })]);
});
afterAll(() => Promise.all([release.close(), main.close()]));

const OTHER = 'user_000002';
/** A conversation of the first user's, with messages. */
const CONVERSATION = async (on: DemoServer): Promise<string> => {
  const list = await data<{ conversationElems: Array<{ conversationID: string; msgInfo: unknown }> }>(on, '/conversation/get_sorted_conversation_list', { userID: DEMO.firstUserID, pagination: page(1, 50) });
  return list.conversationElems.find((c) => c.msgInfo && c.conversationID.startsWith('si_'))!.conversationID;
};

describe("main's owner-or-admin checks (open on the release)", () => {
  const reads = (conversationID: string) =>
    [
      ['/msg/pull_msg_by_seq', { userID: DEMO.firstUserID, seqRanges: [{ conversationID, begin: 1, end: 5, num: 5 }], order: 0 }],
      ['/msg/get_conversations_has_read_and_max_seq', { userID: DEMO.firstUserID, conversationIDs: [conversationID] }],
      ['/conversation/get_owner_conversation', { userID: DEMO.firstUserID, pagination: page(1, 10) }],
      ['/conversation/get_sorted_conversation_list', { userID: DEMO.firstUserID, pagination: page(1, 10) }],
    ] as const;

  it("answers 1002 on main to a user token reading another user's, and the data to the owner and the admin", async () => {
    const id = await CONVERSATION(main);
    for (const [path, body] of reads(id)) {
      const other = await call(main, path, body, { token: main.mintToken(OTHER) });
      expect(other.body, path).toMatchObject({ errCode: 1002, errMsg: 'NoPermissionError' });
      for (const token of [main.mintToken(DEMO.firstUserID), main.adminToken()]) {
        expect((await call(main, path, body, { token })).body.errCode, path).toBe(0);
      }
    }
  });

  it('answers any token on the release', async () => {
    const id = await CONVERSATION(release);
    for (const [path, body] of reads(id)) {
      expect((await call(release, path, body, { token: release.mintToken(OTHER) })).body.errCode, path).toBe(0);
    }
  });
});

describe('empty maps', () => {
  const nothing = { userID: DEMO.firstUserID, seqRanges: [{ conversationID: 'si_user_000002_user_000003', begin: 1, end: 9, num: 9 }], order: 0 };
  it('are null on the release and absent on main: a pull of a conversation the user has no record of, read seqs of none', async () => {
    const onRelease = await call(release, '/msg/pull_msg_by_seq', nothing);
    expect(onRelease.body).toMatchObject({ errCode: 0, data: { msgs: null, notificationMsgs: null } });
    const onMain = await call(main, '/msg/pull_msg_by_seq', nothing);
    expect(onMain.body.errCode).toBe(0);
    expect(onMain.text).toContain('"data":{}');
    const seqsMain = await call(main, '/msg/get_conversations_has_read_and_max_seq', { userID: DEMO.firstUserID, conversationIDs: ['si_nobody_none'] });
    expect(seqsMain.text).toContain('"data":{}');
    const seqsRelease = await call(release, '/msg/get_conversations_has_read_and_max_seq', { userID: DEMO.firstUserID, conversationIDs: ['si_nobody_none'] });
    expect(seqsRelease.body.data).toEqual({ seqs: null });
  });
});

describe('/config/get_config_list', () => {
  it("is main's, for the admin alone: version main; the release answers 404", async () => {
    const got = await data<{ environment: string; version: string; configNames: string[] }>(main, '/config/get_config_list', {});
    expect(got).toMatchObject({ environment: 'source', version: 'main' });
    expect(got.configNames).toHaveLength(22);
    expect((await call(main, '/config/get_config_list', {}, { token: main.mintToken(OTHER) })).body).toMatchObject({ errCode: 1002 });
    const onRelease = await call(release, '/config/get_config_list', {}, { headers: { 'Accept-Encoding': 'identity' } });
    expect([onRelease.status, onRelease.text]).toEqual([404, '404 page not found']);
  });
});

describe("§10's main differences", () => {
  it('main stores the admin at level 2 as superAdmin; the release at level 3 under its ID', async () => {
    const info = async (on: DemoServer) => (await data<{ usersInfo: Array<{ nickname: string; appMangerLevel: number }> }>(on, '/user/get_users_info', { userIDs: [DEMO.adminUserID] })).usersInfo[0];
    expect(await info(main)).toMatchObject({ nickname: 'superAdmin', appMangerLevel: 2 });
    expect(await info(release)).toMatchObject({ nickname: DEMO.adminUserID, appMangerLevel: 3 });
  });

  it('main lists every system account of level 3 and up with no keyword, robots included, and honours appManagerLevel', async () => {
    type Accounts = { total: number; notificationAccounts: Array<{ userID: string; appMangerLevel: number }> | null };
    const list = (on: DemoServer, extra: object = {}) => data<Accounts>(on, '/user/search_notification_account', { keyword: '', pagination: page(1, 100), ...extra });
    const levels = (a: Accounts) => [...new Set((a.notificationAccounts ?? []).map((x) => x.appMangerLevel))].sort();
    expect(levels(await list(release))).toEqual([3]);
    expect(levels(await list(main))).toEqual([3, 4]);
    expect(levels(await list(main, { appManagerLevel: 4 }))).toEqual([4]);
    expect(levels(await list(release, { appManagerLevel: 4 })), 'the release accepts it and ignores it').toEqual([3]);
  });

  it("main demotes an admin's older tokens when a new one is issued; the release keeps every one", async () => {
    for (const [on, after] of [[main, 1507], [release, 0]] as const) {
      // Another lifetime, so that the two differ within one second.
      const first = on.mintToken(DEMO.adminUserID, { ttlSeconds: 3_600 });
      on.adminToken();
      on.expireTemporaryTokens(); // the demoted token's 5 minutes are over
      expect((await call(on, '/user/get_users', { pagination: page(1, 1) }, { token: first })).body.errCode).toBe(after);
    }
  });
});
