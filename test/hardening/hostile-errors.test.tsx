// Hostile strings reach no terminal: every way an error shows. Every string of the corpus
// (test/fixtures/hostile.ts) is sent as errMsg and errDlt (plain, and before a Go stack), every
// third one also as the title of an HTML error page, a text/plain error body and a body that is
// not JSON; half of them as the errMsg of the 1004 that means "no conversations" or the errDlt of a
// 1004 that does not. The real App shows each failure under the rows of the system accounts list,
// or on the conversations of an account; every byte written to the fake terminal is then checked
// (audit.ts). hostile-users.test.tsx says how the corpus is shared between files and tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { currentList } from '../../src/store/selectors.js';
import { glyphs } from '../../src/terminal/glyphs.js';
import { stackTraceLines, type Mounted } from './harness.js';
import { CORPUS_SIZE, hostileFailure, startHostileServer, type HostileServer } from './hostileServer.js';
import { loaded, mountHostileApp, step } from './walk.js';

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

/** The App on the system accounts list, detail pane closed: the error bar shows under the rows. */
async function onAccounts(): Promise<Mounted> {
  const m = mountHostileApp(server);
  await loaded(m, 1);
  await step(m, 'a');
  await loaded(m, 1);
  return m;
}

const HALF = Math.ceil(CORPUS_SIZE / 2);

describe('hostile strings in errors', () => {
  // A test per half of the corpus, so that none runs long on a loaded machine.
  it.each([
    [0, HALF],
    [HALF, CORPUS_SIZE],
  ])('reach no terminal: the strings %i to %i', async (from, to) => {
    const m = await onAccounts();
    try {
      for (let i = from; i < to; i++) {
        // Every string in errMsg/errDlt (plain, or before a Go stack); every third one also in an
        // HTML title, a text/plain body, a body that is not JSON.
        for (const variant of i % 3 === 0 ? [i % 2, 2 + ((i / 3) % 3)] : [i % 2]) {
          server.serveFailure(hostileFailure(i, variant));
          await m.press('r');
          await loaded(m, currentList(m.store.getState())!.page);
          expect(currentList(m.store.getState())!.error, `${i}/${variant}`).not.toBeNull();
          // What reached the terminal: the error bar, never a stack trace. Replies that come fast
          // may share one frame, so no count of frames is asserted, only what the screen shows.
          const shown = await m.waitFor((s) => s.includes(glyphs().cross));
          expect(stackTraceLines(shown)).toEqual([]);
        }
      }
    } finally {
      server.serveData();
      m.unmount();
    }
    const audit = m.audit();
    expect(audit.violations.slice(0, 20)).toEqual([]);
    expect(audit.frames.some((f) => f.includes('\ufffd'))).toBe(true);
    expect(audit.frames.some((f) => f.includes('server error 500'))).toBe(true);
    expect(audit.frames.some((f) => f.includes('HTTP 502'))).toBe(true);
  });

  it('reach no terminal: the 1004 of a user without conversations (a notice showing errMsg) and any other 1004 (a failure showing errDlt)', async () => {
    const m = await onAccounts();
    try {
      // `o` opens the account of the row as it is (a typed ID would be looked up first, and these
      // IDs are nowhere); row 1's ID is hostile.
      await step(m, 'j');
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
    expect(audit.frames.some((f) => f.includes('no conversations (server: 1004'))).toBe(true);
  });
});
