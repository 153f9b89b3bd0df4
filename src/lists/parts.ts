// A list written in parts, each with defaults, so that a simple list writes little: where its rows
// come from (`wire`), how they are drawn (`table`), where it sits among the lists (`place`, beside
// its names.ts place) and what it adds to a user's summary line (`summary`). listOf() makes the
// ListDef everything above reads (types.ts), so the parts are how a list is written, not a second
// shape to read.
import type { Column } from '../domain/columns.js';
import { NO_QUERY, ownersPageBody, type AnyQuery, type CsvExtras, type EmptyTextKeys, type DrillSpec, type ListDef, type QuerySpec, type RequestOf, type RowDetail, type DetailOwner, type UserSummaryPart } from './types.js';

/** Where the rows come from: the operation, its body (default: one user's page) and its query (default: none). */
export type WirePart<Row, Query extends AnyQuery> = Pick<ListDef<Row, never, Query>, 'operation' | 'extras' | 'totalWords' | 'countNote' | 'standingNotice' | 'liveEveryMs'> & {
  body?: (request: RequestOf<Query>) => object;
  query?: QuerySpec<Query>;
};

/** How the rows are drawn: columns, detail, CSV beside the columns (default: nothing more), the row's identity and words. */
export interface TablePart<Row, Query extends AnyQuery> {
  columns: readonly Column<Row>[];
  detail: (row: Row, owner: DetailOwner) => RowDetail;
  csv?: CsvExtras<Row>;
  /** Which row this is across two fetches; also its ID (`Y`) and its completion words unless given. */
  identity: (row: Row) => string;
  rowID?: (row: Row) => string;
  completionWords?: (row: Row) => readonly string[];
  /** What an empty list says: words, or words from its query and the keys in force. */
  emptyText: string | ((query: Query, keys: EmptyTextKeys) => string);
  /** The order a page is shown in until `:sort` changes it (default: the server's). */
  defaultSort?: ListDef<Row>['defaultSort'];
}

/** Where it sits: what Enter opens (a drill-down list, or the user a row names), the user `o` opens (default none). */
export type PlacePart<Row, Query extends AnyQuery = AnyQuery> = Pick<ListDef<Row, never, Query>, 'opens' | 'enterOpensUser' | 'keys' | 'fromUser' | 'jump' | 'tabNote' | 'position' | 'chart'> & {
  userNamed?: (row: Row, ownerID: string | undefined) => string | undefined;
};

export interface ListParts<Row, Figure, Query extends AnyQuery> {
  wire: WirePart<Row, Query>;
  table: TablePart<Row, Query>;
  place?: PlacePart<Row, Query>;
  /** One user's list's part of the summary line: a list with a Figure has one (registry.ts asks every `userTab` list for it). */
  summary?: UserSummaryPart<Figure, Query>;
}

/** A list with a figure (a user's list) writes its summary part; one without (never) writes none. */
type PartsOf<Row, Figure, Query extends AnyQuery> = [Figure] extends [never]
  ? ListParts<Row, Figure, Query> & { summary?: never }
  : ListParts<Row, Figure, Query> & { summary: UserSummaryPart<Figure, Query> };
/** Its ListDef, with the summary part where the registry's types look for it (a drill-down list's: drillListOf). */
type DefOf<Row, Figure, Query extends AnyQuery> = [Figure] extends [never]
  ? Omit<ListDef<Row, Figure, Query>, 'userSummary' | 'drill'> & { userSummary?: never; drill?: never }
  : Omit<ListDef<Row, Figure, Query>, 'drill'> & { userSummary: UserSummaryPart<Figure, Query>; drill?: never };

/** The ListDef a list's parts make. */
export function listOf<Row, Figure = never, Query extends AnyQuery = Record<never, never>>(parts: PartsOf<Row, Figure, Query>): DefOf<Row, Figure, Query> {
  const { wire, table, place = {}, summary } = parts as ListParts<Row, Figure, Query>;
  const empty = table.emptyText;
  const { body, query, ...wireRest } = wire;
  const { defaultSort } = table;
  const def: ListDef<Row, Figure, Query> = {
    ...place,
    ...wireRest,
    ...(defaultSort ? { defaultSort } : {}),
    body: body ?? ownersPageBody,
    query: query ?? (NO_QUERY as unknown as QuerySpec<Query>),
    columns: table.columns,
    detail: table.detail,
    csv: table.csv ?? {},
    identity: table.identity,
    rowID: table.rowID ?? table.identity,
    userNamed: place.userNamed ?? (() => undefined),
    completionWords: table.completionWords ?? ((row) => [table.identity(row)]),
    emptyText: typeof empty === 'string' ? () => empty : empty,
    ...(summary ? { userSummary: summary } : {}),
  };
  return def as DefOf<Row, Figure, Query>;
}

/** A drill-down list (names.ts `place: 'drill'`): its place says which parent row it names and its breadcrumb step. */
export function drillListOf<Row, Query extends AnyQuery>(
  parts: ListParts<Row, never, Query> & { summary?: never; place: PlacePart<Row, Query> & { drill: DrillSpec<Query> } },
): Omit<ListDef<Row, never, Query>, 'userSummary' | 'drill'> & { userSummary?: never; drill: DrillSpec<Query> } {
  return { ...listOf<Row, never, Query>(parts as PartsOf<Row, never, Query>), drill: parts.place.drill };
}
