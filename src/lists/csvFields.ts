// A list's CSV columns, from its one definition: the fields its table columns show, in the
// columns' order, between the extras it declares before and after them (`csv`). A field is named
// once, by its column or by the extras, so the table and the CSV cannot drift apart. A column
// filled by a page extra (pageExtras.ts) is left out: a walk does not ask for it.
import type { AnyRow } from '../api/pages.js';
import type { ListKind } from './names.js';
import { extraOf } from './pageExtras.js';
import { listDef } from './registry.js';
import type { CsvDerived } from './types.js';

/** One CSV column: its header, and how a row's cell is computed when it is not read at that path. */
export interface CsvField {
  /** The header: a wire field's dotted path (`blackUserInfo.userID`), or a derived column's name. */
  name: string;
  derive?: (row: AnyRow, ownerID: string | undefined) => unknown;
}

// Over any row (listDef's): a wire field is its path, a derived column an object.
const fieldOf = (extra: string | CsvDerived<AnyRow>): CsvField =>
  typeof extra === 'string' ? { name: extra } : { name: extra.name, derive: extra.value };

/** The CSV columns of a list (`-o csv` and the explorer's export), in order. */
export function csvFields(kind: ListKind): CsvField[] {
  const def = listDef(kind);
  const { columns, csv } = def;
  return [
    ...(csv.before ?? []).map(fieldOf),
    // A column a page extra fills (who is online) is not asked for by a walk: CSV has the list's own fields.
    // One that shows a wire field drawn with an extra's words (INVITED BY: inviterUserID) writes the field.
    ...columns.flatMap((c) => (c.field === undefined || (c.extra === undefined && extraOf(def, c) !== undefined) ? [] : [{ name: c.field }])),
    ...(csv.after ?? []).map(fieldOf),
  ];
}
