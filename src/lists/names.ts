// Each list's names: its scripting command, what the command does and its synopsis, its title
// in the breadcrumb (a tab's title on the user screen), whether it is one user's list. Apart from
// the list's definition (./<list>.ts) so that `--help`, `--version` and the completion scripts
// load none of the lists' code: dist/cli.js answers them on its own (scripts/build.mjs).

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
  /**
   * Where it shows: the top level (a screen of its own), one user's tab (`--user ID` in
   * scripting), or a drill-down opened by Enter on another list's row (its definition's `opens`).
   */
  place: 'top' | 'userTab' | 'drill';
  /** The scripting flags that narrow it (config/flags.ts FLAGS; the list's query reads them). */
  flags: readonly string[];
  /**
   * The flags (of `flags`) a drill-down list cannot go without in scripting: what names the row it
   * opens from (config/flags.ts `missingNeeds` says so in words).
   */
  needs?: readonly string[];
  /** Its `--user` names the users it asks about (`A,B`, read by its query), not whose list it is: no owner is looked up. */
  userIsQuery?: true;
  /** Flags of other uses its query reads too (the doctor's `--users N`, `--all`): not its own, so other lists keep them. */
  alsoReads?: readonly string[];
}

/** In this order in `--help`, the shell completions and the user screen's tabs. */
export const LIST_NAMES = {
  users: {
    command: 'users',
    commandHelp: 'print registered users',
    usage: ['users [--search TEXT [--regex]]', 'userID or nickname contains TEXT (any case);', '--regex: TEXT is a regex'],
    help: 'registered users',
    title: 'Users',
    flags: ['search', 'regex'],
    shortTitle: 'Users',
    place: 'top',
  },
  accounts: {
    command: 'accounts',
    commandHelp: 'print system accounts',
    usage: ['accounts [--keyword K]'],
    help: 'system accounts',
    title: 'System accounts',
    flags: ['keyword'],
    shortTitle: 'System accounts',
    place: 'top',
  },
  status: {
    command: 'status',
    commandHelp: 'print whether users are online, and on which platforms',
    usage: ['status --user ID[,ID...]', 'online or offline, and the platforms (get_users_status)'],
    help: 'online status',
    title: 'Online status',
    flags: ['user'],
    userIsQuery: true,
    needs: ['user'],
    shortTitle: 'Online',
    place: 'top',
  },
  messages: {
    command: 'messages',
    commandHelp: 'search the messages of single and group chats',
    usage: [
      'messages [--from U] [--to R] [--type T] [--session S]',
      '[--day D]  U: a user ID; R: a user or a group ID;',
      'T: a type name or number; S: single or group; D: a local',
      'YYYY-MM-DD, sent as one UTC day. Rows in storage order;',
      'the total is a lower bound',
    ],
    help: 'message search',
    title: 'Messages',
    flags: ['from', 'to', 'type', 'session', 'day'],
    shortTitle: 'Messages',
    place: 'top',
  },
  groups: {
    command: 'groups',
    commandHelp: 'print the groups (dismissed ones are not listed)',
    usage: ['groups [--search TEXT [--regex]]', 'the group name contains TEXT (case counts);', '--regex: TEXT is a regex'],
    help: 'groups',
    title: 'Groups',
    flags: ['search', 'regex'],
    shortTitle: 'Groups',
    place: 'top',
  },
  doctor: {
    command: 'doctor',
    commandHelp: 'find the data signatures of known defects in a user, a group or many users',
    usage: ['doctor --user ID | --group ID | --users N | --all', 'each finding: what was seen, the route, the upstream', 'issue; with --demo, --users N is also the population'],
    help: 'the doctor',
    title: 'Doctor',
    flags: ['user', 'group'],
    alsoReads: ['users', 'all'],
    userIsQuery: true,
    shortTitle: 'Doctor',
    place: 'top',
  },
  pulse: {
    command: 'pulse',
    commandHelp: "print the server's days: new users, messages, groups (statistics)",
    usage: ['pulse [--days N] [--from DAY --to DAY]', 'one row per UTC day with each figure; N at most 31:', 'the server aggregates every message of the window'],
    help: 'the pulse',
    title: 'Pulse',
    shortTitle: 'Pulse',
    flags: ['days', 'from', 'to'],
    place: 'top',
  },
  topGroups: {
    command: 'top-groups',
    commandHelp: "print a UTC day's busiest groups, by messages",
    usage: ['top-groups [--day DAY]', "DAY: a UTC day, YYYY-MM-DD (default yesterday's);", 'ranked by group messages'],
    help: "a day's busiest groups",
    title: 'Busiest groups',
    shortTitle: 'Groups/day',
    flags: ['day'],
    place: 'top',
  },
  conversations: {
    command: 'conversations',
    commandHelp: 'print the conversations of a user',
    usage: ['conversations --user ID [--ids A,B]'],
    help: 'conversations',
    title: 'Conversations',
    flags: ['ids'],
    shortTitle: 'Convs',
    place: 'userTab',
  },
  blacklist: {
    command: 'blacklist',
    commandHelp: 'print the blacklist of a user',
    usage: ['blacklist --user ID'],
    help: 'blacklist',
    title: 'Blacklist',
    flags: [],
    shortTitle: 'Black',
    place: 'userTab',
  },
  applications: {
    command: 'applications',
    commandHelp: 'print the friend applications a user sent',
    usage: ['applications --user ID'],
    help: 'sent friend applications',
    title: 'Sent applications',
    flags: [],
    shortTitle: 'Sent',
    place: 'userTab',
  },
  friends: {
    command: 'friends',
    commandHelp: 'print the friends of a user',
    usage: ['friends --user ID'],
    help: 'friends',
    title: 'Friends',
    flags: [],
    shortTitle: 'Friends',
    place: 'userTab',
  },
  receivedApplications: {
    command: 'received-applications',
    commandHelp: 'print the friend applications a user received',
    usage: ['received-applications --user ID'],
    help: 'received friend applications',
    title: 'Received applications',
    flags: [],
    shortTitle: 'Rcvd',
    place: 'userTab',
  },
  joinedGroups: {
    command: 'joined-groups',
    commandHelp: 'print the groups a user is in',
    usage: ['joined-groups --user ID'],
    help: 'joined groups',
    title: 'Groups',
    flags: [],
    shortTitle: 'Groups',
    place: 'userTab',
  },
  readState: {
    command: 'read-state',
    commandHelp: "print a user's read state: each conversation's max seq, read seq and unread",
    usage: ['read-state --user ID', 'one reply: the server does not page it'],
    help: 'read state',
    title: 'Read state',
    flags: [],
    shortTitle: 'Read',
    place: 'userTab',
  },
  groupApplications: {
    command: 'group-applications',
    commandHelp: 'print the group join applications a user sent',
    usage: ['group-applications --user ID'],
    help: 'sent group join applications',
    title: 'Join applications',
    flags: [],
    shortTitle: 'Joins',
    place: 'userTab',
  },
  groupApplicationsReceived: {
    command: 'group-applications-received',
    commandHelp: 'print the join applications to the groups a user owns or administers',
    usage: ['group-applications-received --user ID'],
    help: 'received group join applications',
    title: 'Join requests',
    flags: [],
    shortTitle: 'JReqs',
    place: 'userTab',
  },
  history: {
    command: 'history',
    commandHelp: "print a conversation's messages, newest first",
    usage: ['history --user ID --conversation CID', 'paged by seq from the newest; a gap row stands for', 'deleted or destructed seqs'],
    help: "a conversation's messages",
    title: 'History',
    shortTitle: 'History',
    flags: ['user', 'conversation'],
    needs: ['user', 'conversation'],
    place: 'drill',
  },
  members: {
    command: 'members',
    commandHelp: "print a group's members, owner and admins first",
    usage: ['members --group ID [--search TEXT [--regex]]', 'nickname or userID contains TEXT (case counts);', '--regex: TEXT is a regex'],
    help: "a group's members",
    title: 'Members',
    shortTitle: 'Members',
    flags: ['group', 'search', 'regex'],
    needs: ['group'],
    place: 'drill',
  },
  topSenders: {
    command: 'top-senders',
    commandHelp: "print a UTC day's top senders, by messages",
    usage: ['top-senders --day DAY', 'DAY: a UTC day, YYYY-MM-DD; ranked by messages sent'],
    help: "a day's top senders",
    title: 'Top senders',
    shortTitle: 'Senders',
    flags: ['day'],
    needs: ['day'],
    place: 'drill',
  },
} as const satisfies Record<string, ListNames>;

