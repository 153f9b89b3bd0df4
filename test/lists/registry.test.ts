// Every list is whole: a list that misses a part (columns, CSV fields its rows have, a detail,
// wording, a command, its part of a user's summary line, its own keys) fails here, whatever the
// compiler let through. Rows are the demo server's
// first page of each list, for the demo's first user (who has every list non-empty), from the demo
// answering as each server generation (the newest release and main): both must serve every list
// with rows that fill its parts.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';
import type { AnyRow } from '../../src/api/pages.js';
import type { ListKind } from '../../src/lists/names.js';
import type { AnyQuery as ListQuery } from '../../src/lists/types.js';
import type { Page } from '../../src/api/schemas.js';
import { IDENTIFYING } from '../../src/domain/tableLayout.js';
import { LIST_COMMANDS, LIST_KINDS, LIST_NAMES, USER_TABS, isDrillList, needsOf, type TopList } from '../../src/lists/names.js';
import { LISTS, fetchPage, listDef, summaryPart } from '../../src/lists/registry.js';
import { csvFields } from '../../src/lists/csvFields.js';
import { TRACED_LISTS } from '../../src/store/traceSlice.js';
import { BINDINGS } from '../../src/keys/bindings.js';
import { dispatchKey } from '../../src/keys/dispatch.js';
import { userSummaryLine } from '../../src/layout/userSummaryLine.js';
import { currentList, currentScreen } from '../../src/store/selectors.js';
import { crumbText } from '../../src/components/Breadcrumb.js';
import { glyphs } from '../../src/terminal/glyphs.js';
import type { UserSummary } from '../../src/store/types.js';
import { displayWidth } from '../../src/terminal/width.js';
import { DEMO, SERVER_GENERATIONS, startDemoServer, type DemoServer, type ServerGeneration } from 'openim-demo-server';
import { demoClient } from '../support/demoClient.js';
import { settled, storeFor } from '../support/demoStore.js';

let demo: DemoServer;
/** A list's whole query: what nothing narrows. */
const whole = (kind: ListKind): ListQuery => listDef(kind).query.initial;
/** What the registry asks of a list: its whole query, or, for one that lists nothing until asked, its prompt's answer naming the demo's first user. */
function sample(kind: ListKind): ListQuery {
  const { emptyUntilAsked, prompt } = listDef(kind).query;
  return emptyUntilAsked && prompt ? prompt.answer(DEMO.firstUserID, whole(kind)) : whole(kind);
}
interface Served {
  pages: Map<ListKind, Page<AnyRow>>;
  rows: Map<ListKind, readonly AnyRow[]>;
  /** Why the demo could not serve a list's first page, by list: its own test says so by name. */
  unserved: Map<ListKind, string>;
}
const served = new Map<ServerGeneration, Served>();
/** The list whose rows open a drill-down list (its `opens`). */
/** The parent that opens a list per row: one whose Enter goes to a position (the message search: a history at a found seq) may open one list for rows of one conversation. */
const parentOf = (kind: ListKind): ListKind | undefined => {
  const parents = LIST_KINDS.filter((k) => listDef(k).opens?.kind === kind);
  return parents.find((k) => listDef(k).opens!.at === undefined) ?? parents[0];
};

/** A drill-down list's query for the first row of its parent's demo page (the release's unless said); any other list's whole query. */
function queryFor(kind: ListKind, got: Served = served.get('release')!): ListQuery {
  const parent = parentOf(kind);
  const row = parent && got.rows.get(parent)?.[0];
  return parent && row ? listDef(parent).opens!.query(row, DEMO.firstUserID) : whole(kind);
}

