// Every group on the server but the dismissed ones, newest first, narrowed by a search of group
// names on the server (`groupName` is a case-sensitive, unescaped regex there: the text is escaped
// as the users search's is, `re:` for a regex). Enter opens the group's members.
import * as z from 'zod/mini';
import { pageOperation } from '../api/pages.js';
import { schemaParts } from '../api/schemas.js';
import { userSearchPattern } from '../api/userSearch.js';
import { groupStatusName, groupTypeName } from '../content/enums.js';
import { formatCount } from '../content/format.js';
import { idAt, labelAt, nameAt, timeAt, type FieldPath } from '../domain/columns.js';
import type { SearchQuery } from '../domain/search.js';
import { code, ms } from './fieldText.js';
import { ownerNames, ownerText } from './groupOwners.js';
import { textSearchEmpty, textSearchQuery } from './textSearch.js';
import { listOf } from './parts.js';
import { pagination, type DetailField } from './types.js';
import { idText } from '../terminal/sanitize.js';

const { str, intOr, list, or } = schemaParts;

/** sdkws.GroupInfo: a group as get_groups nests it and get_joined_group_list lists it. */
export const groupInfoSchema = z.looseObject({
  groupID: str,
  groupName: str,
  notification: str,
  introduction: str,
  faceURL: str,
  ownerUserID: str,
  /** Milliseconds. */
  createTime: intOr(0),
  memberCount: intOr(0),
  ex: str,
  status: intOr(0),
  creatorUserID: str,
  groupType: intOr(0),
  needVerification: intOr(0),
  lookMemberInfo: intOr(0),
  applyMemberFriend: intOr(0),
  notificationUpdateTime: intOr(0),
  notificationUserID: str,
});
export type GroupInfo = z.infer<typeof groupInfoSchema>;

/** A group the server sent as null. */
export const EMPTY_GROUP: GroupInfo = {
  groupID: '', groupName: '', notification: '', introduction: '', faceURL: '', ownerUserID: '', createTime: 0, memberCount: 0, ex: '', status: 0,
  creatorUserID: '', groupType: 0, needVerification: 0, lookMemberInfo: 0, applyMemberFriend: 0, notificationUpdateTime: 0, notificationUserID: '',
};

const groupRowSchema = z.looseObject({ groupInfo: or(groupInfoSchema, EMPTY_GROUP), groupOwnerUserName: str, groupOwnerUserID: str });
/** A group as a list shows it: with its owner's user nickname when the OWNER column's extra read it (groupOwners.ts). */
export type Owned<Row> = Row & { owner?: string };
type GroupRow = Owned<z.infer<typeof groupRowSchema>>;

const NEED_VERIFICATION: Readonly<Record<number, string>> = { 0: 'applications need approval, invitations do not', 1: 'all need approval', 2: 'anyone may join' };
const yesNo = (n: number): string => (n === 1 ? 'yes (1)' : `no (${n})`);

/** A group's fields in the detail pane, as both group lists show them. */
export function groupInfoFields(g: GroupInfo): DetailField[] {
  return [
    { label: 'groupID', value: g.groupID },
    { label: 'groupName', value: g.groupName || '(none)' },
    { label: 'status', value: code(groupStatusName(g.status), g.status) },
    { label: 'ownerUserID', value: g.ownerUserID || '(none)' },
    { label: 'creatorUserID', value: g.creatorUserID || '(none)' },
    { label: 'memberCount', value: formatCount(g.memberCount) },
    { label: 'createTime', value: ms(g.createTime) },
    { label: 'groupType', value: code(groupTypeName(g.groupType), g.groupType) },
    { label: 'needVerification', value: code(NEED_VERIFICATION[g.needVerification] ?? String(g.needVerification), g.needVerification) },
    { label: 'lookMemberInfo', value: yesNo(g.lookMemberInfo) },
    { label: 'applyMemberFriend', value: yesNo(g.applyMemberFriend) },
    { label: 'notification', value: g.notification || '(none)' },
    { label: 'notificationUpdateTime', value: g.notificationUpdateTime ? ms(g.notificationUpdateTime) : '(never)' },
    { label: 'notificationUserID', value: g.notificationUserID || '(none)' },
    { label: 'introduction', value: g.introduction || '(none)' },
    { label: 'faceURL', value: g.faceURL || '(none)' },
    { label: 'ex', value: g.ex || '(empty)' },
  ];
}

/** Where a row keeps what the group columns show. */
interface GroupPaths<Row> {
  id: FieldPath<Row>;
  name: FieldPath<Row>;
  /** The owner's extra (groupOwners.ts), and the cell it makes of the row. */
  owner: { field: FieldPath<Row>; cell: (row: Row) => string };
  members: FieldPath<Row>;
  created: FieldPath<Row>;
  status: FieldPath<Row>;
}

