// What one list is, as data and pure functions: the fetch, the columns, the detail, the CSV
// fields, the words a prompt completes, the wording, its part of a user's summary line and its
// own keys (its names are in names.ts). Everything above (data/,
// commands/, config/, store/, layout/, keys/, components/, screens/) reads a list from here and
// never names one; registry.ts holds them all. No store, no UI: the scripting commands use it too.
import type { OpenIMClient } from '../api/client.js';
import type { PageOperation } from '../api/pages.js';
import type { UserLookup } from '../api/userLookup.js';
import type { Page } from '../api/schemas.js';
import type { DrillList, ListKind, TopList } from './names.js';
import type { DecodedContent } from '../content/types.js';
import type { Column, FieldPath } from '../domain/columns.js';
import type { PageSort } from '../domain/pageSort.js';

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

/** What narrows a list on the server, beside its page: each list's own shape (its `query.initial`). */
export type AnyQuery = object;

/** What to list: the explorer's lists and the scripting commands both describe it so. */
export interface ListSpec {
  kind: ListKind;
  /** The user whose list this is (per-user lists only). */
  userID?: string;
  query: AnyQuery;
  /** The list's page extras asked for beside each page (`ListDef.extras`: those the shown columns need). */
  extras?: readonly string[];
}

export interface PageRequest extends ListSpec {
  /** 1-based. */
  page: number;
  size: number;
}

/** A page request as one list's body builder sees it: its own query. */
export interface RequestOf<Query> {
  userID?: string | undefined;
  page: number;
  size: number;
  query: Query;
}

/** The scripting command's flags that narrow a list, as given (config/flags.ts; names.ts says which go with which list). */
export type QueryFlags = Readonly<Record<string, string | boolean | undefined>>;

