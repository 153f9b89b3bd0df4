// Hostile strings reach no terminal: a user's friend applications (tab 3 of a user whose ID is
// hostile). Every string field of every application is a hostile string; the real App walks every
// row of every page with the detail pane open, copies rows with y, and every byte written to the
// fake terminal is checked. hostile-users.test.tsx says how the corpus is shared between files and tests.
import { afterAll, beforeAll, describe, it } from 'vitest';

import { startHostileServer, type HostileServer } from './hostileServer.js';
import { walkUserTab } from './userTab.js';
import { expectWalkClean, rowRanges } from './walk.js';

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  await server.close();
});

describe("hostile strings in a user's applications", () => {
  it.each(rowRanges())('reach no terminal: rows %i to %i', async (from, to) => {
    const { audit, chunks } = await walkUserTab(server, '3', 1, from, to);
    expectWalkClean(audit, chunks, to - from);
  });
});
