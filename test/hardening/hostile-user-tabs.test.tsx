// Hostile strings reach no terminal: every user's tab no file of its own walks (openLists.ts
// GENERATED_TAB_WALKS, from the registry: a new tab is walked here without a line of its own).
// Every string field of every row is a hostile string (hostileReads.ts); the real App walks every
// row with the detail pane open, copies rows with y, Y and C, and every byte written to the fake
// terminal (and every copy) is checked. hostile-users.test.tsx says how the corpus is shared.
import { LIST_NAMES } from '../../src/lists/names.js';
import { GENERATED_TAB_WALKS } from './openLists.js';
import { describeUserTab } from './userTab.js';

for (const tab of GENERATED_TAB_WALKS) describeUserTab(LIST_NAMES[tab].help, tab, { panePages: 1, parts: 1, copies: 'yYC' });