/** Every list's first page from a demo, the drill-down lists last: each opens from its parent's first row. */
async function serve(on: DemoServer): Promise<Served> {
  const got: Served = { pages: new Map(), rows: new Map(), unserved: new Map() };
  for (const kind of [...LIST_KINDS.filter((k) => !isDrillList(k)), ...LIST_KINDS.filter(isDrillList)]) {
    try {
      const page = await fetchPage(
        demoClient(on, CLOCK),
        { kind, ...(LIST_NAMES[kind].place !== 'top' ? { userID: DEMO.firstUserID } : {}), page: 1, size: 20, query: listDef(kind).query.emptyUntilAsked ? sample(kind) : queryFor(kind, got) },
        new AbortController().signal,
      );
      got.pages.set(kind, page);
      got.rows.set(kind, page.rows);
    } catch (error) {
      got.unserved.set(kind, String(error));
    }
  }
  return got;
}
let main: DemoServer;
/** One instant for the demo's data and the client's days (the pulse, a top list's day), so that those days hold data. */
const NOW = Date.UTC(2026, 10, 26, 14, 2, 11);
const CLOCK = { now: () => NOW };
beforeAll(async () => {
  [demo, main] = await Promise.all([startDemoServer({ users: 50, nowMs: NOW }), startDemoServer({ users: 50, server: 'main', nowMs: NOW })]);
  served.set('release', await serve(demo));
  served.set('main', await serve(main));
});
afterAll(() => Promise.all([demo.close(), main.close()]));
/** The release's pages and rows, which the tests of the store read. */
const pages = { get: (kind: ListKind) => served.get('release')!.pages.get(kind) };
const rows = { get: (kind: ListKind) => served.get('release')!.rows.get(kind) };
const EACH_GENERATION = LIST_KINDS.flatMap((kind) => SERVER_GENERATIONS.map((generation) => [kind, generation] as const));

/** Puts the screen of a list of this kind on top: a user's tab, a top-level list, a drill-down list opened from its parent's first row. */
async function openOn(store: ReturnType<typeof storeFor>, kind: ListKind): Promise<void> {
  const tab = USER_TABS.find((t) => t === kind);
  const parent = parentOf(kind);
  if (tab) {
    store.getState().openUser(DEMO.firstUserID);
    store.getState().setTab(tab);
  } else if (parent) {
    await openOn(store, parent);
    store.getState().openRow();
  } else store.getState().goTo(kind as TopList);
  await expect.poll(() => currentList(store.getState())?.kind, { timeout: 5000 }).toBe(kind);
  await expect.poll(() => currentList(store.getState())?.loading, { timeout: 5000 }).toBe(false);
}

/** A dotted path's value on a row (undefined when any step is missing). */
function at(row: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), row);
}

