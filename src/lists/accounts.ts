// System (notification) accounts. The keyword matches an exact userID or an exact nickname: the
// server has no substring search, so the empty text says so.
import type { NotificationAccount } from '../api/schemas.js';
import { appMangerLevelName } from '../content/enums.js';
import { idAt, labelAt, nameAt, textAt } from '../domain/columns.js';
import { code } from './fieldText.js';
import { SEARCH_NOTIFICATION_ACCOUNTS } from '../api/operations.js';
import { displayText } from '../terminal/settle.js';
import { listOf } from './parts.js';
import { pagination, textFlag } from './types.js';
import { idText } from '../terminal/sanitize.js';

export const accounts = listOf<NotificationAccount, never, { keyword: string }>({
  wire: {
    operation: SEARCH_NOTIFICATION_ACCOUNTS,
    body: (request) => ({ keyword: request.query.keyword, pagination: pagination(request) }),
    query: {
      initial: { keyword: '' },
      narrowed: (q) => q.keyword !== '',
      label: (q) => (q.keyword ? `keyword "${displayText(q.keyword)}"` : ''),
      prompt: { kind: 'search', label: 'userID or nickname: ', text: (q) => q.keyword, answer: (text) => ({ keyword: text.trim() }) },
      fromFlags: (f) => ({ keyword: textFlag(f, 'keyword') ?? '' }),
    },
  },
  table: {
    columns: [
      idAt('userID', 'USER ID'),
      nameAt('nickName'),
      labelAt('appMangerLevel', 'LEVEL', 2, (v) => (v === undefined ? '(not sent)' : appMangerLevelName(Number(v)))),
      textAt('faceURL', 'AVATAR', 5, { min: 16 }, '-'),
    ],
    detail: (a) => ({
      title: `System account ${idText(a.userID)}`,
      sections: [
        {
          title: 'System account',
          fields: [
            { label: 'userID', value: a.userID },
            { label: 'nickName', value: a.nickName },
            { label: 'faceURL', value: a.faceURL || '(none)' },
            {
              label: 'appMangerLevel',
              value: a.appMangerLevel === undefined ? '(not sent: server older than v3.8.3)' : code(appMangerLevelName(a.appMangerLevel), a.appMangerLevel),
            },
          ],
        },
      ],
    }),
    // Its columns show every field it has.
    csv: {},
    identity: (a) => a.userID,
    completionWords: (a) => [a.userID, a.nickName],
    emptyText: ({ keyword }, keys) =>
      keyword
        ? `no system account has exactly this userID or nickname (${keys.search ? `${keys.search} to search again, ` : ''}${keys.back} for all)`
        : 'no system accounts',
  },
  place: {
    userNamed: (a) => a.userID || undefined,
    keys: [{ action: 'search', keys: ['s'], hint: 'search', description: 'system accounts: exact userID or nickname', run: { openPrompt: 'search' } }] as const,
    jump: { aliases: ['a', 'sys'], description: 'the system (notification) accounts', key: { keys: ['a'], hint: 'accounts', description: 'system accounts' } },
  },
});
