// Every list is whole: a list that misses a part (columns, CSV fields its rows have, a detail,
// wording, a command) fails here, whatever the compiler let through. Rows are the demo server's
// first page of each list, for the demo's first user (who has every list non-empty).
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { AnyRow, ListKind } from '../../src/api/pages.js';
import { IDENTIFYING } from '../../src/domain/tableLayout.js';
import { LIST_COMMANDS, LIST_KINDS, LIST_NAMES, USER_TABS } from '../../src/lists/names.js';
import { LISTS, fetchPage, listDef } from '../../src/lists/registry.js';
import { BINDINGS } from '../../src/keys/bindings.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { demoClient } from '../support/demoClient.js';

let demo: DemoServer;
const rows = new Map<ListKind, AnyRow[]>();
beforeAll(async () => {
  demo = await startDemoServer({ users: 50 });
  for (const kind of LIST_KINDS) {
    const page = await fetchPage(
      demoClient(demo),
      { kind, ...(LIST_NAMES[kind].perUser ? { userID: DEMO.firstUserID } : {}), page: 1, size: 20, query: { keyword: '', conversationIDs: [] } },
      new AbortController().signal,
    );
    rows.set(kind, page.rows);
  }
});
afterAll(() => demo.close());

/** A dotted path's value on a row (undefined when any step is missing). */
function at(row: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), row);
}

describe('the list registry', () => {
  it('has one definition and one set of names per ListKind, in one order', () => {
    expectTypeOf<keyof typeof LISTS>().toEqualTypeOf<ListKind>();
    expectTypeOf<keyof typeof LIST_NAMES>().toEqualTypeOf<ListKind>();
    expect(Object.keys(LISTS)).toEqual(LIST_KINDS);
    expect(LIST_KINDS).toEqual(['users', 'accounts', 'conversations', 'blacklist', 'applications']);
  });

  it('names each list: a command of its own, its help and synopsis, its titles', () => {
    expect(new Set(LIST_COMMANDS).size).toBe(LIST_KINDS.length);
    for (const kind of LIST_KINDS) {
      const names = LIST_NAMES[kind];
      expect(names.command, kind).toMatch(/^[a-z][a-z-]*$/);
      expect(names.commandHelp, kind).not.toBe('');
      expect(names.usage[0]?.split(' ')[0], kind).toBe(names.command);
      expect(names.title, kind).not.toBe('');
      expect(names.shortTitle.length, kind).toBeLessThanOrEqual(names.title.length);
    }
    expect(USER_TABS).toEqual(LIST_KINDS.filter((kind) => LIST_NAMES[kind].perUser));
  });

  it('gives each of a user\'s lists its tab key, 1 on', () => {
    const tabKeys = BINDINGS.filter((b) => b.scope === 'user' && /^tab\d$/.test(b.action));
    expect(tabKeys.map((b) => [b.action, b.keys])).toEqual(USER_TABS.map((_, i) => [`tab${i + 1}`, [String(i + 1)]]));
    expect(tabKeys.map((b) => b.description)).toEqual(USER_TABS.map((tab) => `${LIST_NAMES[tab].help} tab`));
  });

  it.each(LIST_KINDS)('%s: its rows fill its columns, detail, CSV fields, identity and completion', (kind) => {
    const list = listDef(kind);
    const page = rows.get(kind)!;
    expect(page.length, `the demo's ${kind}`).toBeGreaterThan(0);

    const keys = list.columns.map((c) => c.key);
    expect(new Set(keys).size, 'column keys are unique').toBe(keys.length);
    expect(list.columns.some((c) => c.priority === IDENTIFYING), 'a column names the row').toBe(true);
    const ctx = { ownerID: DEMO.firstUserID, now: new Date(0) };
    for (const row of page) for (const column of list.columns) expect(typeof column.value(row, ctx)).toBe('string');

    expect(new Set(list.csvFields).size, 'CSV fields are unique').toBe(list.csvFields.length);
    for (const field of list.csvFields) {
      const derived = list.csvDerived?.[field];
      // A wire field some row of the page has (a field no row has is a typo, or a field the server dropped).
      if (derived === undefined) expect(page.some((row) => at(row, field) !== undefined), `CSV field ${field}`).toBe(true);
      else for (const row of page) expect(derived(row), `CSV field ${field}`).toBeDefined();
    }

    for (const row of page) {
      const detail = list.detail(row, { id: DEMO.firstUserID, now: 0 });
      expect(detail.title).not.toBe('');
      expect(detail.sections.length).toBeGreaterThan(0);
      for (const section of detail.sections) expect(section.fields.length, section.title).toBeGreaterThan(0);
      expect(list.identity(row)).not.toBe('');
      expect(list.rowID(row)).not.toBe('');
      expect(list.completionWords(row).length).toBeGreaterThan(0);
    }
    const identities = page.map((row) => list.identity(row));
    expect(new Set(identities).size, 'identity tells the rows apart').toBe(identities.length);

    expect(list.emptyText({ keyword: '', conversationIDs: [] })).not.toBe('');
  });
});
