// Hostile strings reach no terminal: groups (`:groups`, /group/get_groups) and a group's members
// (Enter on a group whose ID and name are hostile, /group/get_group_member_list). Every string
// field of every group and member is a hostile string, their numbers out of range (roles, sources,
// statuses no table knows, times past any date). The real App walks every row of each with the
// detail pane open, copies rows with y, Y and C, and every byte written to the fake terminal (and
// every copy) is checked. hostile-users.test.tsx says how the corpus is shared between files and tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { currentList } from '../../src/store/selectors.js';
import { HOSTILE_VALUES } from '../fixtures/hostile.js';
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

describe('hostile strings in groups', () => {
  it.each(rowRanges(3))('reach no terminal: rows %i to %i', async (from, to) => {
    const m = mountHostileApp(server);
    try {
      await openList(m, 'groups');
      expect(await walkList(m, 'd', 1, from, to, 'yYC')).toBe(to - from);
    } finally {
      m.unmount();
    }
    const audit = m.audit();
    expectWalkClean(audit, m.stdout.chunks);
    expect(audit.copies.some((c) => c.startsWith('curl ') && c.includes('/group/get_groups'))).toBe(true);
  });
});

describe("hostile strings in a group's members", () => {
  it.each(rowRanges(3))('reach no terminal: rows %i to %i', async (from, to) => {
    const m = mountHostileApp(server);
    try {
      await openList(m, 'members');
      expect((currentList(m.store.getState())!.query as { groupID: string }).groupID).toBe(HOSTILE_VALUES[1]);
      expect(await walkList(m, 'd', 1, from, to, 'yYC')).toBe(to - from);
    } finally {
      m.unmount();
    }
    const audit = m.audit();
    expectWalkClean(audit, m.stdout.chunks);
    expect(audit.copies.some((c) => c.startsWith('curl ') && c.includes('/group/get_group_member_list'))).toBe(true);
  });
});
