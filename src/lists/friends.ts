// A user's friends: pinned first, then the server's order. createTime is in SECONDS, like the
// blacklist's; friendUser is the friend as the server knows them. Enter opens the friend.
import * as z from 'zod/mini';
import { pageOperation } from '../api/pages.js';
import { schemaParts } from '../api/schemas.js';
import { addSourceName } from '../content/enums.js';
import { formatCount } from '../content/format.js';
import { idAt, labelAt, markAt, nameAt, textAt, timeAt } from '../domain/columns.js';
import { code, seconds, userFields } from './fieldText.js';
import { listOf } from './parts.js';
import { idText } from '../terminal/sanitize.js';

const { str, intOr, bool, list, or } = schemaParts;
const friendSchema = z.looseObject({
  ownerUserID: str,
  remark: str,
  /** SECONDS. */
  createTime: intOr(0),
  friendUser: or(z.looseObject({ userID: str, nickname: str, faceURL: str, ex: str }), { userID: '', nickname: '', faceURL: '', ex: '' }),
  addSource: intOr(0),
  operatorUserID: str,
  ex: str,
  isPinned: bool,
});
type Friend = z.infer<typeof friendSchema>;

export const friends = listOf<Friend, number>({
  wire: {
    operation: pageOperation({
      name: 'getFriendList',
      path: '/friend/get_friend_list',
      schema: z.looseObject({ total: intOr(0), friendsInfo: list(friendSchema) }),
      rows: 'friendsInfo',
      total: 'total',
      totalExact: true,
    }),
  },
  table: {
    columns: [
      markAt('isPinned', 'PIN', 3),
      idAt('friendUser.userID', 'FRIEND'),
      nameAt('friendUser.nickname'),
      textAt('remark', 'REMARK', 2, { min: 8, max: 24 }),
      timeAt('createTime', 'SINCE', 2, 's'),
      labelAt('addSource', 'SOURCE', 4, (v) => addSourceName(Number(v))),
    ],
    detail: (f) => ({
      title: `Friend ${idText(f.friendUser.userID)}`,
      sections: [
        {
          title: 'Friendship',
          fields: [
            { label: 'ownerUserID', value: f.ownerUserID },
            { label: 'remark', value: f.remark || '(none)' },
            { label: 'isPinned', value: f.isPinned ? 'yes' : 'no' },
            { label: 'createTime', value: seconds(f.createTime) },
            { label: 'addSource', value: code(addSourceName(f.addSource), f.addSource) },
            { label: 'operatorUserID', value: f.operatorUserID || '(none)' },
            { label: 'ex', value: f.ex || '(empty)' },
          ],
        },
        {
          title: 'Friend',
          fields: userFields(f.friendUser),
        },
      ],
    }),
    csv: { before: ['ownerUserID'], after: ['operatorUserID', 'ex'] },
    identity: (f) => f.friendUser.userID,
    completionWords: (f) => [f.friendUser.userID, f.friendUser.nickname],
    emptyText: 'no friends',
  },
  place: {
    enterOpensUser: {},
    userNamed: (f) => f.friendUser.userID || undefined,
  },
  summary: {
    eager: true,
    drop: 2,
    label: { long: 'friends', short: 'friends' },
    count: (page) => page.total,
    words: (n) => ({ long: `friends ${formatCount(n)}`, short: `${formatCount(n)} friends` }),
    example: 31,
  },
});
