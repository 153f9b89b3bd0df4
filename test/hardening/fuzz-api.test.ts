// Fuzz (1/2): thousands of generated replies (fuzz.ts: valid envelopes mutated by a seeded PRNG)
// through the real API layer, all five operations. Zero crashes, zero unhandled rejections, every
// failure a typed, readable value. fuzz-ui.test.tsx sends them through the real App.
import { afterEach, describe, expect, it } from 'vitest';

import { OpenIMClient } from '../../src/api/client.js';
import { AbortedError, isApiFailure } from '../../src/api/errors.js';
import { getUsers, searchNotificationAccounts } from '../../src/api/operations.js';
import { LISTS } from '../../src/lists/registry.js';
import type { Page } from '../../src/api/schemas.js';
import type { FaultServer } from '../support/faultServer.js';
import { fuzzServer, RAW_ERRORS, SEED, TOKEN, watchRejections } from './fuzzServer.js';
import { retryPolicy } from '../support/retryPolicy.js';

// Each list's page operation, as the tests of the wire call it.
const getBlackList = (...a: Parameters<typeof LISTS.blacklist.operation.send>) => LISTS.blacklist.operation.send(...a);
const getSelfFriendApplyList = (...a: Parameters<typeof LISTS.applications.operation.send>) => LISTS.applications.operation.send(...a);
const getSortedConversationList = (...a: Parameters<typeof LISTS.conversations.operation.send>) => LISTS.conversations.operation.send(...a);

const API_REPLIES = 2000;
const rejections = watchRejections();

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('fuzzed replies', () => {
  it(`through the API layer: ${API_REPLIES} replies to the five operations, each a page or a typed failure`, async () => {
    const count = { replies: 0 };
    const pagination = { pageNumber: 1, showNumber: 20 };
    const calls: [string, (client: OpenIMClient) => Promise<Page<unknown>>][] = [
      ['/user/get_users', (client) => getUsers(client, { pagination })],
      ['/user/search_notification_account', (client) => searchNotificationAccounts(client, { keyword: '', pagination })],
      ['/friend/get_self_friend_apply_list', (client) => getSelfFriendApplyList(client, { userID: 'u1', pagination })],
      ['/friend/get_black_list', (client) => getBlackList(client, { userID: 'u1', pagination })],
      ['/conversation/get_sorted_conversation_list', (client) => getSortedConversationList(client, { userID: 'u1', pagination })],
    ];
    server = await fuzzServer(SEED, count, calls.map(([path]) => path));
    const client = new OpenIMClient({ baseUrl: server.url, token: TOKEN, adminUserID: 'imAdmin', timeoutMs: 3000, retryPolicy: retryPolicy({ retries: 1, backoffMs: () => 0 }), maxBodyBytes: 1024 * 1024 });
    const outcomes = new Map<string, number>();
    const count1 = (k: string): void => void outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
    // The five operations at once, each one request after the other: most of a request's time
    // is waiting on the loopback, and five of them share it.
    const walk = async (call: (client: OpenIMClient) => Promise<Page<unknown>>): Promise<void> => {
      while (count.replies < API_REPLIES) {
        const result = await call(client).then(
          (page) => ({ page }),
          (error: unknown) => ({ error }),
        );
        if ('page' in result) {
          expect(Array.isArray(result.page.rows)).toBe(true);
          expect(typeof result.page.total).toBe('number');
          // What a page holds must survive what the UI does with a row: copy it as JSON.
          for (const row of result.page.rows) expect(() => JSON.stringify(row)).not.toThrow();
          count1('page');
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
    await Promise.all(calls.map(([, call]) => walk(call)));
    // The sequences reach every outcome.
    expect(count.replies).toBeGreaterThanOrEqual(API_REPLIES);
    for (const kind of ['page', 'api', 'http', 'protocol', 'network']) expect(outcomes.get(kind) ?? 0, kind).toBeGreaterThan(10);
    expect(rejections).toEqual([]);
  }, 60_000);
});
