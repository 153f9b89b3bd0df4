// Hostile strings reach no terminal: a user's conversations (tab 1 of a user whose ID is
// hostile). Every string field of every conversation is a hostile string, msgInfo and message
// content included (as text, inside JSON documents, as JSON keys, inside a notification's nested
// detail). The real App walks every row of every page with the detail pane open (scrolled two
// pages), copies rows with y, and every byte written to the fake terminal is checked.
// hostile-users.test.tsx says how the corpus is shared between files and tests.
import { expect } from 'vitest';
import { describeUserTab } from './userTab.js';

describeUserTab('conversations', 'conversations', {
  panePages: 2,
  parts: 4,
  // Decoded content shows (the ordinary rows hold ordinary JSON contents).
  also: (audit, from) => {
    if (from === 0) expect(audit.frames.some((f) => f.includes('Decoded JSON'))).toBe(true);
  },
});
