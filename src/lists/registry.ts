// Every list, by kind: the one place that gathers them. Screens, the scripting commands, exports,
// the detail, the live marks, the completion, the user summary line and the keys of one list read
// a list from here, and `--help`, the breadcrumb and the tabs from names.ts; so a new list is its
// file here, its line below and its names (see docs/architecture.md).
import type { OpenIMClient } from '../api/client.js';
import { sendPageCall, type AnyRow, type PageCall, type PageFetcher, type PageProgress } from '../api/pages.js';
import type { Page } from '../api/schemas.js';
import type { CellContext } from '../domain/columns.js';
import { accounts } from './accounts.js';
import { applications } from './applications.js';
import { blacklist } from './blacklist.js';
import { conversations } from './conversations.js';
import { doctor } from './doctor.js';
import { friends } from './friends.js';
import { groupApplications } from './groupApplications.js';
import { groupApplicationsReceived } from './groupApplicationsReceived.js';
import { groups } from './groups.js';
import { history } from './history.js';
import { messages } from './messages.js';
import { joinedGroups } from './joinedGroups.js';
import { members } from './members.js';
import { readState } from './readState.js';
import { receivedApplications } from './receivedApplications.js';
import { status } from './status.js';
import type { LIST_NAMES, ListKind, UserTab } from './names.js';
import { withExtras } from './pageExtras.js';
import type { AnyQuery, ListDef, ListSpec, PageRequest, UserSummaryPart } from './types.js';
import { users } from './users.js';
import { pulse } from './pulse.js';
import { topGroups, topSenders } from './topLists.js';

/** A list of one user's has its part of the user summary line; a drill-down list its parent and crumb; a top-level list neither. */
type SummaryPartOf<K extends ListKind> = (typeof LIST_NAMES)[K]['place'] extends 'userTab'
  ? { userSummary: UserSummaryPart<unknown>; drill?: never }
  : (typeof LIST_NAMES)[K]['place'] extends 'drill'
    ? { userSummary?: never; drill: object }
    : { userSummary?: never; drill?: never; operation: unknown };

/** Each list's definition, by kind (the order is LIST_NAMES's). */
export const LISTS = {
  users,
  accounts,
  status,
  messages,
  groups,
  doctor,
  pulse,
  topGroups,
  conversations,
  blacklist,
  applications,
  friends,
  receivedApplications,
  joinedGroups,
  readState,
  groupApplications,
  groupApplicationsReceived,
  history,
  members,
  topSenders,
} as const satisfies { [K in ListKind]: SummaryPartOf<K> };

/** The figure each of a user's lists counts for the summary line, by kind. */
export type SummaryFigures = {
  [K in UserTab]: (typeof LISTS)[K]['userSummary'] extends UserSummaryPart<infer Figure, infer _Q> ? Figure : never;
};

/** The summary line's part of one user's list (each has one: LISTS's type says so). */
export function summaryPart(tab: UserTab): UserSummaryPart<unknown> {
  return LISTS[tab].userSummary as UserSummaryPart<unknown>;
}

/**
 * The definition of a list of this kind, over any row and query. Each definition reads rows and
 * queries of its own kind and the callers hand it only those of the kind they name (a list's rows
 * all come from its own fetch, its query from its own `query`): the one place that widens them.
 */
export function listDef(kind: ListKind): ListDef<AnyRow, unknown, AnyQuery> {
  return LISTS[kind] as unknown as ListDef<AnyRow, unknown, AnyQuery>;
}

/** A page's operation and body, as sent and as `C` copies it. */
export function pageCall(request: PageRequest): PageCall {
  const def = listDef(request.kind);
  return { operation: def.operation, body: def.body(request) };
}

/** A page, with the extras the request names put on its rows (pageExtras.ts). */
export async function fetchPage(client: OpenIMClient, request: PageRequest, signal: AbortSignal, progress?: PageProgress): Promise<Page<AnyRow>> {
  const page = await sendPageCall(client, pageCall(request), signal, progress);
  return withExtras(client, listDef(request.kind), request, page, signal);
}

/** The page fetcher of a list. */
export function listFetcher(client: OpenIMClient, spec: ListSpec): PageFetcher<AnyRow> {
  return (page, size, signal) =>
    fetchPage(
      client,
      {
        kind: spec.kind,
        ...(spec.userID !== undefined ? { userID: spec.userID } : {}),
        ...(spec.extras?.length ? { extras: spec.extras } : {}),
        page,
        size,
        query: spec.query,
      },
      signal ?? new AbortController().signal,
    );
}

/** What the page filter matches on a row: every column's cell (shown or not at this width) and the row's IDs, one per line. */
export function rowFilterText(kind: ListKind, row: AnyRow, ctx: CellContext): string {
  const def = listDef(kind);
  return [...def.columns.map((c) => c.value(row, ctx)), def.rowID(row), def.identity(row), ...def.completionWords(row)].join('\n');
}
