// Fuzz: thousands of generated replies (fuzz.ts: valid envelopes mutated by a seeded PRNG) through
// the real API layer, all five operations, then through the real App with keys pressed between
// replies. Zero crashes, zero unhandled rejections, every failure a typed, readable value, and
// the app answers keys afterwards.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { OpenIMClient } from '../../src/api/client.js';
import { AbortedError, isApiFailure } from '../../src/api/errors.js';
import { getBlackList, getSelfFriendApplyList, getSortedConversationList, getUsers, searchNotificationAccounts } from '../../src/api/operations.js';
import type { Page } from '../../src/api/schemas.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { startFaultServer, type Fault, type FaultServer } from '../support/faultServer.js';
import { fuzzReply, prng } from './fuzz.js';
import { KEYS, mountApp, stackTraceLines } from './harness.js';

const SEED = 0x0e1d_2026;
const API_REPLIES = 2000;
const UI_REPLIES = 200;
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.ZnV6ei10b2tlbi1zaWduYXR1cmU';
const RAW_ERRORS = /TypeError|ZodError|SyntaxError|RangeError|ReferenceError|undefined is not|Cannot read prop|\[object Object\]/;

const rejections: unknown[] = [];
const onRejection = (reason: unknown): void => {
  rejections.push(reason);
};
beforeAll(() => {
  process.on('unhandledRejection', onRejection);
});
afterAll(() => {
  process.off('unhandledRejection', onRejection);
});

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose every reply is the next one of the fuzz sequence for the path asked. */
async function fuzzServer(seed: number, count: { replies: number }): Promise<FaultServer> {
  const random = prng(seed);
  return startFaultServer((path): Fault => {
    count.replies++;
    return fuzzReply(random, path);
  });
}

describe('fuzzed replies', () => {
  it(`through the API layer: ${API_REPLIES} replies to the five operations, each a page or a typed failure`, async () => {
    const count = { replies: 0 };
    server = await fuzzServer(SEED, count);
    const client = new OpenIMClient({ baseUrl: server.url, token: TOKEN, adminUserID: 'imAdmin', timeoutMs: 3000, retries: 1, maxBodyBytes: 1024 * 1024, retryDelayMs: () => 0 });
    const pagination = { pageNumber: 1, showNumber: 20 };
    const calls: (() => Promise<Page<unknown>>)[] = [
      () => getUsers(client, { pagination }),
      () => searchNotificationAccounts(client, { keyword: '', pagination }),
      () => getSelfFriendApplyList(client, { userID: 'u1', pagination }),
      () => getBlackList(client, { userID: 'u1', pagination }),
      () => getSortedConversationList(client, { userID: 'u1', pagination }),
    ];
    const outcomes = new Map<string, number>();
    const count1 = (k: string): void => void outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
    for (let i = 0; count.replies < API_REPLIES; i++) {
      const result = await calls[i % calls.length]!().then(
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
    // The sequence reaches every outcome.
    for (const kind of ['page', 'api', 'http', 'protocol', 'network']) expect(outcomes.get(kind) ?? 0, kind).toBeGreaterThan(10);
    expect(rejections).toEqual([]);
  }, 60_000);

  it(`through the UI: ${UI_REPLIES} replies with keys pressed in between`, async () => {
    const count = { replies: 0 };
    server = await fuzzServer(SEED + 1, count);
    const m = mountApp({ client: { baseUrl: server.url, token: TOKEN, timeoutMs: 2000, retries: 1, maxBodyBytes: 1024 * 1024 }, columns: 100, rows: 24 });
    const random = prng(SEED + 2);
    const keys = ['n', 'p', 'r', 'r', 'j', 'G', KEYS.enter, KEYS.esc, '1', '2', '3', 'd', 'J', 'y', 'a', 'o', '+', '-'];
    const shown = new Set<string>();
    try {
      while (count.replies < UI_REPLIES) {
        const key = keys[Math.floor(random() * keys.length)]!;
        await m.press(key);
        // Wait for the request the key started, if any, to end.
        const deadline = Date.now() + 5000;
        while (currentList(m.store.getState())?.loading && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
        await m.settle(4);
        const state = m.store.getState();
        const list = currentList(state);
        expect(list?.loading, 'a request that never ends').not.toBe(true);
        const error = list?.error;
        if (error) {
          // A failure of ours would be wrapped as an ApiError without an operationID (store.toFailure).
          expect(isApiFailure(error)).toBe(true);
          expect(error.origin.operationID, error.message).not.toBe('');
          shown.add(error.kind);
        }
        const screen = m.screen();
        expect(stackTraceLines(screen)).toEqual([]);
        expect(screen).not.toMatch(RAW_ERRORS);
        // Do not wander off into deep navigation stacks: Esc back now and then.
        if (state.nav.length > 3) await m.press(KEYS.esc, KEYS.esc);
      }
      expect([...shown].length).toBeGreaterThanOrEqual(3);
      // Still answering: back to the users, the help opens and closes, q quits nothing from there.
      while (m.store.getState().nav.length > 1 || m.store.getState().detail.open) await m.press(KEYS.esc);
      expect(currentScreen(m.store.getState()).name).toBe('users');
      await m.press('?');
      await m.waitFor('Keys');
      await m.press('?');
      await m.waitFor((s) => !s.includes('Keys  ('));
    } finally {
      m.unmount();
    }
    const audit = m.audit();
    expect(audit.violations.slice(0, 10)).toEqual([]);
    expect(rejections).toEqual([]);
  }, 60_000);
});
