// CSV of the scripting commands and the explorer's export: RFC 4180 (CRLF, quotes doubled), each
// list's CSV fields (lists/csvFields.ts: its columns' wire fields, nested ones by dotted path, and
// the extras it declares, derived ones such as a conversation's decoded summary among them), cells
// sanitised and guarded against spreadsheet formula injection.
import type { AnyRow } from '../api/pages.js';
import { carriesRawDigits, rawDigits } from '../api/wireFidelity.js';
import type { ListKind } from '../lists/names.js';
import { csvFields } from '../lists/csvFields.js';
import { sanitize } from '../terminal/sanitize.js';
import type { RowEncoder } from './formats.js';

/**
 * A field by its path, split once per encoder (splitting per cell was a tenth of a CSV walk);
 * `digits`: whether the row keeps int64 digits anywhere (wireFidelity.ts), else none is looked up.
 */
function field(row: unknown, keys: readonly string[], digits: boolean): unknown {
  let value: unknown = row;
  for (const key of keys) {
    if (value === null || typeof value !== 'object') return undefined;
    const kept = digits ? rawDigits(value, key) : undefined;
    // Digits only: no formula guard needed, and a bigint is written as it is.
    value = kept !== undefined ? BigInt(kept) : (value as Record<string, unknown>)[key];
  }
  return value;
}

// A spreadsheet runs a cell that starts with one of these, full-width forms included
// (U+FF1D ＝, U+FF0B ＋, U+FF0D －, U+FF20 ＠).
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** The same after spaces, which a reader may trim. */
const FORMULA_AFTER_SPACES = /^ +[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
// A cell may start anywhere a reader splits: after a `,` (RFC 4180), a `;` (Excel in German,
// French, Spanish, Italian, Dutch, Portuguese locales), a tab, or a line break (a reader that
// does not honour quotes splits inside them too), with spaces a reader may trim before it. So a
// formula character there is marked as at the start: `x;=HYPERLINK(…)` is written `x;'=HYPERLINK(…)`.
const FORMULA_AFTER_SPLIT = /([,;\t\n][ ]*)([=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;
const MAY_SPLIT = /[,;\t\n]/;
// `;` too: a reader splitting at `;` keeps a quoted cell whole, so the text stays as written.
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * One CSV cell: numbers and booleans as they are; text sanitised (newlines kept, escape
 * sequences and control characters gone), prefixed with ' when a spreadsheet would read it as a
 * formula (at its start, and after every place a reader may split it), and quoted when it holds
 * a comma, semicolon, quote or newline.
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  const raw = typeof value === 'object' ? JSON.stringify(value) : String(value);
  let text = sanitize(raw, { multiline: true });
  if (MAY_SPLIT.test(text)) text = text.replace(FORMULA_AFTER_SPLIT, "$1'$2");
  // Before sanitising too: it turns a leading tab into spaces and drops a CR, and the cell must
  // still be marked; after, for what sanitising itself brings to the front.
  if (FORMULA_START.test(raw) || FORMULA_START.test(text) || FORMULA_AFTER_SPACES.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i === 0 ? '' : ',') + csvCell(cells[i]);
  return line + '\r\n';
}

/** `ownerID`: the user whose list it is (a derived column may read rows from their side). */
export function csvEncoder(kind: ListKind, ownerID?: string): RowEncoder {
  const fields = csvFields(kind);
  const cell = fields.map(({ name, derive }) => {
    if (derive) return (row: AnyRow) => derive(row, ownerID);
    const path = name.split('.');
    return (row: AnyRow) => field(row, path, carriesRawDigits(row));
  });
  return {
    begin: () => csvLine(fields.map((f) => f.name)),
    rows(rows) {
      let out = '';
      for (const row of rows) out += csvLine(cell.map((value) => value(row)));
      return out;
    },
    end: () => '',
  };
}
