// Hostile strings reach no terminal: a user's blacklist (tab 2 of a user whose ID is hostile).
// Every string field of every entry is a hostile string; the real App walks every row of every
// page with the detail pane open, copies rows with y, and every byte written to the fake terminal
// is checked. hostile-users.test.tsx says how the corpus is shared between files and tests.
import { describeUserTab } from './userTab.js';

describeUserTab('blacklist', 'blacklist', { panePages: 1 });
