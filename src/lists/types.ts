// What one list is, as data and pure functions: the fetch, the columns, the detail, the CSV
// fields, the words a prompt completes, the wording, its part of a user's summary line and its
// own keys (its names are in names.ts). Everything above (data/,
// commands/, config/, store/, layout/, keys/, components/, screens/) reads a list from here and
// never names one; registry.ts holds them all. No store, no UI: the scripting commands use it too.
import type { ListQuery, PageCall, PageRequest } from '../api/pages.js';
import type { Page } from '../api/schemas.js';
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

/** The figures a page carries beside its rows. */
export type PageFigures = Pick<Page<unknown>, 'total' | 'extra' | 'notice'>;

/** A piece of the user summary line: where the line has room, and at 80 columns. */
export interface SummaryWords {
  long: string;
  short: string;
}

/**
 * A per-user list's part of the user summary line (store/userSummarySlice.ts fetches it, a page of
 * the list updates it: store/figures.ts; layout/userSummaryLine.ts writes it).
 */
export interface UserSummaryPart<Figure> {
  /** The part's name while its figure loads ("blacklist …") or when it failed ("black ✗"). */
  label: SummaryWords;
  /**
   * The figure a page says of the user's whole list (the summary asks for a page of one row);
   * undefined when this page does not say it (a page narrowed by its query, a reply without it).
   */
  count(page: PageFigures, query: ListQuery): Figure | undefined;
  /** How the figure reads. */
  words(figure: Figure): SummaryWords;
}

/**
 * The prompts a list's own key may open: each narrows the list with its answer (the store's
 * prompts of these kinds, store/types.ts PromptKind; keys/bindings.ts checks they exist).
 */
export type ListPrompt = 'search' | 'conversations';

/**
 * A key that works on this list only (its scope is the list's kind). Data, since the keys sit
 * above the lists: keys/bindings.ts makes it a row of the bindings table and runs it.
 */
export interface ListKey {
  /** The action's name: help shows it, and the config file's `keys` rebinds it. */
  action: string;
  /** The default keys (normalize.ts names). */
  keys: readonly string[];
  /** The footer's label, after the key in force ("search" reads `s search`); without one the key shows in help only. */
  hint?: string;
  /** What help says of it. */
  description: string;
  /** What it does, by the store action it runs: opens this prompt. */
  run: { openPrompt: ListPrompt };
}

export interface ListDef<Row, Figure = never> {
  /** One page of the list: the operation (api/operations.ts) with its request body, as sent and as `C` copies it. */
  call: (request: PageRequest) => PageCall;
  /** The table's columns (explorer and `--output table`), by priority. */
  columns: readonly Column<Row>[];
  /** The detail pane's fields. */
  detail: (row: Row, owner: DetailOwner) => RowDetail;
  /** The CSV columns: wire fields, nested ones by dotted path, or a name of `csvDerived`. */
  csvFields: readonly string[];
  /** CSV columns computed from the row rather than read from it; `ownerID` is the user whose list it is. */
  csvDerived?: Readonly<Record<string, (row: Row, ownerID: string | undefined) => unknown>>;
  /** Which row this is across two fetches: the live view's marks and the cursor follow it. */
  identity: (row: Row) => string;
  /** The ID the server knows the row by: what `Y` copies. */
  rowID: (row: Row) => string;
  /** The other user a row names, for `o` (and Enter on the users list). */
  userNamed: (row: Row, ownerID: string | undefined) => string | undefined;
  /** The IDs (and names) a row shows: what a prompt completes from the page. */
  completionWords: (row: Row) => readonly string[];
  /** What an empty list says, given what narrowed it and the key in force for its search (if it has one). */
  emptyText: (query: ListQuery, searchKey?: string) => string;
  /** Its part of a user's summary line: every per-user list has one, a top-level list none (registry.ts). */
  userSummary?: UserSummaryPart<Figure>;
  /** The keys of its own, beside every list's. */
  keys?: readonly ListKey[];
}