describe('the list registry', () => {
  it.each(EACH_GENERATION)('%s: the demo server answering as %s serves it, rows included', (kind, generation) => {
    const { unserved, rows } = served.get(generation)!;
    const why = unserved.get(kind);
    expect(
      why,
      `${kind}: the demo server (as ${generation}) does not serve ${listDef(kind).operation.path} (${why}): add its route (packages/demo-server/src/, a file and a line in routes.ts)`,
    ).toBeUndefined();
    expect(rows.get(kind)?.length, `${kind}: the demo's first user has none; give them some in the demo's data`).toBeGreaterThan(0);
  });

  it('has one definition and one set of names per ListKind, in one order', () => {
    expectTypeOf<keyof typeof LISTS>().toEqualTypeOf<ListKind>();
    expectTypeOf<keyof typeof LIST_NAMES>().toEqualTypeOf<ListKind>();
    expect(Object.keys(LISTS)).toEqual(LIST_KINDS);
    // The top level first (the explorer starts on the first), then a user's tabs in their keys' order, then the drill-down lists.
    expect(LIST_KINDS).toEqual([...LIST_KINDS.filter((k) => LIST_NAMES[k].place === 'top'), ...USER_TABS, ...LIST_KINDS.filter(isDrillList)]);
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
    expect(USER_TABS).toEqual(LIST_KINDS.filter((kind) => LIST_NAMES[kind].place === 'userTab'));
  });

  it('gives each of a user\'s lists its tab key, 1 on', () => {
    const tabKeys = BINDINGS.filter((b) => b.scope === 'user' && /^tab\d$/.test(b.action));
    expect(tabKeys.map((b) => [b.action, b.keys])).toEqual(USER_TABS.map((_, i) => [`tab${i + 1}`, [String(i + 1)]]));
    expect(tabKeys.map((b) => b.description)).toEqual(USER_TABS.map((tab) => `${LIST_NAMES[tab].help} tab`));
  });

  it.each(EACH_GENERATION)('%s: its rows from the demo as %s fill its columns, detail, CSV fields, identity and completion', (kind, generation) => {
    const list = listDef(kind);
    const page = served.get(generation)!.rows.get(kind)!;
    expect(page.length, `the demo's ${kind}`).toBeGreaterThan(0);

    const keys = list.columns.map((c) => c.key);
    expect(new Set(keys).size, 'column keys are unique').toBe(keys.length);
    expect(list.columns.some((c) => c.priority === IDENTIFYING), 'a column names the row').toBe(true);
    const ctx = { ownerID: DEMO.firstUserID, now: new Date(0) };
    for (const row of page) for (const column of list.columns) expect(typeof column.value(row, ctx)).toBe('string');

    for (const { name, derive } of csvFields(kind)) {
      // A wire field some row of the page has (a field no row has is a field the server dropped).
      if (derive === undefined) expect(page.some((row) => at(row, name) !== undefined), `CSV field ${name}`).toBe(true);
      else for (const row of page) expect(derive(row, DEMO.firstUserID), `CSV field ${name}`).toBeDefined();
    }

    for (const row of page) {
      const detail = list.detail(row, { id: DEMO.firstUserID, now: 0 });
      expect(detail.title).not.toBe('');
      expect(detail.sections.length).toBeGreaterThan(0);
      for (const section of detail.sections) expect(section.fields.length, section.title).toBeGreaterThan(0);
      // Every time the detail shows whole carries its zone, as the conversation detail's does (issue 34).
      for (const field of [...(detail.lead ?? []), ...detail.sections.flatMap((s) => s.fields)]) {
        if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(field.value)) expect(field.value, `${kind} ${field.label}`).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d/);
      }
      expect(list.identity(row)).not.toBe('');
      expect(list.rowID(row)).not.toBe('');
      expect(list.completionWords(row).length).toBeGreaterThan(0);
    }
    const identities = page.map((row) => list.identity(row));
    expect(new Set(identities).size, 'identity tells the rows apart').toBe(identities.length);

    expect(list.emptyText(list.query.initial, { back: 'Esc' })).not.toBe('');
  });

  it("gives each of a user's lists its part of the summary line, and a top-level list none", () => {
    for (const kind of LIST_KINDS) expect(listDef(kind).userSummary !== undefined, kind).toBe(LIST_NAMES[kind].place === 'userTab');
    for (const tab of USER_TABS) {
      const { label, count, words } = summaryPart(tab);
      expect(label.long, tab).not.toBe('');
      expect(displayWidth(label.short), tab).toBeLessThanOrEqual(displayWidth(label.long));
      // The summary asks for the user's whole list: its page says the figure.
      const figure = count(pages.get(tab)!, whole(tab));
      expect(figure, `${tab}: the figure of a page of the whole list`).toBeDefined();
      const said = words(figure);
      expect(said.long, tab).not.toBe('');
      expect(displayWidth(said.short), tab).toBeLessThanOrEqual(displayWidth(said.long));
    }
  });

  it("writes every one of a user's lists on the summary line: its words once counted, its label before", () => {
    const loading = { state: 'loading' } as const;
    const profile = { state: 'ok', value: { kind: 'admin' } } as const;
    // The parts of each tab, whatever its figure's type: the line reads them from the registry too.
    const each = (part: (tab: (typeof USER_TABS)[number]) => unknown): UserSummary =>
      ({ profile, ...Object.fromEntries(USER_TABS.map((tab) => [tab, part(tab)])) }) as UserSummary;
    const counted = userSummaryLine(each((tab) => ({ state: 'ok', value: summaryPart(tab).count(pages.get(tab)!, whole(tab)) })), 400).text;
    const before = userSummaryLine(each(() => loading), 400).text;
    for (const tab of USER_TABS) {
      const part = summaryPart(tab);
      expect(counted, tab).toContain(part.words(part.count(pages.get(tab)!, whole(tab))).long);
      expect(before, tab).toContain(`${part.label.long} `);
    }
  });

  it('makes a key of each list\'s own a row of the bindings, in the list\'s scope alone (beside `t` on the lists whose rows are messages)', () => {
    for (const kind of LIST_KINDS) {
      const own = listDef(kind).keys ?? [];
      const traced = (TRACED_LISTS as readonly string[]).includes(kind);
      expect(BINDINGS.some((b) => b.scope === kind && b.action === 'trace'), kind).toBe(traced);
      const rowsHere = BINDINGS.filter((b) => b.scope === kind && (b.action as string) !== 'trace');
      expect(rowsHere.map((b) => [b.action, b.keys, 'hint' in b ? b.hint?.label : undefined, b.description]), kind).toEqual(
        own.map((key) => [key.action, key.keys, key.hint, key.description]),
      );
    }
  });

  it.each(LIST_KINDS)('%s: narrowed by a query on the server, it has a key that asks for the query', (kind) => {
    const list = listDef(kind);
    const request = { kind, userID: DEMO.firstUserID, page: 1, size: 20 };
    const prompt = list.query.prompt;
    expect(list.query.narrowed(list.query.initial), 'the initial query narrows nothing').toBe(false);
    const opens = (list.keys ?? []).flatMap((key) => ('openPrompt' in key.run ? [key.run.openPrompt] : []));
    if (!prompt) {
      expect(opens, 'a list with no query has no prompt to open').toEqual([]);
      return;
    }
    expect(opens, 'a list with a query needs its key').toContain(prompt.kind);
    // An answer narrows the list and changes what is sent; a blank one is the whole list again.
    // A drill-down list's answer keeps the parent row its query was opened with.
    const base = queryFor(kind);
    // A prompt that checks its words (the message search's `from:ID …`) refuses a bare word in words, and takes its example.
    const sample = prompt.example ?? 'x';
    if (prompt.check) expect(prompt.check(prompt.refused ?? 'x'), 'a refused line says why').toMatch(/\w+ \w+/);
    expect(prompt.check?.(sample)).toBeUndefined();
    const narrowed = prompt.answer(sample, base);
    expect(list.query.narrowed(narrowed)).toBe(true);
    expect(JSON.stringify(list.body({ ...request, query: narrowed }))).not.toBe(JSON.stringify(list.body({ ...request, query: base })));
    expect(prompt.answer('  ', base)).toEqual(base);
    expect(prompt.answer(prompt.text(narrowed), base), 'the prompt starts from the query in force').toEqual(narrowed);
  });

  it('makes each drill-down list one that a row of another list opens, naming the flags it needs', () => {
    for (const kind of LIST_KINDS.filter(isDrillList)) {
      expect(parentOf(kind), `${kind}: no list's \`opens\` names it (Enter on a row of its parent opens it)`).toBeDefined();
      expect(listDef(kind).drill, `${kind}: its definition says its parent row and crumb (\`drill\`)`).toBeDefined();
      expect(needsOf(kind).length, `${kind}: its names say what scripting needs (\`needs\`)`).toBeGreaterThan(0);
      for (const flag of needsOf(kind)) expect(LIST_NAMES[kind].flags as readonly string[], `${kind} needs --${flag}`).toContain(flag);
      const query = queryFor(kind);
      expect(listDef(kind).drill!.parent(query), kind).not.toBe('');
      expect(listDef(kind).drill!.crumb(query), kind).not.toBe('');
    }
    // And only drill-down lists are opened so.
    for (const kind of LIST_KINDS) if (listDef(kind).opens) expect(isDrillList(listDef(kind).opens!.kind), kind).toBe(true);
  });

  it.each(LIST_KINDS.filter(isDrillList))('%s: Enter on a row of its parent opens it over the parent, one list per parent row; back returns to the row', async (kind) => {
    const store = storeFor(demo, { client: demoClient(demo, CLOCK) });
    store.getState().start();
    await settled(store);
    const parent = parentOf(kind)!;
    await openOn(store, parent);
    const parentKey = currentList(store.getState())!.key;
    store.getState().openRow();
    const first = currentScreen(store.getState());
    expect(first).toMatchObject({ name: 'drill', kind });
    expect(store.getState().nav.length, 'pushed over the parent').toBeGreaterThan(1);
    const firstKey = currentList(store.getState())!.key;
    expect(firstKey).toContain(listDef(kind).drill!.parent(listDef(parent).opens!.query(rows.get(parent)![0]!, DEMO.firstUserID)));
    expect(crumbText(store.getState().nav, 400)).toContain(`${glyphs().crumb} ${listDef(kind).drill!.crumb(queryFor(kind))}`);
    store.getState().back();
    expect(currentList(store.getState())!.key).toBe(parentKey);
    store.getState().moveCursor(1);
    store.getState().openRow();
    expect(currentList(store.getState())!.key, "another row's list is another list").not.toBe(firstKey);
    store.getState().back();
    expect(currentList(store.getState())!.cursor, 'back on the row it was opened from').toBe(1);
  });

  it.each(LIST_KINDS.filter((kind) => (listDef(kind).keys ?? []).length > 0))('%s: its own keys open their prompt on its screen', async (kind) => {
    const store = storeFor(demo, { client: demoClient(demo, CLOCK) });
    store.getState().start();
    await settled(store);
    await openOn(store, kind);
    // Keys typed while its page loads wait for it (keys/typeAhead.ts): the prompt opens once it is there.
    await expect.poll(() => currentList(store.getState())?.loading, { timeout: 5000 }).toBe(false);
    for (const key of listDef(kind).keys ?? []) {
      dispatchKey(key.keys[0]!, store, { terminal: { columns: 80, rows: 24 }, color: false, keys: DEFAULT_KEYS });
      if ('openPrompt' in key.run) {
        expect(store.getState().prompt?.kind, `${kind}: ${key.action}`).toBe(key.run.openPrompt);
        store.getState().escape();
        continue;
      }
      if ('toggle' in key.run) {
        // A toggle narrows the list on screen (conversations' `!`: the read faults only); Esc gives the whole list back.
        await expect.poll(() => listDef(kind).query.narrowed(currentList(store.getState())!.query), { timeout: 5000 }).toBe(true);
        await expect.poll(() => currentList(store.getState())?.loading, { timeout: 5000 }).toBe(false);
        store.getState().clearQuery();
        expect(listDef(kind).query.narrowed(currentList(store.getState())!.query), `${kind}: ${key.action} undone`).toBe(false);
        await expect.poll(() => currentList(store.getState())?.loading, { timeout: 5000 }).toBe(false);
        continue;
      }
      // A key that opens another list with the row's words (conversations' `m`): that list, narrowed, over this screen.
      expect(currentList(store.getState())?.kind, `${kind}: ${key.action}`).toBe(key.run.search);
      expect(listDef(key.run.search).query.narrowed(currentList(store.getState())!.query)).toBe(true);
      store.getState().back();
      await expect.poll(() => currentList(store.getState())?.kind, { timeout: 5000 }).toBe(kind);
    }
  });
});
