// Hostile strings reach no terminal: the pulse and the day's top lists. The statistics routes
// answer hostile day keys and odd numbers (the pulse reads only its window's days), and top rows
// whose users and groups carry every hostile string, some of them absent; the real App opens the
// pulse (T), walks its days with the sparklines drawn, opens a day's top senders (Enter) and the
// busiest groups (:top-groups), walking every row with the detail pane open, every byte written to
// the fake terminal checked. hostile-users.test.tsx says how the corpus is shared between files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentList } from '../../src/store/selectors.js';
import { KEYS } from './harness.js';
import { startHostileServer, type HostileServer } from './hostileServer.js';
import { command, expectWalkClean, loaded, mountHostileApp, rowRanges, step, walkList } from './walk.js';

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(async () => {
  await server.close();
});

describe('hostile strings in the pulse and its top lists', () => {
  it('the pulse: every day with its detail, the sparklines drawn', async () => {
    const m = mountHostileApp(server);
    try {
      await loaded(m, 1);
      await step(m, 'T');
      await loaded(m, 1);
      expect(currentList(m.store.getState())!.kind).toBe('pulse');
      expect(await walkList(m, 'd', 1, 0, 14)).toBe(14);
    } finally {
      m.unmount();
    }
    expectWalkClean(m.audit(), m.stdout.chunks);
  });

  it.each(rowRanges())("a day's top senders reach no terminal: rows %i to %i", async (from, to) => {
    const m = mountHostileApp(server);
    try {
      await loaded(m, 1);
      await step(m, 'T');
      await loaded(m, 1);
      await step(m, KEYS.enter);
      await loaded(m, 1);
      expect(currentList(m.store.getState())!.kind).toBe('topSenders');
      expect(await walkList(m, 'd', 1, from, to)).toBe(to - from);
    } finally {
      m.unmount();
    }
    expectWalkClean(m.audit(), m.stdout.chunks);
  });

  it.each(rowRanges())('the busiest groups reach no terminal: rows %i to %i', async (from, to) => {
    const m = mountHostileApp(server);
    try {
      await loaded(m, 1);
      await command(m, 'top-groups');
      await loaded(m, 1);
      expect(currentList(m.store.getState())!.kind).toBe('topGroups');
      expect(await walkList(m, 'd', 1, from, to)).toBe(to - from);
    } finally {
      m.unmount();
    }
    expectWalkClean(m.audit(), m.stdout.chunks);
  });
});
