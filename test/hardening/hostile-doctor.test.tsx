// Hostile strings reach no terminal from the doctor: `:doctor user h1` reads every route of a
// user's from the hostile server (conversation IDs, seqs past 2^53, platforms out of range, group
// IDs), and its findings are walked row by row with the pane open, copying with y, Y, C.
// Every byte written to the fake terminal (and every copy) is checked (audit.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { currentList } from '../../src/store/selectors.js';
import { startHostileServer, type HostileServer } from './hostileServer.js';
import { openList } from './openLists.js';
import { expectWalkClean, mountHostileApp, walkList } from './walk.js';

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  await server.close();
});

describe('hostile strings in the doctor', () => {
  it('reach no terminal from the findings of a user', async () => {
    const m = mountHostileApp(server);
    let rows = 0;
    try {
      await openList(m, 'doctor');
      rows = currentList(m.store.getState())!.rows.length;
      expect(rows, m.screen()).toBeGreaterThan(0);
      expect(await walkList(m, 'd', 1, 0, rows, 'yYC')).toBe(rows);
    } finally {
      m.unmount();
    }
    expectWalkClean(m.audit(), m.stdout.chunks);
  });
});