/** A text flag's value, trimmed (undefined when not given). */
export const textFlag = (flags: QueryFlags, name: string): string | undefined => {
  const value = flags[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * What narrows a list on the server: where it starts, whether it is narrowed now (Esc clears it
 * back to `initial`, and the list goes back where it was), how the status line names it, the
 * prompt that asks for it and the scripting flags that set it.
 */
export interface QuerySpec<Query> {
  initial: Query;
  narrowed: (query: Query) => boolean;
  /** The status line's words for it ('' when there are none). */
  label: (query: Query) => string;
  /** The breadcrumb's words for it while it narrows the list (`search "kar"`), before the count of matches. */
  crumb?: (query: Query) => string;
  /** The prompt its key opens. */
  prompt?: ListQueryPrompt<Query>;
  /** The query the scripting command's flags ask for. */
  fromFlags: (flags: QueryFlags) => Query;
  /** The list shows nothing until its query names something (the users whose online status to ask for). */
  emptyUntilAsked?: true;
  /** What is wrong with the flags, in words (the command exits 2 and sends nothing); undefined when nothing is. */
  flagsProblem?: (flags: QueryFlags) => string | undefined;
}

/** The prompt a list's query is asked with: its label, its hint, the line it starts with, the query an answer makes. */
export interface ListQueryPrompt<Query = AnyQuery> {
  kind: ListPrompt;
  /** Before the typed text. */
  label: string;
  /** Under an empty line, when it needs more than the prompt's usual words. */
  hint?: string;
  text: (query: Query) => string;
  /** `base`: the query the list opened with (a drill-down's parent row: what the answer keeps). */
  answer: (text: string, base: Query) => Query;
  /** An answer that narrows the list, when a bare word does not (tests use it). */
  example?: string;
  /** What is wrong with the text, in words: the prompt stays open saying so and nothing is sent. */
  check?: (text: string) => string | undefined;
  /** A line `check` refuses, when a bare word is not one (tests use it). */
  refused?: string;
  /** What Tab offers for the text (else the page's IDs and names that start with it). */
  complete?: (text: string, rowWords: readonly string[]) => string[];
  /**
   * The text in force opens selected, and the first key typed replaces it: for a list of IDs, where
   * a new one appended to the old would ask for both (a search's words are narrowed by adding to them).
   */
  replaces?: true;
}

/** A page request as the server's `pagination` (1-based pageNumber, showNumber rows). */
export const pagination = (request: { page: number; size: number }) => ({ pageNumber: request.page, showNumber: request.size });

/** The body of one user's list that takes no query: whose list, and which page. */
export const ownersPageBody = (request: RequestOf<unknown>) => ({ userID: request.userID ?? '', pagination: pagination(request) });

/** The one query of a list that has none. */
export const NO_QUERY: QuerySpec<Record<never, never>> = {
  initial: {},
  narrowed: () => false,
  label: () => '',
  fromFlags: () => ({}),
};

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
export interface UserSummaryPart<Figure, Query = AnyQuery> {
  /** The part's name while its figure loads ("blacklist …") or when it failed ("black ✗"). */
  label: SummaryWords;
  /**
   * Which parts a narrow line drops first: the highest number goes first (the profile's created
   * date and receive option are 6 and 7, layout/userSummaryLine.ts; the nickname is never dropped).
   */
  drop: number;
  /**
   * Fetched (a page of one row) when the user screen opens: for a figure that is cheap to ask
   * for. Otherwise the line shows it once its tab's first page has said it.
   */
  eager: boolean;
  /**
   * The figure a page says of the user's whole list (the summary asks for a page of one row);
   * undefined when this page does not say it (a page narrowed by its query, a reply without it).
   */
  count(page: PageFigures, query: Query): Figure | undefined;
  /** How the figure reads. */
  words(figure: Figure): SummaryWords;
  /** A list page's figure over the one shown (the read faults add up over the pages read); without it the new one replaces it. */
  merge?(before: Figure | undefined, next: Figure, where: { page: number; size: number }): Figure;
  /** A figure as a busy user's would be: the summary line's tests read every list's (test/layout/userSummaryLine.test.ts). */
  example: Figure;
}

/**
 * The prompts a list's own key may open: each narrows the list with its answer (the store's
 * prompts of these kinds, store/types.ts PromptKind; keys/bindings.ts checks they exist).
 */
export type ListPrompt = 'search' | 'ids';

/**
 * A key that works on this list only (its scope is the list's kind). Data, since the keys sit
 * above the lists: keys/bindings.ts makes it a row of the bindings table and runs it.
 */
export interface ListKey<Row = never, Query = AnyQuery> {
  /** The action's name: help shows it, and the config file's `keys` rebinds it. */
  action: string;
  /** The default keys (normalize.ts names). */
  keys: readonly string[];
  /** The footer's label, after the key in force ("search" reads `s search`); without one the key shows in help only. */
  hint?: string;
  /** What help says of it. */
  description: string;
  /**
   * What it does, by the store action it runs: opens this prompt, or opens a top-level list over
   * the screen with the query its prompt makes of `text` (the selected row's; undefined: no row to use),
   * or gives the list the query `toggle` makes of the one in force (a toggle: the read faults only).
   */
  run:
    | { openPrompt: ListPrompt }
    | { search: TopList; text: (row: Row, ownerID: string | undefined) => string | undefined }
    | { toggle: (query: Query) => Query };
  /** This key's prompt finds users by name: the user picker names it when an ID was typed as a name. */
  findsUsersByName?: true;
}

/**
 * How a top-level list is reached from anywhere: its `:` command (named as its scripting command)
 * and, with `key`, a key of its own (its action is the list's kind; keys/bindings.ts makes both rows).
 */
interface ListJump {
  /** The command's other names (`:u`). */
  aliases: readonly string[];
  /** What help says of the command. */
  description: string;
  key?: { keys: readonly string[]; hint?: string; description: string };
  /** The command takes its prompt's answer after its name (`:pulse 30d`, `:doctor user ID`), checked as the prompt checks it; alone it opens the list as it is. Its synopsis's words for the answer. */
  argument?: string;
}

/**
 * What Enter on a row opens when it is another list (lists/names.ts `place: 'drill'`): the list
 * and its query for this row (`ownerID`: the user whose list the row is on). `d` keeps opening the
 * row's detail.
 */
export interface ListOpens<Row> {
  kind: DrillList;
  query: (row: Row, ownerID: string | undefined) => AnyQuery;
  /** Whose list it opens when this list is no user's (the message search: a history is a member's). */
  owner?: (row: Row) => string | undefined;
  /** The position (the opened list's `position`) to select once it shows: a found message's seq. */
  at?: (row: Row) => number | undefined;
}

/** A list whose rows stand at numbered positions (a history's seqs): `:seq N` goes to one. */
export interface ListPosition<Row> {
  /** What a position is called, for the words: `seq`. */
  word: string;
  /** The page holding position `n` of a list of `total` positions paged by `size`, and the row there; undefined when there is none. */
  locate: (n: number, total: number, size: number) => { page: number; identity: string } | undefined;
  /** The identity of a row standing for position `n` in its page (a gap row stands for several); undefined when none does. */
  rowAt?: (rows: readonly Row[], n: number) => string | undefined;
}

/** Lines a list draws above its table from the rows it has (lists/pulseChart.ts): plain text, one string a line. */
export interface ListChart<Row> {
  lines: number;
  draw: (view: ChartView<Row>) => string[];
}

/** What a chart is drawn from: the page's rows and figures, the cursor's row, the width, the glyph set. */
export interface ChartView<Row> {
  rows: readonly Row[];
  extra: Readonly<Record<string, number>> | undefined;
  cursor: Row | undefined;
  width: number;
  spark: readonly string[];
  marker: string;
  separator: string;
}

/** A drill-down list's own: what identifies the row it was opened from, and its breadcrumb step. */
export interface DrillSpec<Query> {
  /** The parent row its query names (two conversations' histories are two lists). */
  parent: (query: Query) => string;
  /** Its step in the breadcrumb, after the parent's (`History of si_a_b`). */
  crumb: (query: Query) => string;
}

/** A CSV column computed from the row rather than read from it; `ownerID` is the user whose list it is. */
export interface CsvDerived<Row> {
  name: string;
  value: (row: Row, ownerID: string | undefined) => unknown;
}

/** A CSV column no table column shows: a wire field (nested ones by dotted path), or one derived from the row. */
export type CsvExtra<Row> = FieldPath<Row> | CsvDerived<Row>;

/** A list's CSV columns beside its table columns' fields. */
export interface CsvExtras<Row> {
  /** Before them: whose list it is, or the row's ID when no column shows it. */
  before?: readonly CsvExtra<Row>[];
  /** After them: the rest of the row's fields, and the derived columns. */
  after?: readonly CsvExtra<Row>[];
}

/**
 * The keys in force an empty list's text names (the screen hands them in: keys sit above the
 * lists), so that its words follow a rebinding.
 */
export interface EmptyTextKeys {
  /** What opens its search prompt, when it has one. */
  search?: string | undefined;
  /** What clears its query (back). */
  back: string;
}

/**
 * A request a list makes beside each page, for the page's rows (who of a page of users is online):
 * one request a page, never one a row. What it says of a row is put on the row under the extra's
 * name, which the columns that show it name as their field (pageExtras.ts). It is asked only while
 * such a column shows, and such a column shows only when chosen (`columns`, `:columns`), so a list
 * costs one request a page until then; unless `shown`, for a fact the list is read for.
 */
export interface PageExtra<Row> {
  /** One request for these rows of this user's list: what it says of each, by the row's `rowID` (a row it says nothing of gets nothing). */
  fetch(client: OpenIMClient, rows: readonly Row[], signal: AbortSignal, userID: string | undefined): Promise<ReadonlyMap<string, unknown>>;
  /** What it is, for the notice when it failed (the rows still show): "online status". */
  label: string;
  /**
   * Its columns show without a choice: the column means nothing without it (the group lists'
   * OWNER, whose name the page alone does not carry; a conversation's read fault, what the list is
   * read for). A table asks for it beside each page.
   */
  byDefault?: true;
  /** The figures the page carries of what it said (into the page's `extra`: the user summary reads them). */
  figures?: (rows: readonly Row[]) => Readonly<Record<string, number>>;
}

/**
 * What is known of a list's rows beyond the server's count, for a count that is only a lower bound
 * (the message search's chatLogsNum, smaller than the rows even on the last page): `atLeast`, the
 * rows there are through the page on screen (and before the last page, once known); `whole`, every
 * row's count once the last page is the one seen.
 */
export interface RowsSeen {
  lastPageKnown: boolean;
  atLeast: number;
  whole?: number | undefined;
}

export interface ListDef<Row, Figure = never, Query extends AnyQuery = AnyQuery> {
  /** The operation that fetches a page (api/pages.ts pageOperation: path, schema, rows and total). */
  operation: PageOperation<Row>;
  /** Its request body for a page, as sent and as `C` copies it. */
  body: (request: RequestOf<Query>) => object;
  /** What narrows it on the server. */
  query: QuerySpec<Query>;
  /** The table's columns (explorer and `--output table`), by priority. */
  columns: readonly Column<Row>[];
  /** Requests beside each page, by the field they put on its rows (PageExtra). */
  extras?: Readonly<Record<string, PageExtra<Row>>>;
  /** The detail pane's fields. */
  detail: (row: Row, owner: DetailOwner) => RowDetail;
  /**
   * What CSV writes besides the fields its columns show, which it writes in the columns' order
   * between these (csvFields.ts): a field a column names is never written here.
   */
  csv: CsvExtras<Row>;
  /** Which row this is across two fetches: the live view's marks and the cursor follow it. */
  identity: (row: Row) => string;
  /** The ID the server knows the row by: what `Y` copies. */
  rowID: (row: Row) => string;
  /**
   * Enter on a row opens the user it names (`userNamed`) rather than the detail; `lookup` when the
   * row is that user's own record, so that the user screen looks nothing up.
   */
  enterOpensUser?: { lookup?: (row: Row) => UserLookup };
  /** The other user a row names, for `o` (and Enter, with `enterOpensUser`). */
  userNamed: (row: Row, ownerID: string | undefined) => string | undefined;
  /** The IDs (and names) a row shows: what a prompt completes from the page. */
  completionWords: (row: Row) => readonly string[];
  /** What an empty list says, given what narrowed it and the keys in force that change it. */
  emptyText: (query: Query, keys: EmptyTextKeys) => string;
  /** What its tab adds after the user screen's tabs, from the page's figures (the unread total). */
  tabNote?: (extra: Readonly<Record<string, number>> | undefined) => string | undefined;
  /** Its part of a user's summary line: every per-user list has one, a top-level list none (registry.ts). */
  userSummary?: UserSummaryPart<Figure, Query>;
  /** The keys of its own, beside every list's. */
  keys?: readonly ListKey<Row, Query>[];
  /** A top-level list's key on a user's screen: opens it over that screen with the query its prompt makes of `text(userID)`. */
  fromUser?: { action: string; keys: readonly string[]; hint?: string; description: string; text: (userID: string) => string };
  /** A top-level list's `:` command and key (lists/names.ts `place: 'top'`). */
  jump?: ListJump;
  /** Every page carries a notice (a history's read state), a row fewer per page a line; a function: its lines for the query, before the page arrives (a single chat's: 2). */
  standingNotice?: true | ((query: Query, ownerID: string | undefined) => number);
  /** Enter on a row opens this drill-down list (rather than the detail). */
  opens?: ListOpens<Row>;
  /** Its rows stand at numbered positions that `:seq N` goes to. */
  position?: ListPosition<Row>;
  /** The live view and `--watch` refresh it no more often than this (the pulse: its reads aggregate every message of the window). */
  liveEveryMs?: number;
  /** Lines drawn above the table from the page's rows (the pulse's sparklines): its screen fits that many rows fewer. */
  chart?: ListChart<Row>;
  /** A drill-down list's parent and crumb (lists/names.ts `place: 'drill'`; registry.ts asks for it). */
  drill?: DrillSpec<Query>;
  /** How the status line reads a total the server does not promise exact (default `~N with messages`), beside the rows seen. */
  totalWords?: (total: number, seen: RowsSeen) => string;
  /** What scripting says once on stderr of the server's count, when it is not a total (the message search's lower bound), after the rows. */
  countNote?: (total: number, seen: RowsSeen) => string;
  /** The order a page is shown in until `:sort` changes it (the server's order otherwise), marked as a sort. */
  defaultSort?: { field: FieldPath<Row>; desc: boolean } & PageSort;
}
