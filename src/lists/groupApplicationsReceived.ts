// The group join applications the groups a user owns or administers received
// (get_recv_group_applicationList without groupIDs: every group the user manages), newest first;
// a user who manages no group has none. Enter opens the applicant.
import { pageOperation } from '../api/pages.js';
import { formatCount } from '../content/format.js';
import { idAt, nameAt } from '../domain/columns.js';
import { groupRequestColumns, groupRequestDetail, groupRequestsSchema, type GroupRequest } from './groupApplications.js';
import { listOf } from './parts.js';
import { pagination } from './types.js';

export const groupApplicationsReceived = listOf<GroupRequest, number>({
  wire: {
    operation: pageOperation({
      name: 'getRecvGroupApplicationList',
      path: '/group/get_recv_group_applicationList',
      schema: groupRequestsSchema,
      rows: 'groupRequests',
      total: 'total',
      totalExact: true,
    }),
    body: (request) => ({ fromUserID: request.userID ?? '', pagination: pagination(request) }),
  },
  table: {
    columns: [idAt<GroupRequest>('userInfo.userID', 'FROM'), nameAt<GroupRequest>('userInfo.nickname'), ...groupRequestColumns('RECEIVED')],
    detail: groupRequestDetail,
    csv: { after: ['handleMsg', 'handleUserID', 'handleTime', 'inviterUserID', 'ex'] },
    identity: (r) => `${r.groupInfo.groupID} ${r.userInfo.userID}`,
    rowID: (r) => r.userInfo.userID,
    completionWords: (r) => [r.userInfo.userID, r.userInfo.nickname, r.groupInfo.groupID],
    emptyText: 'no join applications to the groups this user owns or administers',
  },
  place: {
    enterOpensUser: {},
    userNamed: (r) => r.userInfo.userID || undefined,
  },
  summary: {
    // The server gathers every group the user manages first: asked for only when its tab opens.
    eager: false,
    drop: 10,
    label: { long: 'join requests', short: 'jreqs' },
    count: (page) => page.total,
    words: (n) => ({ long: `join requests ${formatCount(n)}`, short: `${formatCount(n)} jreqs` }),
    example: 3,
  },
});
