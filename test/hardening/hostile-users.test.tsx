// Hostile strings reach no terminal: users. Every string field of every user is a hostile string
// (test/fixtures/hostile.ts), served over loopback by an OpenIM look-alike (hostileServer.ts). The
// real App walks every row with the detail pane open, copies rows with y, and every byte written
// to the fake terminal is checked (audit.ts): only the sequences Ink and the app emit themselves,
// no control or bidi character, and every line fits the width.
//
// The hostile-*.test.tsx files share the corpus so that vitest's workers share the work (users,
// system accounts, errors, and a user's conversations, blacklist and applications), and each walks
// the rows in ranges of about equal cost (walk.ts rowRanges), a test each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CORPUS_SIZE, distinctPerField, startHostileServer, type HostileServer } from './hostileServer.js';
import { expectWalkClean, loaded, mountHostileApp, rowRanges, walkList } from './walk.js';

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  await server.close();
});

describe('hostile strings in users', () => {
  it('are placed at least 50 different ones in every string field', () => {
    // 20 string fields are the most a row has (a conversation with its msgInfo).
    for (const n of distinctPerField(24)) expect(n).toBeGreaterThanOrEqual(50);
  });

  it.each([2, 4])('are walked whole: the row ranges in %i parts cover every row of the corpus once', (parts) => {
    const rows = rowRanges(parts).flatMap(([from, to]) => Array.from({ length: to - from }, (_, i) => from + i));
    expect(rows).toEqual(Array.from({ length: CORPUS_SIZE }, (_, i) => i));
  });

  it.each(rowRanges())('reach no terminal: rows %i to %i', async (from, to) => {
    const m = mountHostileApp(server);
    try {
      await loaded(m, 1);
      expect(await walkList(m, 'd', 1, from, to)).toBe(to - from);
    } finally {
      m.unmount();
    }
    expectWalkClean(m.audit(), m.stdout.chunks);
  });
});
