// Each list's names: its scripting command, what the command does and its synopsis, its title
// in the breadcrumb (a tab's title on the user screen), whether it is one user's list. Apart from
// the list's definition (./<list>.ts) so that `--help`, `--version` and the completion scripts
// load none of the lists' code: dist/cli.js answers them on its own (scripts/build.mjs).
import type { ListKind } from '../api/pages.js';

interface ListNames {
  /** The scripting command that prints this list (`openim-explorer <command>`). */
  command: string;
  /** What the command does, for `--help` and shell completion. */
  commandHelp: string;
  /** The command's synopsis in `--help` after the program name, then its notes, one a line. */
  usage: readonly string[];
  /** What the list is, in a sentence of help ("the blacklist tab"). */
  help: string;
  /** The list's name in the breadcrumb (a user's tab title for per-user lists). */
  title: string;
  /** The same at 80 columns, where the user ID matters more than long tab names. */
  shortTitle: string;
  /** A list of one user's (a tab of the user screen, `--user ID` in scripting). */
  perUser: boolean;
}

/** In this order in `--help`, the shell completions and the user screen's tabs. */
export const LIST_NAMES = {
  users: {
    command: 'users',
    commandHelp: 'print registered users',
    usage: ['users [--search TEXT [--regex]]', 'userID or nickname contains TEXT (any case);', '--regex: TEXT is a regex'],
    help: 'registered users',
    title: 'Users',
    shortTitle: 'Users',
    perUser: false,
  },
  accounts: {
    command: 'accounts',
    commandHelp: 'print system accounts',
    usage: ['accounts [--keyword K]'],
    help: 'system accounts',
    title: 'System accounts',
    shortTitle: 'System accounts',
    perUser: false,
  },
  conversations: {
    command: 'conversations',
    commandHelp: 'print the conversations of a user',
    usage: ['conversations --user ID [--ids A,B]'],
    help: 'conversations',
    title: 'Conversations',
    shortTitle: 'Convs',
    perUser: true,
  },
  blacklist: {
    command: 'blacklist',
    commandHelp: 'print the blacklist of a user',
    usage: ['blacklist --user ID'],
    help: 'blacklist',
    title: 'Blacklist',
    shortTitle: 'Blacklist',
    perUser: true,
  },
  applications: {
    command: 'applications',
    commandHelp: 'print the friend applications a user sent',
    usage: ['applications --user ID'],
    help: 'sent friend applications',
    title: 'Sent applications',
    shortTitle: 'Sent apps',
    perUser: true,
  },
} as const satisfies Record<ListKind, ListNames>;

export const LIST_KINDS = Object.keys(LIST_NAMES) as ListKind[];

/** A list of one user's: a tab of the user screen. */
export type UserTab = { [K in ListKind]: (typeof LIST_NAMES)[K]['perUser'] extends true ? K : never }[ListKind];
export function isUserTab(kind: ListKind): kind is UserTab {
  return LIST_NAMES[kind].perUser;
}
export const USER_TABS: readonly UserTab[] = LIST_KINDS.filter(isUserTab);

/** The scripting commands that print a list, named as on the command line. */
export type ListCommand = (typeof LIST_NAMES)[ListKind]['command'];
export const LIST_COMMANDS: readonly ListCommand[] = LIST_KINDS.map((kind) => LIST_NAMES[kind].command);
