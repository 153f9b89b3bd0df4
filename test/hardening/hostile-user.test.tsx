// Hostile strings reach no terminal (1/2): a user's three tabs. Every string field of every
// conversation (msgInfo and message content included: as text, inside JSON documents, as JSON
// keys, inside a notification's nested detail), blacklist entry and friend application is a
// hostile string (test/fixtures/hostile.ts), served over loopback by an OpenIM look-alike. The
// real App walks every row of every page with the detail pane open (scrolled), copies rows with y,
// and every byte written to the fake terminal is checked (audit.ts): only the sequences Ink and
// the app emit themselves, no control or bidi character, and every line fits the width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { currentScreen } from '../../src/store/selectors.js';
import { HOSTILE_WALK_MS, KEYS, mountApp } from './harness.js';
import { HOSTILE_VALUES } from '../fixtures/hostile.js';
import { CORPUS_SIZE, startHostileServer, type HostileServer } from './hostileServer.js';
import { loaded, PAGE, step, walkList } from './walk.js';

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  await server.close();
});

describe('hostile strings in a user\'s conversations, blacklist and applications', () => {
  it('reach no terminal', async () => {
    const m = mountApp({ client: { baseUrl: server.url, token: 'hostile-test-token', maxBodyBytes: 64 * 1024 * 1024 }, columns: 100, rows: 40, pageSize: PAGE });
    try {
      await loaded(m, 1);
      // Open the user of a row whose ID is hostile (the breadcrumb shows it, requests carry it).
      await step(m, 'j');
      await step(m, KEYS.enter);
      const screen = currentScreen(m.store.getState());
      expect(screen.name === 'user' && screen.userID).toBe(HOSTILE_VALUES[1]);
      for (const tab of ['1', '2', '3']) {
        if (tab !== '1') await step(m, tab);
        await loaded(m, 1);
        expect(await walkList(m, KEYS.enter, tab === '1' ? 2 : 1)).toBe(CORPUS_SIZE);
      }
    } finally {
      m.unmount();
    }
    const audit = m.audit();
    expect(audit.violations.slice(0, 20)).toEqual([]);
    expect(audit.frames.length).toBeGreaterThan(3 * CORPUS_SIZE);
    expect(audit.frames.some((f) => f.includes('\ufffd'))).toBe(true);
    expect(audit.frames.some((f) => f.includes('Decoded JSON'))).toBe(true);
    expect(m.stdout.chunks.some((c) => c.startsWith('\u001b]52;c;'))).toBe(true);
  }, HOSTILE_WALK_MS);
});
