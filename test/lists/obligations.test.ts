// What the registry asks of every list, each failure naming the list and what it is missing: its
// rows in the docs' lists table (scripts/listsTable.ts), its hostile-server route and hostile
// walk (test/hardening: openLists.ts; a user's tab is walked by hostile-user-tabs.test.tsx, every
// list's export audited by hostile-exports.test.tsx) and its part of the user summary line.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { LIST_KINDS, LIST_NAMES, USER_TABS, isUserTab } from '../../src/lists/names.js';
import { fetchPage, listDef, summaryPart } from '../../src/lists/registry.js';
import { LISTS_TABLE_DOCS, listRow, listsTableMarkdown, withListsTable } from '../../scripts/listsTable.js';
import { GENERATED_TAB_WALKS, OWN_WALKS } from '../hardening/openLists.js';
import { startHostileServer, type HostileServer } from '../hardening/hostileServer.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

const docs = LISTS_TABLE_DOCS.map((doc) => [doc, readFileSync(new URL(`../../${doc}`, import.meta.url), 'utf8')] as const);

describe("every list's obligations", () => {
  it.each(docs)('%s holds the lists table `npm run docs:lists` writes (run it after adding or changing a list)', (doc, text) => {
    const missing = LIST_KINDS.filter((kind) => !text.includes(listRow(kind)));
    expect(missing, `${doc} misses or has an old row of: ${missing.join(', ')}: run npm run docs:lists`).toEqual([]);
    expect(withListsTable(text, listsTableMarkdown())).toBe(text);
  });

  it('has a hostile walk for each list (a file of its own, or the generated user-tab walk)', () => {
    const unwalked = LIST_KINDS.filter((kind) => {
      const own = OWN_WALKS[kind];
      if (own) return !existsSync(new URL(`../hardening/${own}.test.tsx`, import.meta.url));
      return !(isUserTab(kind) && GENERATED_TAB_WALKS.includes(kind));
    });
    expect(unwalked, `no hostile walk for: ${unwalked.join(', ')}: add the list to test/hardening/openLists.ts OWN_WALKS with its file`).toEqual([]);
  });

  it("gives each user tab's summary part an example that reads in words", () => {
    for (const tab of USER_TABS) {
      const part = summaryPart(tab);
      expect(part.example, `${tab}: its userSummary has no example`).toBeDefined();
      expect(part.words(part.example).long, `${tab}: its example reads as nothing`).not.toBe('');
    }
  });

  describe('on the hostile server', () => {
    let server: HostileServer;
    beforeAll(async () => {
      server = await startHostileServer();
    });
    afterAll(() => server.close());

    it.each(LIST_KINDS)('%s: the hostile server answers its page with rows of the corpus', async (kind) => {
      const client = new OpenIMClient({ baseUrl: server.url, secret: 's', adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 64 * 1024 * 1024 });
      const def = listDef(kind);
      const query = def.query.fromFlags({ user: 'h1,h2', conversation: 'si_h1_h2', group: 'g1' });
      const page = await fetchPage(client, { kind, userID: 'h1', page: 1, size: 20, query }, new AbortController().signal).catch((error: unknown) => error);
      expect(
        page instanceof Error ? page.message : (page as { rows: unknown[] }).rows.length > 0 ? 'rows' : 'no rows',
        `${kind} (${LIST_NAMES[kind].command}): the hostile server does not serve ${def.operation.path} with rows: give its hostile row in test/hardening/hostileReads.ts HOSTILE_ROWS (its route is made of its operation's reply fields)`,
      ).toBe('rows');
    });
  });
});
