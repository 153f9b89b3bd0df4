// What one list is, as data and pure functions: the fetch, the columns, the detail, the CSV
// fields, the words a prompt completes and the wording (its names are in names.ts). Everything above (data/,
// commands/, config/, store/, layout/, keys/, components/, screens/) reads a list from here and
// never names one; registry.ts holds them all. No store, no UI: the scripting commands use it too.
import type { ListQuery, PageCall, PageRequest } from '../api/pages.js';
import type { DecodedContent } from '../content/types.js';
import type { Column } from '../domain/columns.js';

export interface DetailField {
  label: string;
  value: string;
}

export interface DetailSection {
  title: string;
  fields: DetailField[];
}

/** Every field of a row, labelled: what the detail pane shows. */
export interface RowDetail {
  title: string;
  /** Who, with whom and when: the first lines, before the message and any metadata. */
  lead?: DetailField[];
  /** The latest message of a conversation, decoded: right after the lead, shown once. */
  content?: DecodedContent;
  /** The metadata, then the raw fields. */
  sections: DetailSection[];
}

/** Whose list the row is on, for a message's sender (domain/sender.ts), and the clock for "ago". */
export interface DetailOwner {
  id?: string | undefined;
  name?: string | undefined;
  now: number;
}

export interface ListDef<Row> {
  /** One page of the list: the operation (api/operations.ts) with its request body, as sent and as `C` copies it. */
  call: (request: PageRequest) => PageCall;
  /** The table's columns (explorer and `--output table`), by priority. */
  columns: readonly Column<Row>[];
  /** The detail pane's fields. */
  detail: (row: Row, owner: DetailOwner) => RowDetail;
  /** The CSV columns: wire fields, nested ones by dotted path, or a name of `csvDerived`. */
  csvFields: readonly string[];
  /** CSV columns computed from the row rather than read from it. */
  csvDerived?: Readonly<Record<string, (row: Row) => unknown>>;
  /** Which row this is across two fetches: the live view's marks and the cursor follow it. */
  identity: (row: Row) => string;
  /** The ID the server knows the row by: what `Y` copies. */
  rowID: (row: Row) => string;
  /** The other user a row names, for `o` (and Enter on the users list). */
  userNamed: (row: Row, ownerID: string | undefined) => string | undefined;
  /** The IDs (and names) a row shows: what a prompt completes from the page. */
  completionWords: (row: Row) => readonly string[];
  /** What an empty list says, given what narrowed it. */
  emptyText: (query: ListQuery) => string;
}
