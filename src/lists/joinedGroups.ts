// The groups a user is in (dismissed ones too: their members keep them), in the order the server
// keeps them. Enter opens the group's members.
import * as z from 'zod/mini';
import { pageOperation } from '../api/pages.js';
import { schemaParts } from '../api/schemas.js';
import { formatCount } from '../content/format.js';
import { groupColumns, groupInfoFields, groupInfoSchema, opensMembers, type GroupInfo } from './groups.js';
import { NO_QUERY, pagination, type ListDef } from './types.js';
import { idText } from '../terminal/sanitize.js';

const { intOr, list } = schemaParts;

export const joinedGroups = {
  operation: pageOperation({
    name: 'getJoinedGroupList',
    path: '/group/get_joined_group_list',
    schema: z.looseObject({ total: intOr(0), groups: list(groupInfoSchema) }),
    rows: 'groups',
    total: 'total',
    totalExact: true,
  }),
  body: (request) => ({ fromUserID: request.userID ?? '', pagination: pagination(request) }),
  query: NO_QUERY,
  columns: groupColumns<GroupInfo>({ id: 'groupID', name: 'groupName', owner: 'ownerUserID', members: 'memberCount', created: 'createTime', status: 'status' }),
  detail: (g) => ({ title: `Group ${idText(g.groupID)}`, sections: [{ title: 'Group', fields: groupInfoFields(g) }] }),
  csv: { after: ['creatorUserID', 'groupType', 'needVerification', 'notification', 'introduction', 'faceURL', 'ex'] },
  identity: (g) => g.groupID,
  rowID: (g) => g.groupID,
  userNamed: (g, ownerID) => (g.ownerUserID && g.ownerUserID !== ownerID ? g.ownerUserID : undefined),
  completionWords: (g) => [g.groupID, g.groupName],
  emptyText: () => 'in no group',
  opens: { kind: 'members', query: opensMembers },
  userSummary: {
    eager: true,
    // Between the sent applications (4) and the received ones (5).
    drop: 4.5,
    label: { long: 'groups', short: 'groups' },
    count: (page) => page.total,
    words: (n) => ({ long: `groups ${formatCount(n)}`, short: `${formatCount(n)} groups` }),
  },
} satisfies ListDef<GroupInfo, number, Record<never, never>>;
