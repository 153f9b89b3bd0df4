// Fuzz (2/2): generated replies (fuzz.ts: valid envelopes mutated by a seeded PRNG) through the
// real App with keys pressed between replies. Zero crashes, zero unhandled rejections, every
// failure shown as a readable value, and the app answers keys afterwards. fuzz-api.test.ts sends
// thousands of them through the API layer alone.
import { afterEach, describe, expect, it } from 'vitest';

import { isApiFailure } from '../../src/api/errors.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import type { FaultServer } from '../support/faultServer.js';
import { prng } from '../support/prng.js';
import { fuzzServer, RAW_ERRORS, SEED, TOKEN, watchRejections } from './fuzzServer.js';
import { KEYS, mountApp, stackTraceLines } from './harness.js';
import { retryPolicy } from '../support/retryPolicy.js';

const UI_REPLIES = 200;
const rejections = watchRejections();

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('fuzzed replies', () => {
  it(`through the UI: ${UI_REPLIES} replies with keys pressed in between`, async () => {
    const count = { replies: 0 };
    server = await fuzzServer(SEED + 1, count);
    // The fuzz server answers at once: a deadline of its own would turn a reply parsed slowly on a
    // busy machine into a timeout, and move where the seeded walk goes.
    const m = mountApp({ client: { baseUrl: server.url, token: TOKEN, timeoutMs: 10_000, retryPolicy: retryPolicy({ retries: 1, backoffMs: () => 0 }), maxBodyBytes: 1024 * 1024 }, columns: 100, rows: 24 });
    const random = prng(SEED + 2);
    // 6: a user's groups (Enter: a group's members); Enter on a conversation: its history; M and m: the message search.
    const keys = ['n', 'p', 'r', 'r', 'j', 'G', KEYS.enter, KEYS.esc, '1', '2', '3', '6', 'd', 'J', 'y', 'a', 'o', 'M', 'm', '+', '-'];
    const shown = new Set<string>();
    const kinds = new Set<string>();
    try {
      // At least UI_REPLIES replies, and on until the walk has reached the message lists (whose
      // requests differ in number by page, which moves where a seeded walk goes), within a bound.
      const reached = () => kinds.has('messages') && kinds.has('history');
      // Past UI_REPLIES, a walk that has not reached them is steered there (a user's first tab, Enter
      // on a conversation; M), still over fuzzed replies: which keys are pressed moves with every
      // request a screen adds, the lists it must reach do not.
      // M is a user's key (the messages they sent): each path opens a user first. A bound on the keys
      // too, since a key that asks for nothing adds no reply.
      const toUser = [KEYS.esc, KEYS.esc, KEYS.esc, 'j', KEYS.enter];
      const steer = (): string[] => (kinds.has('history') ? [...toUser, 'M'] : [...toUser, '1', 'j', KEYS.enter]);
      let steps: string[] = [];
      let presses = 0;
      while ((count.replies < UI_REPLIES || (!reached() && count.replies < 3 * UI_REPLIES)) && presses++ < 20 * UI_REPLIES) {
        const steered = count.replies >= UI_REPLIES;
        if (steered && steps.length === 0) steps = steer();
        const key = steered ? steps.shift()! : keys[Math.floor(random() * keys.length)]!;
        await m.press(key);
        // Wait for the request the key started, if any, to end.
        const deadline = Date.now() + 15_000;
        while (currentList(m.store.getState())?.loading && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
        // Steered, each key must land on the screen the one before it opened: a longer quiet, so a
        // frame drawn late on a busy machine is not taken for the end of the step.
        await m.settle(steered ? 80 : 12);
        const state = m.store.getState();
        const list = currentList(state);
        if (list) kinds.add(list.kind);
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
      // The replies reach the lists added with messages and history too.
      expect([...kinds]).toEqual(expect.arrayContaining(['messages', 'history']));
      // Still answering: back to the users, the help opens and closes, q quits nothing from there.
      while (m.store.getState().nav.length > 1 || m.store.getState().detail.open) await m.press(KEYS.esc);
      // `a` replaces the top level (store/history.ts): the one screen left may be the accounts.
      if (currentScreen(m.store.getState()).name === 'accounts') m.store.getState().goTo('users');
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
