// Hostile strings reach no terminal: a conversation's history (Enter on a conversation whose ID is
// hostile, of a user whose ID is hostile: /msg/get_conversations_has_read_and_max_seq, then
// /msg/pull_msg_by_seq). Every string field of every message is a hostile string, its content
// base64 of the decoder's shapes (or the text itself, or bytes that are not UTF-8), some seqs
// absent (gap rows); the read state's notice line gets a read seq past the max seq, negative,
// past 2^53 and past any count, a seq map with a hostile key and a null notification map; some seqs
// deleted (status-4 placeholders with odd send times: deleted gap rows) and some status-4 rows
// that still carry every hostile field (rows marked deleted). The
// real App walks every row with the detail pane open (scrolled two pages), copies rows with y, Y
// and C, and every byte written to the fake terminal (and every copy) is checked.
// hostile-users.test.tsx says how the corpus is shared between files and tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { currentList } from '../../src/store/selectors.js';
import { HOSTILE_VALUES } from '../fixtures/hostile.js';
import { PLACEHOLDER_ROWS } from './hostileReads.js';
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

describe("hostile strings in a conversation's history", () => {
  it.each(rowRanges(4))('reach no terminal: rows %i to %i', async (from, to) => {
    const m = mountHostileApp(server);
    try {
      await openList(m, 'history');
      expect((currentList(m.store.getState())!.query as { conversationID: string }).conversationID).toBe(HOSTILE_VALUES[0]);
      expect(await walkList(m, 'd', 2, from, to, 'yYC')).toBe(to - from);
    } finally {
      m.unmount();
    }
    const audit = m.audit();
    expectWalkClean(audit, m.stdout.chunks);
    // The notice line, the absent and deleted gap rows and the deleted messages show; the page went out as the request really sent.
    expect(audit.frames.some((f) => f.includes('max seq'))).toBe(true);
    expect(audit.frames.some((f) => f.includes('absent'))).toBe(true);
    // Page 1 (every walk starts there) has a status-4 row with its hostile fields; a placeholder's gap row, with its detail, where the walk reaches one.
    expect(audit.frames.some((f) => f.includes('deleted (status'))).toBe(true);
    if (PLACEHOLDER_ROWS.some((r) => r >= from && r < to)) expect(audit.frames.some((f) => /Seq \d+ deleted/.test(f) && f.includes('answered with a placeholder'))).toBe(true);
    expect(audit.copies.some((c) => c.startsWith('curl ') && c.includes('/msg/pull_msg_by_seq'))).toBe(true);
  });
});
