// A user's blacklist: whom they blocked, when, and how. Its createTime is in seconds.
import { pageOperation } from '../api/pages.js';
import { blackListDataSchema, type Black } from '../api/schemas.js';
import { addSourceName } from '../content/enums.js';
import { idAt, labelAt, nameAt, timeAt } from '../domain/columns.js';
import { formatCount } from '../content/format.js';
import { code, seconds, userFields } from './fieldText.js';
import { listOf } from './parts.js';
import { idText } from '../terminal/sanitize.js';

export const blacklist = listOf<Black, number>({
  wire: {
    operation: pageOperation({ name: 'getBlackList', path: '/friend/get_black_list', schema: blackListDataSchema, rows: 'blacks', total: 'total', totalExact: true }),
  },
  table: {
    columns: [
      idAt('blackUserInfo.userID', 'BLOCKED USER'),
      nameAt('blackUserInfo.nickname'),
      timeAt('createTime', 'SINCE', 2, 's'),
      labelAt('addSource', 'SOURCE', 3, (v) => addSourceName(Number(v))),
      { ...idAt('operatorUserID', 'OPERATOR'), priority: 4 },
    ],
    detail: (b) => ({
      title: `Blacklisted ${idText(b.blackUserInfo.userID)}`,
      sections: [
        {
          title: 'Blacklist entry',
          fields: [
            { label: 'ownerUserID', value: b.ownerUserID },
            { label: 'createTime', value: seconds(b.createTime) },
            { label: 'addSource', value: code(addSourceName(b.addSource), b.addSource) },
            { label: 'operatorUserID', value: b.operatorUserID || '(none)' },
            { label: 'ex', value: b.ex || '(empty)' },
          ],
        },
        {
          title: 'Blacklisted user',
          fields: userFields(b.blackUserInfo),
        },
      ],
    }),
    csv: { before: ['ownerUserID'], after: ['ex'] },
    identity: (b) => b.blackUserInfo.userID,
    completionWords: (b) => [b.blackUserInfo.userID, b.blackUserInfo.nickname],
    emptyText: 'the blacklist is empty',
  },
  place: {
    userNamed: (b) => b.blackUserInfo.userID || undefined,
  },
  summary: {
    eager: true,
    drop: 3,
    label: { long: 'blacklist', short: 'black' },
    count: (page) => page.total,
    words: (n) => ({ long: `blacklist ${formatCount(n)}`, short: `${formatCount(n)} black` }),
    example: 12,
  },
});
