// Hostile strings reach no terminal (2/2): users, system accounts, and every way an error shows.
// Every string field of every user and notification account is a hostile string
// (test/fixtures/hostile.ts), and so are errMsg and errDlt (plain, and before a Go stack), the
// title of an HTML error page, a text/plain error body, a body that is not JSON, the errMsg
// of the 1004 that means "no conversations", and the errDlt of a 1004 that does not. The real App walks every row with the detail pane
// open and shows every failure; every byte written to the fake terminal is then checked
// (audit.ts). See hostile-user.test.tsx for the rest of the resources.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { currentList } from '../../src/store/selectors.js';
import { HOSTILE_WALK_MS, KEYS, mountApp, stackTraceLines } from './harness.js';
import { CORPUS_SIZE, distinctPerField, hostileFailure, startHostileServer, type HostileServer } from './hostileServer.js';
import { loaded, PAGE, step, walkList } from './walk.js';

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  await server.close();
});

function errMsgOf(i: number): string {
  const fault = hostileFailure(i, 0);
  return fault.kind === 'json' ? (fault.body as { errMsg: string }).errMsg : '';
}

describe('hostile strings in users, system accounts and errors', () => {
  it('are placed at least 50 different ones in every string field', () => {
    // 20 string fields are the most a row has (a conversation with its msgInfo).
    for (const n of distinctPerField(24)) expect(n).toBeGreaterThanOrEqual(50);
  });

  it('reach no terminal', async () => {
    const m = mountApp({ client: { baseUrl: server.url, token: 'hostile-test-token', maxBodyBytes: 64 * 1024 * 1024 }, columns: 100, rows: 40, pageSize: PAGE });
    try {
      await loaded(m, 1);
      expect(await walkList(m, 'd', 1)).toBe(CORPUS_SIZE);
      await step(m, 'a');
      await loaded(m, 1);
      expect(await walkList(m, 'd', 1)).toBe(CORPUS_SIZE);

      await step(m, KEYS.esc); // close the pane: the error bar shows under the rows
      for (let i = 0; i < CORPUS_SIZE; i++) {
        // Every string in errMsg/errDlt (plain, or before a Go stack); every third one also in an
        // HTML title, a text/plain body, a body that is not JSON.
        for (const variant of i % 3 === 0 ? [i % 2, 2 + ((i / 3) % 3)] : [i % 2]) {
          server.serveFailure(hostileFailure(i, variant));
          await m.press('r');
          await loaded(m, currentList(m.store.getState())!.page);
          expect(currentList(m.store.getState())!.error, `${i}/${variant}`).not.toBeNull();
          expect(stackTraceLines(m.screen())).toEqual([]);
        }
      }
      // The 1004 of a user without conversations is a notice that shows errMsg; a 1004 with any
      // other errDlt (a database message) is a failure that shows errDlt. `o` opens the account
      // of the row as it is (a typed ID would be looked up first, and these IDs are nowhere).
      await step(m, 'o');
      for (let i = 0; i < CORPUS_SIZE; i += 2) {
        const plain = i % 4 === 0;
        server.serveFailure({
          kind: 'json',
          body: plain
            ? { errCode: 1004, errMsg: errMsgOf(i), errDlt: 'RecordNotFoundError' }
            : { errCode: 1004, errMsg: 'RecordNotFoundError', errDlt: errMsgOf(i) },
        });
        await m.press('r');
        await loaded(m, 1);
        if (plain) expect(currentList(m.store.getState())!.notice).toMatch(/^no conversations/);
        else expect(currentList(m.store.getState())!.error).toMatchObject({ errCode: 1004 });
      }
    } finally {
      server.serveData();
      m.unmount();
    }
    const audit = m.audit();
    expect(audit.violations.slice(0, 20)).toEqual([]);
    expect(audit.frames.length).toBeGreaterThan(2 * CORPUS_SIZE);
    expect(audit.frames.some((f) => f.includes('\ufffd'))).toBe(true);
    expect(audit.frames.some((f) => f.includes('server error 500'))).toBe(true);
    expect(audit.frames.some((f) => f.includes('HTTP 502'))).toBe(true);
    expect(audit.frames.some((f) => f.includes('no conversations (server: 1004'))).toBe(true);
    expect(m.stdout.chunks.some((c) => c.startsWith('\u001b]52;c;'))).toBe(true);
  }, HOSTILE_WALK_MS);
});