/** The columns both group lists show, wherever the row keeps the group's fields. */
export const groupColumns = <Row>(p: GroupPaths<Row>) => [
  idAt<Row>(p.id, 'GROUP ID'),
  { ...nameAt<Row>(p.name), title: 'NAME' },
  { ...labelAt<Row>(p.owner.field, 'OWNER', 3), max: 24, value: p.owner.cell },
  { ...labelAt<Row>(p.members, 'MEMBERS', 2, (n) => formatCount(Number(n))), align: 'right' as const },
  timeAt<Row>(p.created, 'CREATED', 4),
  labelAt<Row>(p.status, 'STATUS', 2, (v) => groupStatusName(Number(v))),
];

/** The detail's owner line: the ID first, drawn as IDs are (idText), with the name beside it when there is one, as a message's from line. */
export const ownerLead = (shown: string, ownerID: string): string => (!ownerID ? shown : shown !== ownerID ? `${idText(ownerID)} (${shown})` : idText(ownerID));

/** What a search takes for a group ID, looked up exactly: digits, as many as the server's IDs have at least. */
const isGroupID = (text: string): boolean => /^\d{6,}$/.test(text);

/** Enter on a group opens its members (the query of members.ts). */
export const opensMembers = (g: GroupInfo) => ({ groupID: g.groupID, groupName: g.groupName, search: '', regex: false });

export const groups = listOf<GroupRow, never, SearchQuery>({
  wire: {
    operation: pageOperation({
      name: 'getGroups',
      path: '/group/get_groups',
      schema: z.looseObject({ total: intOr(0), groups: list(groupRowSchema) }),
      rows: 'groups',
      total: 'total',
      totalExact: true,
    }),
    body(request) {
      const { search, regex } = request.query;
      if (search === '') return { pagination: pagination(request) };
      // A group ID is looked up exactly (get_groups takes groupID): no group's name has to contain it.
      if (!regex && isGroupID(search)) return { pagination: pagination(request), groupID: search };
      return { pagination: pagination(request), groupName: userSearchPattern({ text: search, regex }) };
    },
    query: textSearchQuery({ base: {}, label: 'search groups by name or ID: ', hint: 'a group ID (digits) finds that group; text matches names as typed, case counts (a.c is "a.c"); re:PATTERN for a regex; empty: all groups' }),
    extras: { owner: ownerNames<GroupRow>({ group: (g) => g.groupInfo.groupID, owner: (g) => g.groupOwnerUserID }) },
  },
  table: {
    columns: groupColumns<GroupRow>({
      id: 'groupInfo.groupID',
      name: 'groupInfo.groupName',
      owner: { field: 'owner', cell: (g) => ownerText(g.owner, g.groupOwnerUserName, g.groupOwnerUserID) },
      members: 'groupInfo.memberCount',
      created: 'groupInfo.createTime',
      status: 'groupInfo.status',
    }),
    detail: (g) => ({
      title: `Group ${idText(g.groupInfo.groupID)}`,
      lead: [{ label: 'owner', value: ownerLead(ownerText(g.owner, g.groupOwnerUserName, g.groupOwnerUserID), g.groupOwnerUserID) }],
      sections: [{ title: 'Group', fields: [...groupInfoFields(g.groupInfo), { label: 'groupOwnerUserName', value: g.groupOwnerUserName || "(none: the owner's group nickname, rarely set)" }] }],
    }),
    csv: {
      before: [],
      after: ['groupOwnerUserName', 'groupOwnerUserID', 'groupInfo.creatorUserID', 'groupInfo.groupType', 'groupInfo.needVerification', 'groupInfo.notification', 'groupInfo.introduction', 'groupInfo.faceURL', 'groupInfo.ex'],
    },
    identity: (g) => g.groupInfo.groupID,
    completionWords: (g) => [g.groupInfo.groupID, g.groupInfo.groupName, g.groupOwnerUserID],
    emptyText: textSearchEmpty({ searched: "group's name", caseCounts: true, all: 'all groups', none: 'no groups' }),
  },
  place: {
    userNamed: (g) => g.groupOwnerUserID || undefined,
    opens: { kind: 'members', query: (g) => opensMembers(g.groupInfo) },
    keys: [{ action: 'search', keys: ['s'], hint: 'search', description: 'groups: a group ID exactly, or name contains the text, case counts (re: for a regex)', run: { openPrompt: 'search' } }] as const,
    jump: { aliases: ['g'], description: 'every group (dismissed ones are not listed)' },
  },
});
