// The picker's history when it cannot be saved (a full disk, a read-only home): the status line
// says so once, not at every user opened, and the history still works for the session. Against
// the demo server over loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from 'openim-demo-server';
import { createAppStore } from '../../src/store/store.js';
import { COMMAND_LINE } from '../../src/keys/commands.js';
import { currentList } from '../../src/store/selectors.js';
import { demoClient } from '../support/demoClient.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 50 });
});
afterAll(() => demo.close());

describe('a history that cannot be saved', () => {
  it('says so once on the status line; the session keeps its history', async () => {
    const saves: string[][] = [];
    const store = createAppStore({
      client: demoClient(demo),
      pageSize: 20,
      commandLine: COMMAND_LINE,
      recent: {
        load: () => [],
        save: (ids) => {
          saves.push(ids);
          return 'cannot write the recent-users file: no space left on the device';
        },
      },
    });
    const flashes: string[] = [];
    store.subscribe((s, before) => {
      if (s.flash && s.flash !== before.flash) flashes.push(s.flash.text);
    });
    const open = async (userID: string): Promise<void> => {
      store.getState().openUser(userID);
      await expect.poll(() => currentList(store.getState())?.loadedPage, { timeout: 10_000 }).toBe(1);
      store.getState().back();
    };
    await open('user_000001');
    await open('user_000002');
    await open('user_000003');
    expect(saves).toHaveLength(3);
    expect(flashes.filter((t) => t.startsWith('recent users not saved'))).toEqual([
      'recent users not saved: cannot write the recent-users file: no space left on the device',
    ]);
    expect(store.getState().recentUsers).toEqual(['user_000003', 'user_000002', 'user_000001']);
  });
});
