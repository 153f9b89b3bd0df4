// The registered users (the server lists ordinary users only, levels 0 and 1), narrowed by a
// search of IDs and nicknames on the server: the user search is this list with a query.
import { getUsersStatus } from '../api/operations.js';
import type { OnlineStatus, User } from '../api/schemas.js';
import { userSearchPattern } from '../api/userSearch.js';
import { appMangerLevelName, platformWords, recvMsgOptName } from '../content/enums.js';
import { idAt, labelAt, nameAt, timeAt } from '../domain/columns.js';
import type { SearchQuery } from '../domain/search.js';
import { GET_USERS } from '../api/operations.js';
import { code, ms } from './fieldText.js';
import { textSearchEmpty, textSearchQuery } from './textSearch.js';
import { listOf } from './parts.js';
import { pagination } from './types.js';
import { idText } from '../terminal/sanitize.js';

type UserQuery = SearchQuery;
/** A user as get_users lists them, with who is online when the ONLINE column asks (its page extra). */
type UserRow = User & { online?: OnlineStatus };

/** The ONLINE cell: the platforms of an online user, `offline`, or `?` where the status was not read. */
function onlineCell(value: unknown): string {
  if (value === undefined || value === null || typeof value !== 'object') return '?';
  const { status, platformIDs } = value as OnlineStatus;
  if (status !== 1) return status === 0 ? 'offline' : `status ${status}`;
  return platformIDs.length > 0 ? platformWords(platformIDs, ',') : 'online';
}

export const users = listOf<UserRow, never, UserQuery>({
  wire: {
    operation: GET_USERS,
    body: (request) => {
      const page = pagination(request);
      const { search, regex } = request.query;
      if (search === '') return { pagination: page };
      // The server ORs the two filters: the text may be in either.
      const pattern = userSearchPattern({ text: search, regex });
      return { pagination: page, userID: pattern, nickName: pattern };
    },
    query: textSearchQuery({ base: {}, label: 'search users by ID or nickname: ', hint: 'text matches as typed (a.c is "a.c"); re:PATTERN for a regex; empty: all users' }),
    extras: {
      online: {
        label: 'online status',
        async fetch(client, rows, signal) {
          const statuses = await getUsersStatus(client, rows.map((u) => u.userID), signal);
          return new Map(statuses.map((s) => [s.userID, s]));
        },
      },
    },
  },
  table: {
    columns: [
      idAt('userID', 'USER ID'),
      nameAt('nickname'),
      timeAt('createTime', 'CREATED', 3),
      labelAt('appMangerLevel', 'LEVEL', 2, (v) => appMangerLevelName(Number(v))),
      labelAt('globalRecvMsgOpt', 'RECEIVE', 4, (v) => recvMsgOptName(Number(v))),
      // Shown when chosen (`columns`, `:columns online`): one get_users_status for the page's users.
      { ...labelAt<UserRow>('online', 'ONLINE', 2, onlineCell), max: 40 },
    ],
    detail: (u) => ({
      title: `User ${idText(u.userID)}`,
      sections: [
        {
          title: 'User',
          fields: [
            { label: 'userID', value: u.userID },
            { label: 'nickname', value: u.nickname },
            { label: 'faceURL', value: u.faceURL || '(none)' },
            { label: 'createTime', value: ms(u.createTime) },
            { label: 'appMangerLevel', value: code(appMangerLevelName(u.appMangerLevel), u.appMangerLevel) },
            { label: 'globalRecvMsgOpt', value: code(recvMsgOptName(u.globalRecvMsgOpt), u.globalRecvMsgOpt) },
            { label: 'ex', value: u.ex || '(empty)' },
          ],
        },
        ...(u.online
          ? [{ title: 'Online (get_users_status)', fields: [{ label: 'status', value: `${onlineCell(u.online)} (${u.online.status})` }, { label: 'platformIDs', value: u.online.platformIDs.join(', ') || '(none)' }] }]
          : []),
      ],
    }),
    csv: { after: ['faceURL', 'ex'] },
    identity: (u) => u.userID,
    completionWords: (u) => [u.userID, u.nickname],
    emptyText: textSearchEmpty({ searched: "user's ID or nickname", all: 'all users', none: 'no users' }),
  },
  place: {
    // The row is the user as get_users has it: no need to look it up again.
    enterOpensUser: { lookup: (u) => ({ kind: 'user', user: u }) },
    userNamed: (u) => u.userID || undefined,
    keys: [
      {
        action: 'search',
        keys: ['s'],
        hint: 'search',
        description: 'users: ID or nickname contains the text (re: for a regex)',
        run: { openPrompt: 'search' },
        findsUsersByName: true,
      },
    ] as const,
    jump: { aliases: ['u'], description: 'the registered users' },
  },
});
