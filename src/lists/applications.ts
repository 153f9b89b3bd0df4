// The friend applications a user sent, and what became of them.
import { pageOperation } from '../api/pages.js';
import { friendApplyListDataSchema, type FriendRequest } from '../api/schemas.js';
import { handleResultName } from '../content/enums.js';
import { idAt, labelAt, nameAt, textAt, timeAt } from '../domain/columns.js';
import { glyphs } from '../terminal/glyphs.js';
import { formatCount } from '../content/format.js';
import { code, ms } from './fieldText.js';
import { listOf } from './parts.js';
import type { RowDetail } from './types.js';
import { idText } from '../terminal/sanitize.js';

/** An application's every field (the received list's detail too: the same rows). */
export const applicationDetail = (r: FriendRequest): RowDetail => ({
    title: `Application ${idText(r.fromUserID)} ${glyphs().arrow} ${idText(r.toUserID)}`,
    sections: [
      {
        title: 'Friend application',
        fields: [
          { label: 'from', value: `${r.fromUserID}  ${r.fromNickname}` },
          { label: 'fromFaceURL', value: r.fromFaceURL || '(none)' },
          { label: 'to', value: `${r.toUserID}  ${r.toNickname}` },
          { label: 'toFaceURL', value: r.toFaceURL || '(none)' },
          { label: 'reqMsg', value: r.reqMsg || '(empty)' },
          { label: 'createTime', value: ms(r.createTime) },
          { label: 'handleResult', value: code(handleResultName(r.handleResult), r.handleResult) },
          { label: 'handlerUserID', value: r.handlerUserID || '(none)' },
          { label: 'handleMsg', value: r.handleMsg || '(empty)' },
          { label: 'handleTime', value: ms(r.handleTime) },
          { label: 'ex', value: r.ex || '(empty)' },
        ],
      },
    ],
  });

export const applications = listOf<FriendRequest, number>({
  wire: {
    // Newest first.
    operation: pageOperation({
      name: 'getSelfFriendApplyList',
      path: '/friend/get_self_friend_apply_list',
      schema: friendApplyListDataSchema,
      rows: 'friendRequests',
      total: 'total',
      totalExact: true,
    }),
  },
  table: {
    columns: [
      idAt('toUserID', 'TO'),
      nameAt('toNickname'),
      labelAt('handleResult', 'RESULT', 2, (v) => handleResultName(Number(v))),
      textAt('reqMsg', 'MESSAGE', 3, { min: 10 }),
      timeAt('createTime', 'SENT', 2),
      timeAt('handleTime', 'HANDLED', 5),
    ],
    detail: applicationDetail,
    csv: { before: ['fromUserID'], after: ['handlerUserID', 'handleMsg', 'ex'] },
    identity: (r) => r.toUserID,
    emptyText: 'no friend applications sent',
  },
  place: {
    userNamed: (r) => r.toUserID || undefined,
  },
  summary: {
    eager: true,
    drop: 4,
    label: { long: 'sent applications', short: 'sent' },
    count: (page) => page.total,
    words: (n) => ({ long: `sent applications ${formatCount(n)}`, short: `${formatCount(n)} sent` }),
    example: 40,
  },
});
