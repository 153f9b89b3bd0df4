// Hostile strings reach no terminal: the groups a user is in (tab 6 of a user whose ID is
// hostile, /group/get_joined_group_list). Every string field of every group is a hostile string,
// its numbers out of range; the real App walks every row with the detail pane open, copies rows
// with y, Y and C, and every byte written to the fake terminal (and every copy) is checked.
// hostile-users.test.tsx says how the corpus is shared between files and tests.
import { expect } from 'vitest';
import { describeUserTab } from './userTab.js';

describeUserTab('groups', 'joinedGroups', {
  panePages: 1,
  copies: 'yYC',
  also: (audit) => {
    // The pane is a group's, and the page went out as curl.
    expect(audit.frames.some((f) => f.includes('needVerification'))).toBe(true);
    expect(audit.copies.some((c) => c.startsWith('curl ') && c.includes('/group/get_joined_group_list'))).toBe(true);
  },
});
