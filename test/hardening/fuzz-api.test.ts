// Fuzz (1/2): thousands of generated replies (fuzz.ts: valid envelopes mutated by a seeded PRNG)
// through the real API layer: every list's page operation (the history's reads the read state
// then pulls its seqs: both replies fuzzed), who is online, the exact lookup and the token's expiry. Zero crashes, zero unhandled rejections, every
// failure a typed, readable value. fuzz-ui.test.tsx sends them through the real App.
import { afterEach, describe, expect, it } from 'vitest';

import { OpenIMClient } from '../../src/api/client.js';
import { AbortedError, isApiFailure } from '../../src/api/errors.js';
import { getUsers, getUsersInfo, getUsersStatus, searchNotificationAccounts } from '../../src/api/operations.js';
import { LISTS } from '../../src/lists/registry.js';
import type { Page } from '../../src/api/schemas.js';
import type { FaultServer } from '../support/faultServer.js';
import { fuzzServer, RAW_ERRORS, SEED, TOKEN, watchRejections } from './fuzzServer.js';
import { FUZZ_CONVERSATION } from './fuzz.js';
import { retryPolicy } from '../support/retryPolicy.js';

// Each list's page operation, as the tests of the wire call it.
const getBlackList = (...a: Parameters<typeof LISTS.blacklist.operation.send>) => LISTS.blacklist.operation.send(...a);
const getSelfFriendApplyList = (...a: Parameters<typeof LISTS.applications.operation.send>) => LISTS.applications.operation.send(...a);
const getSortedConversationList = (...a: Parameters<typeof LISTS.conversations.operation.send>) => LISTS.conversations.operation.send(...a);
const send = (kind: 'messages' | 'groups' | 'members' | 'joinedGroups' | 'history', client: OpenIMClient, body: object): Promise<Page<unknown>> =>
  (LISTS[kind].operation as { send: (c: OpenIMClient, b: object) => Promise<Page<unknown>> }).send(client, body);
/** What a call answers: a page, a list of rows, or the token's expiry (maybe unknown). */
type Answer = Page<unknown> | readonly unknown[] | { expiresAt: number } | undefined;

const API_REPLIES = 3000;
const rejections = watchRejections();

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('fuzzed replies', () => {
  it(`through the API layer: ${API_REPLIES} replies to every operation, each an answer or a typed failure`, async () => {
    const count = { replies: 0 };
    const pagination = { pageNumber: 1, showNumber: 20 };
    const calls: [string[], (client: OpenIMClient) => Promise<Answer>][] = [
      [['/user/get_users'], (client) => getUsers(client, { pagination })],
      [['/user/search_notification_account'], (client) => searchNotificationAccounts(client, { keyword: '', pagination })],
      [['/friend/get_self_friend_apply_list'], (client) => getSelfFriendApplyList(client, { userID: 'u1', pagination })],
      [['/friend/get_black_list'], (client) => getBlackList(client, { userID: 'u1', pagination })],
      [['/conversation/get_sorted_conversation_list'], (client) => getSortedConversationList(client, { userID: 'u1', pagination })],
      [['/msg/search_msg'], (client) => send('messages', client, { sendID: '', recvID: '', contentType: 0, sessionType: 0, pagination })],
      [['/group/get_groups'], (client) => send('groups', client, { pagination })],
      [['/group/get_group_member_list'], (client) => send('members', client, { groupID: 'g1', pagination })],
      [['/group/get_joined_group_list'], (client) => send('joinedGroups', client, { fromUserID: 'u1', pagination })],
      [
        ['/msg/get_conversations_has_read_and_max_seq', '/msg/pull_msg_by_seq'],
        (client) => send('history', client, { userID: 'u1', conversationID: FUZZ_CONVERSATION, page: 1 + Math.floor(count.replies % 3), size: 20 }),
      ],
      [['/user/get_users_status'], (client) => getUsersStatus(client, ['u1', 'u2'])],
      [['/user/get_users_info'], (client) => getUsersInfo(client, ['u1'])],
      [['/auth/parse_token'], (client) => client.tokenExpiry()],
    ];
    server = await fuzzServer(SEED, count, calls.flatMap(([paths]) => paths));
    const client = new OpenIMClient({ baseUrl: server.url, token: TOKEN, adminUserID: 'imAdmin', timeoutMs: 3000, retryPolicy: retryPolicy({ retries: 1, backoffMs: () => 0 }), maxBodyBytes: 1024 * 1024 });
    const outcomes = new Map<string, number>();
    const count1 = (k: string): void => void outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
    // The operations at once, each one request after the other: most of a request's time is
    // waiting on the loopback, and they share it.
    const answered = new Map<string, number>();
    const walk = async ([paths, call]: (typeof calls)[number]): Promise<void> => {
      while (count.replies < API_REPLIES) {
        // A call may answer without a request (a history page past the max seq its page 1 read):
        // give the other walkers the event loop, or such a walker would keep it.
        await new Promise((resolve) => setImmediate(resolve));
        const result = await call(client).then(
          (answer) => ({ answer }),
          (error: unknown) => ({ error }),
        );
        if ('answer' in result) {
          const { answer } = result;
          const rows = Array.isArray(answer) ? answer : answer && 'rows' in answer ? answer.rows : [];
          if (answer && 'rows' in answer) expect(typeof answer.total).toBe('number');
          if (answer && 'expiresAt' in answer) expect(typeof answer.expiresAt).toBe('number');
          expect(Array.isArray(rows)).toBe(true);
          // What a page holds must survive what the UI does with a row: copy it as JSON.
          for (const row of rows) expect(() => JSON.stringify(row)).not.toThrow();
          count1('page');
          answered.set(paths[0]!, (answered.get(paths[0]!) ?? 0) + 1);
        } else {
          const { error } = result;
          expect(error, String(error)).not.toBeInstanceOf(AbortedError);
          if (!isApiFailure(error)) throw new Error(`not a typed failure: ${String(error)}`, { cause: error });
          expect(error.message).not.toMatch(RAW_ERRORS);
          expect(error.message).not.toContain(TOKEN);
          count1(error.kind);
        }
      }
    };
    await Promise.all(calls.map(walk));
    // Every operation's valid replies are read (the fuzz's valid envelopes are the real shapes).
    for (const [paths] of calls) expect(answered.get(paths[0]!) ?? 0, paths[0]).toBeGreaterThan(5);
    // The sequences reach every outcome.
    expect(count.replies).toBeGreaterThanOrEqual(API_REPLIES);
    for (const kind of ['page', 'api', 'http', 'protocol', 'network']) expect(outcomes.get(kind) ?? 0, kind).toBeGreaterThan(10);
    expect(rejections).toEqual([]);
  }, 60_000);
});
