// Hostile strings reach no terminal: the message search (`:messages`, /msg/search_msg). Every
// string field of every found message is a hostile string, its content a JSON string in the shapes
// the decoder reads (text, not JSON, nested notification detail, hostile keys), its numbers out of
// range (platforms no table knows, times past any date). The real App walks every row with the
// detail pane open (scrolled two pages), copies rows with y, Y and C, and every byte written to
// the fake terminal (and every copy) is checked. hostile-users.test.tsx says how the corpus is
// shared between files and tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHostileServer, type HostileServer } from './hostileServer.js';
import { openList } from './openLists.js';
import { expectWalkClean, mountHostileApp, rowRanges, walkList } from './walk.js';

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  await server.close();
});

describe('hostile strings in the message search', () => {
  it.each(rowRanges(4))('reach no terminal: rows %i to %i', async (from, to) => {
    const m = mountHostileApp(server);
    try {
      await openList(m, 'messages');
      expect(await walkList(m, 'd', 2, from, to, 'yYC')).toBe(to - from);
    } finally {
      m.unmount();
    }
    const audit = m.audit();
    expectWalkClean(audit, m.stdout.chunks);
    expect(audit.copies.some((c) => c.startsWith('curl ') && c.includes('/msg/search_msg'))).toBe(true);
    if (from === 0) expect(audit.frames.some((f) => f.includes('Decoded JSON'))).toBe(true);
  });
});
