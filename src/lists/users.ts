// The registered users (the server lists ordinary users only, levels 0 and 1), narrowed by a
// search of IDs and nicknames on the server: the user search is this list with a query.
import type { User } from '../api/schemas.js';
import { userSearchPattern } from '../api/userSearch.js';
import { appMangerLevelName, recvMsgOptName } from '../content/enums.js';
import { id, label, name, shows, time } from '../domain/columns.js';
import { searchLabel } from '../domain/search.js';
import { sanitize } from '../terminal/sanitize.js';
import { code, ms } from './fieldText.js';
import type { ListDef } from './types.js';

export const users = {
  call(request) {
    const pagination = { pageNumber: request.page, showNumber: request.size };
    const search = request.query.search ?? '';
    if (search === '') return { operation: 'getUsers', body: { pagination } };
    // The server ORs the two filters: the text may be in either.
    const pattern = userSearchPattern({ text: search, regex: request.query.regex ?? false });
    return { operation: 'getUsers', body: { pagination, userID: pattern, nickName: pattern } };
  },
  columns: [
    shows('userID', id('userID', 'USER ID', (u) => u.userID)),
    shows('nickname', name('nickname', (u) => u.nickname)),
    shows('createTime', time('created', 'CREATED', 3, (u) => u.createTime)),
    shows('appMangerLevel', label('level', 'LEVEL', 2, (u) => appMangerLevelName(u.appMangerLevel))),
    shows('globalRecvMsgOpt', label('recv', 'RECEIVE', 4, (u) => recvMsgOptName(u.globalRecvMsgOpt))),
  ],
  detail: (u) => ({
    title: `User ${u.userID}`,
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
    ],
  }),
  csvFields: ['userID', 'nickname', 'faceURL', 'createTime', 'appMangerLevel', 'globalRecvMsgOpt', 'ex'],
  identity: (u) => u.userID,
  rowID: (u) => u.userID,
  userNamed: (u) => u.userID || undefined,
  completionWords: (u) => [u.userID, u.nickname],
  emptyText: ({ search, regex }, searchKey) =>
    search
      ? `no user's ID or nickname ${regex ? 'matches' : 'contains'} ${sanitize(searchLabel({ search, regex }))} (${searchKey ? `${searchKey} to search again, ` : ''}Esc for all users)`
      : 'no users',
  keys: [
    {
      action: 'search',
      keys: ['s'],
      hint: 'search',
      description: 'users: ID or nickname contains the text (re: for a regex)',
      run: { openPrompt: 'search' },
    },
  ] as const,
} satisfies ListDef<User>;
