// The friend applications a user received, newest first: the senders' rows (the reply's key is
// `FriendRequests`, with a capital F, unlike the sent list's). Enter opens the applicant.
import * as z from 'zod/mini';
import { pageOperation } from '../api/pages.js';
import { friendRequestSchema, schemaParts, type FriendRequest } from '../api/schemas.js';
import { handleResultName } from '../content/enums.js';
import { formatCount } from '../content/format.js';
import { idAt, labelAt, nameAt, textAt, timeAt } from '../domain/columns.js';
import { applicationDetail } from './applications.js';
import { listOf } from './parts.js';

const { intOr, list } = schemaParts;

export const receivedApplications = listOf<FriendRequest, number>({
  wire: {
    operation: pageOperation({
      name: 'getFriendApplyList',
      path: '/friend/get_friend_apply_list',
      schema: z.looseObject({ total: intOr(0), FriendRequests: list(friendRequestSchema) }),
      rows: 'FriendRequests',
      total: 'total',
      totalExact: true,
    }),
  },
  table: {
    columns: [
      idAt('fromUserID', 'FROM'),
      nameAt('fromNickname'),
      labelAt('handleResult', 'RESULT', 2, (v) => handleResultName(Number(v))),
      textAt('reqMsg', 'MESSAGE', 3, { min: 10 }),
      timeAt('createTime', 'RECEIVED', 2),
      timeAt('handleTime', 'HANDLED', 5),
    ],
    detail: applicationDetail,
    csv: { before: ['toUserID'], after: ['handlerUserID', 'handleMsg', 'ex'] },
    identity: (r) => r.fromUserID,
    completionWords: (r) => [r.fromUserID, r.fromNickname],
    emptyText: 'no friend applications received',
  },
  place: {
    enterOpensUser: {},
    userNamed: (r) => r.fromUserID || undefined,
  },
  summary: {
    // The server finds who applied to the user by scanning applications: asked for only when its tab opens.
    eager: false,
    drop: 5,
    label: { long: 'received applications', short: 'rcvd' },
    count: (page) => page.total,
    words: (n) => ({ long: `received applications ${formatCount(n)}`, short: `${formatCount(n)} rcvd` }),
    example: 7,
  },
});
