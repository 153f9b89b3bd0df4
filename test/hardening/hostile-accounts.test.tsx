// Hostile strings reach no terminal: system (notification) accounts. Every string field of every
// account is a hostile string; the real App walks every row with the detail pane open and every
// byte written to the fake terminal is checked. hostile-users.test.tsx says how the corpus is
// shared between files and tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHostileServer, type HostileServer } from './hostileServer.js';
import { expectWalkClean, loaded, mountHostileApp, rowRanges, step, walkList } from './walk.js';

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  await server.close();
});

describe('hostile strings in system (notification) accounts', () => {
  it.each(rowRanges())('reach no terminal: rows %i to %i', async (from, to) => {
    const m = mountHostileApp(server);
    try {
      await loaded(m, 1);
      await step(m, 'a');
      await loaded(m, 1);
      expect(await walkList(m, 'd', 1, from, to)).toBe(to - from);
    } finally {
      m.unmount();
    }
    expectWalkClean(m.audit(), m.stdout.chunks);
  });
});
