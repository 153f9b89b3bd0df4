// Hostile strings reach no terminal: who is online, the exact lookup and the token's expiry.
// - the status list (`:status`, then `s` and the IDs): get_users_status answers each asked ID
//   with a hostile user ID, statuses and platform IDs out of range (past 2^53, negative, as a
//   string, a hostile string, null); walked row by row with the pane open, copying with y, Y, C;
// - the users list's ONLINE column (`:columns online`): the same answers for the page's users;
// - the picker (`u ID`): get_users_info answers with hostile users at odd levels, or with another
//   ID (then the lookup's case search gets a hostile page and names a hostile ID on the prompt);
// - the header: parse_token answers a hostile owner and platform, and expiries past 2^53, past
//   any date, negative, zero.
// Every byte written to the fake terminal (and every copy) is checked (audit.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { currentList, currentScreen } from '../../src/store/selectors.js';
import { KEYS } from './harness.js';
import { statusAsk } from './hostileReads.js';
import { CORPUS_SIZE, startHostileServer, type HostileServer } from './hostileServer.js';
import { openList } from './openLists.js';
import { command, expectWalkClean, loaded, mountHostileApp, rowRanges, step, walkList } from './walk.js';

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  await server.close();
});

const HALF = Math.ceil(CORPUS_SIZE / 2);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('hostile strings in who is online', () => {
  it.each(rowRanges())('reach no terminal from the status list: rows %i to %i', async (from, to) => {
    const m = mountHostileApp(server);
    try {
      await openList(m, 'status');
      expect(currentList(m.store.getState())!.rows.length, m.screen()).toBe(20);
      expect(await walkList(m, 'd', 1, from, to, 'yYC')).toBe(to - from);
    } finally {
      m.unmount();
    }
    const audit = m.audit();
    expectWalkClean(audit, m.stdout.chunks);
    // Platform IDs no table knows show as their numbers.
    expect(audit.frames.some((f) => f.includes('(999)'))).toBe(true);
    expect(audit.copies.some((c) => c.startsWith('curl ') && c.includes('/user/get_users_status'))).toBe(true);
  });

  it('reach no terminal from the ONLINE column of the users list', async () => {
    const m = mountHostileApp(server);
    try {
      await loaded(m, 1);
      await command(m, 'columns online');
      // Beside the hostile IDs and names (the widest a cell may be) the column fits at 100
      // columns once two others are hidden.
      await command(m, 'columns createTime');
      await command(m, 'columns appMangerLevel');
      await m.waitFor('ONLINE');
      expect(currentList(m.store.getState())!.rows.filter((r) => 'online' in r).length).toBe(20);
      expect(await walkList(m, 'd', 1, 0, 40)).toBe(40);
    } finally {
      m.unmount();
    }
    const audit = m.audit();
    expectWalkClean(audit, m.stdout.chunks);
    expect(audit.frames.some((f) => f.includes('ONLINE') && f.includes('999'))).toBe(true);
  });
});

describe('hostile strings in the exact lookup (the picker)', () => {
  // Every row of the corpus, in two halves so that neither runs long on a loaded machine.
  it.each([
    [0, HALF],
    [HALF, CORPUS_SIZE],
  ])('reach no terminal: the rows %i to %i looked up by u', async (from, to) => {
    const m = mountHostileApp(server);
    let opened = 0;
    let refused = 0;
    try {
      await loaded(m, 1);
      for (let row = from; row < to; row++) {
        await step(m, 'u');
        await m.type(statusAsk(row));
        await m.settle(5);
        await step(m, KEYS.enter);
        const deadline = Date.now() + 10_000;
        while (m.store.getState().checkingUser && Date.now() < deadline) await sleep(2);
        expect(m.store.getState().checkingUser, `row ${row}`).toBe(false);
        await m.settle(5);
        const state = m.store.getState();
        if (state.prompt?.kind === 'user') {
          refused++;
          // The case search's hostile ID is named on the prompt, sanitised.
          await step(m, KEYS.esc);
        } else {
          opened++;
          const screen = currentScreen(state);
          expect(screen.name === 'user' && screen.userID).toBe(statusAsk(row));
        }
      }
    } finally {
      m.unmount();
    }
    expect(opened).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(5);
    const audit = m.audit();
    expect(audit.violations.slice(0, 20)).toEqual([]);
    expect(audit.frames.some((f) => f.includes('\ufffd'))).toBe(true);
    expect(audit.frames.some((f) => f.includes('no such user'))).toBe(true);
  });
});

describe("hostile strings and numbers in the token's expiry (the header)", () => {
  it('reach no terminal, and no timer is asked for longer than a timer can wait', async () => {
    const asked: number[] = [];
    // Timers that never fire: what matters is what they were asked for.
    const tokenTimers = { now: () => Date.now(), setTimeout: (_run: () => void, ms: number) => asked.push(ms), clearTimeout: () => undefined };
    const headers = new Set<string>();
    // One mount for each expiry the server cycles through (hostileReads.ts hostileToken).
    for (let i = 0; i < 6; i++) {
      const m = mountHostileApp(server, { tokenTimers });
      const before = server.requests.filter((r) => r.path === '/auth/parse_token').length;
      try {
        await loaded(m, 1);
        // Known when the reply has been read (an expiry of zero or less leaves the token unknown:
        // only the end of the read tells that from slow), never after a time.
        const read = m.client.tokenExpiry.bind(m.client);
        let answered = false;
        m.client.tokenExpiry = (signal) => read(signal).finally(() => (answered = true));
        m.store.getState().checkToken();
        const deadline = Date.now() + 10_000;
        while (!answered && Date.now() < deadline) await sleep(2);
        expect(answered).toBe(true);
        expect(server.requests.filter((r) => r.path === '/auth/parse_token').length).toBeGreaterThan(before);
        await m.settle(20);
        headers.add(m.screen().split('\n')[0]!);
      } finally {
        m.unmount();
      }
      expect(m.audit().violations.slice(0, 20)).toEqual([]);
    }
    // Node runs a timer asked for more than 2^31-1 ms at once (and warns): the header would then
    // re-arm it every millisecond for as long as the session lasts.
    expect(asked.length).toBeGreaterThan(0);
    expect(Math.max(...asked)).toBeLessThanOrEqual(2 ** 31 - 1);
    expect([...headers].some((h) => /token until \d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d/.test(h))).toBe(true);
    // An expiry past the Date range shows as its number, never a NaN offset.
    expect([...headers].some((h) => h.includes('token until 1e+303 (out of range)'))).toBe(true);
    expect([...headers].join('\n')).not.toContain('NaN');
  });
});