/** A list's name in the registry: each has its names here and its definition in registry.ts. */
export type ListKind = keyof typeof LIST_NAMES;
export const LIST_KINDS = Object.keys(LIST_NAMES) as ListKind[];

/** A list of one user's: a tab of the user screen. */
export type UserTab = { [K in ListKind]: (typeof LIST_NAMES)[K]['place'] extends 'userTab' ? K : never }[ListKind];
export function isUserTab(kind: ListKind): kind is UserTab {
  return LIST_NAMES[kind].place === 'userTab';
}
export const USER_TABS: readonly UserTab[] = LIST_KINDS.filter(isUserTab);

/** A list opened from another list's row: its screen is the parent's row drilled into. */
export type DrillList = { [K in ListKind]: (typeof LIST_NAMES)[K]['place'] extends 'drill' ? K : never }[ListKind];
export function isDrillList(kind: ListKind): kind is DrillList {
  return LIST_NAMES[kind].place === 'drill';
}

/** A list at the top level: a screen of its own. */
export type TopList = Exclude<ListKind, UserTab | DrillList>;
export const TOP_LISTS: readonly TopList[] = LIST_KINDS.filter((kind): kind is TopList => !isUserTab(kind) && !isDrillList(kind));

/** What a screen is to its keys and its geometry: a user screen (its tabs), or the one list a screen of its own shows. */
export type ScreenKind = Exclude<ListKind, UserTab> | 'user';

/** The scripting commands that print a list, named as on the command line. */
export type ListCommand = (typeof LIST_NAMES)[ListKind]['command'];
export const LIST_COMMANDS: readonly ListCommand[] = LIST_KINDS.map((kind) => LIST_NAMES[kind].command);

/** The list a scripting command prints. */
export function kindOfCommand(command: ListCommand): ListKind {
  return LIST_KINDS.find((kind) => LIST_NAMES[kind].command === command)!;
}

/** The flags a list's command cannot go without (a drill-down list's parent: `needs`). */
export function needsOf(kind: ListKind): readonly string[] {
  return (LIST_NAMES[kind] as ListNames).needs ?? [];
}

/** The flags its query reads beside its own (names.ts `alsoReads`). */
export function alsoReadsOf(kind: ListKind): readonly string[] {
  return (LIST_NAMES[kind] as ListNames).alsoReads ?? [];
}

/** Whether a list's `--user` is its query rather than its owner (`userIsQuery`). */
export function userIsQuery(kind: ListKind): boolean {
  return (LIST_NAMES[kind] as ListNames).userIsQuery === true;
}

/** The commands of the lists a scripting flag narrows (names.ts `flags`). */
export function listsWith(flag: string): ListCommand[] {
  return LIST_KINDS.filter((kind) => (LIST_NAMES[kind].flags as readonly string[]).includes(flag)).map((kind) => LIST_NAMES[kind].command);
}
