// Every list, by kind: the one place that gathers them. Screens, the scripting commands, exports,
// the detail, the live marks and the completion read a list from here, and `--help`, the
// breadcrumb and the tabs from names.ts; so a new list is its API call (api/operations.ts, with
// its schema), its file here and its names (see README's Architecture).
import type { OpenIMClient } from '../api/client.js';
import { sendPageCall, type AnyRow, type ListKind, type ListSpec, type PageFetcher, type PageRequest, type RowByKind } from '../api/pages.js';
import type { Page } from '../api/schemas.js';
import { accounts } from './accounts.js';
import { applications } from './applications.js';
import { blacklist } from './blacklist.js';
import { conversations } from './conversations.js';
import type { ListDef } from './types.js';
import { users } from './users.js';

/** Each list's definition, by kind (the order is LIST_NAMES's). */
export const LISTS = {
  users,
  accounts,
  conversations,
  blacklist,
  applications,
} as const satisfies { [K in ListKind]: ListDef<RowByKind[K]> };

/**
 * The definition of a list of this kind, over any row. Each definition reads rows of its own kind
 * and the callers hand it only rows of the kind they name (a list's rows all come from its own
 * fetch): the one place that widens the row type.
 */
export function listDef(kind: ListKind): ListDef<AnyRow> {
  return LISTS[kind] as unknown as ListDef<AnyRow>;
}

export function fetchPage(client: OpenIMClient, request: PageRequest, signal: AbortSignal): Promise<Page<AnyRow>> {
  return sendPageCall(client, listDef(request.kind).call(request), signal);
}

/** The page fetcher of a list. */
export function listFetcher(client: OpenIMClient, spec: ListSpec): PageFetcher<AnyRow> {
  return (page, size, signal) =>
    fetchPage(
      client,
      { kind: spec.kind, ...(spec.userID !== undefined ? { userID: spec.userID } : {}), page, size, query: spec.query },
      signal ?? new AbortController().signal,
    );
}
