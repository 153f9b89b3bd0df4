// Hostile strings reach no terminal: a user's conversations (tab 1 of a user whose ID is
// hostile). Every string field of every conversation is a hostile string, msgInfo and message
// content included (as text, inside JSON documents, as JSON keys, inside a notification's nested
// detail). The real App walks every row of every page with the detail pane open (scrolled two
// pages), copies rows with y, and every byte written to the fake terminal is checked.
// hostile-users.test.tsx says how the corpus is shared between files and tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHostileServer, type HostileServer } from './hostileServer.js';
import { walkUserTab } from './userTab.js';
import { rowRanges } from './walk.js';

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  await server.close();
});

describe("hostile strings in a user's conversations", () => {
  it.each(rowRanges(4))('reach no terminal: rows %i to %i', async (from, to) => {
    const { audit, chunks } = await walkUserTab(server, '1', 2, from, to);
    expect(audit.violations.slice(0, 20)).toEqual([]);
    expect(audit.frames.length).toBeGreaterThan(to - from);
    expect(audit.frames.some((f) => f.includes('\ufffd'))).toBe(true);
    // Decoded content shows (the ordinary rows hold ordinary JSON contents).
    if (from === 0) expect(audit.frames.some((f) => f.includes('Decoded JSON'))).toBe(true);
    expect(chunks.some((c) => c.startsWith('\u001b]52;c;'))).toBe(true);
  });
});
