// Hostile strings reach no terminal: a user's friend applications (tab 3 of a user whose ID is
// hostile). Every string field of every application is a hostile string; the real App walks every
// row of every page with the detail pane open, copies rows with y, and every byte written to the
// fake terminal is checked. hostile-users.test.tsx says how the corpus is shared between files and tests.
import { describeUserTab } from './userTab.js';

describeUserTab('applications', 'applications', { panePages: 1 });
