// Every list, by kind: the one place that names them all. Screens, keys, help, the scripting
// commands, exports, the breadcrumb and the completion iterate this table, so a new list is its
// API call (api/operations.ts, with its schema) and one file here (see README's Architecture).
import type { OpenIMClient } from '../api/client.js';
import type { AnyRow, ListKind, ListSpec, PageFetcher, PageRequest, RowByKind } from '../api/pages.js';
import type { Page } from '../api/schemas.js';
import { accounts } from './accounts.js';
import { applications } from './applications.js';
import { blacklist } from './blacklist.js';
import { conversations } from './conversations.js';
import type { ListDef } from './types.js';
import { users } from './users.js';

/** In this order in `--help`, the shell completions and the user screen's tabs. */
export const LISTS = {
  users,
  accounts,
  conversations,
  blacklist,
  applications,
} as const satisfies { [K in ListKind]: ListDef<RowByKind[K]> };

export const LIST_KINDS = Object.keys(LISTS) as ListKind[];

/** A list of one user's: a tab of the user screen. */
export type UserTab = { [K in ListKind]: (typeof LISTS)[K]['perUser'] extends true ? K : never }[ListKind];
export const USER_TABS: readonly UserTab[] = LIST_KINDS.filter((kind): kind is UserTab => LISTS[kind].perUser);

/** The scripting commands that print a list, named as on the command line. */
export type ListCommand = (typeof LISTS)[ListKind]['command'];

/**
 * The definition of a list of this kind, over any row. Each definition reads rows of its own kind
 * and the callers hand it only rows of the kind they name (a list's rows all come from its own
 * fetch): the one place that widens the row type.
 */
export function listDef(kind: ListKind): ListDef<AnyRow> {
  return LISTS[kind] as unknown as ListDef<AnyRow>;
}

/** The list a scripting command prints. */
export function listOfCommand(command: ListCommand): ListKind {
  return LIST_KINDS.find((kind) => LISTS[kind].command === command)!;
}

export function fetchPage(client: OpenIMClient, request: PageRequest, signal: AbortSignal): Promise<Page<AnyRow>> {
  return listDef(request.kind).fetch(client, request, signal);
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
