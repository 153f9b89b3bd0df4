// Each list's CSV columns come from its one definition: a field a table column shows is written
// once, by the column, and CSV carries it in the columns' order between the list's own extras.
import { describe, expect, it } from 'vitest';
import { extraOf } from '../../src/lists/pageExtras.js';
import { csvFields } from '../../src/lists/csvFields.js';
import { LIST_KINDS } from '../../src/lists/names.js';
import { listDef } from '../../src/lists/registry.js';

describe('CSV fields', () => {
  it.each(LIST_KINDS)("%s: every column's field once, no field twice, the columns' in the table's order", (kind) => {
    const names = csvFields(kind).map((f) => f.name);
    // A column a page extra fills (users' `online`) is not asked for by a walk: not in CSV.
    const shown = listDef(kind).columns.flatMap((c) => (c.field === undefined || extraOf(listDef(kind), c) !== undefined ? [] : [c.field]));
    for (const field of shown) expect(names.filter((n) => n === field), `${kind}: ${field}`).toHaveLength(1);
    expect(names.filter((n, i) => names.indexOf(n) !== i), `${kind}: written twice`).toEqual([]);
    expect(names.filter((n) => shown.includes(n))).toEqual(shown);
    const { before = [] } = listDef(kind).csv;
    expect(names.slice(before.length, before.length + shown.length)).toEqual(shown);
  });
});
