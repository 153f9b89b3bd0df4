// The groups a user is in, as get_joined_group_list gives them: for a user in two groups or more
// the server leaves the dismissed ones out and sorts the rest by name (openim-api.md §12.17 item
// 2), and every such page says so, with where a dismissed group still shows: its chat on the
// Conversations tab, its members by `members --group ID`. Enter opens the group's members.
import * as z from 'zod/mini';
import { pageOperation, type PageOperation } from '../api/pages.js';
import { schemaParts } from '../api/schemas.js';
import { formatCount } from '../content/format.js';
import { ownerNames, ownerText } from './groupOwners.js';
import { groupColumns, groupInfoFields, groupInfoSchema, opensMembers, ownerLead, type GroupInfo, type Owned } from './groups.js';
import { listOf } from './parts.js';
import { pagination } from './types.js';
import { idText } from '../terminal/sanitize.js';

const { intOr, list } = schemaParts;

type JoinedGroup = Owned<GroupInfo>;

const joinedGroupList = pageOperation({
  name: 'getJoinedGroupList',
  path: '/group/get_joined_group_list',
  schema: z.looseObject({ total: intOr(0), groups: list(groupInfoSchema) }),
  rows: 'groups',
  total: 'total',
  totalExact: true,
});

/** What a page of two groups or more says: the server drops dismissed groups from such a list. */
export const DISMISSED_NOTE = 'dismissed groups are not listed by the server; their chats stay in Conversations';

const operation: PageOperation<JoinedGroup> = {
  name: joinedGroupList.name,
  path: joinedGroupList.path,
  totalExact: true,
  ...(joinedGroupList.reply ? { reply: joinedGroupList.reply } : {}),
  async send(client, body, signal) {
    const page = await joinedGroupList.send(client, body, signal);
    // With 0 or 1 groups the server drops nothing (a lone dismissed group is listed).
    return page.total >= 2 ? { ...page, notice: DISMISSED_NOTE } : page;
  },
};

export const joinedGroups = listOf<JoinedGroup, number>({
  wire: {
    operation,
    body: (request) => ({ fromUserID: request.userID ?? '', pagination: pagination(request) }),
    extras: { owner: ownerNames<JoinedGroup>({ group: (g) => g.groupID, owner: (g) => g.ownerUserID }) },
  },
  table: {
    columns: groupColumns<JoinedGroup>({
      id: 'groupID',
      name: 'groupName',
      owner: { field: 'owner', cell: (g) => ownerText(g.owner, '', g.ownerUserID) },
      members: 'memberCount',
      created: 'createTime',
      status: 'status',
    }),
    detail: (g) => ({
      title: `Group ${idText(g.groupID)}`,
      lead: [{ label: 'owner', value: ownerLead(ownerText(g.owner, '', g.ownerUserID), g.ownerUserID) }],
      sections: [{ title: 'Group', fields: groupInfoFields(g) }],
    }),
    csv: { after: ['ownerUserID', 'creatorUserID', 'groupType', 'needVerification', 'notification', 'introduction', 'faceURL', 'ex'] },
    identity: (g) => g.groupID,
    completionWords: (g) => [g.groupID, g.groupName],
    emptyText: () => 'in no group the server lists (it leaves dismissed groups out)',
  },
  place: {
    userNamed: (g, ownerID) => (g.ownerUserID && g.ownerUserID !== ownerID ? g.ownerUserID : undefined),
    opens: { kind: 'members', query: opensMembers },
  },
  summary: {
    eager: true,
    // Between the sent applications (4) and the received ones (5).
    drop: 4.5,
    label: { long: 'groups', short: 'groups' },
    count: (page) => page.total,
    words: (n) => ({ long: `groups ${formatCount(n)}`, short: `${formatCount(n)} groups` }),
    example: 9,
  },
});
