// The group join applications a user sent (get_user_req_group_applicationList), newest first.
// The server never sets handleTime nor handleUserID (§12.12: 0 and "" on every row), so no column
// shows them and the detail says so; one row per group (re-applying replaces the row). Enter
// opens the group's members.
import * as z from 'zod/mini';
import { pageOperation } from '../api/pages.js';
import { schemaParts } from '../api/schemas.js';
import { handleResultName, joinSourceName } from '../content/enums.js';
import { formatCount } from '../content/format.js';
import { idAt, labelAt, textAt, timeAt } from '../domain/columns.js';
import { glyphs } from '../terminal/glyphs.js';
import { code, ms, userFields } from './fieldText.js';
import { EMPTY_GROUP, groupInfoFields, groupInfoSchema, opensMembers } from './groups.js';
import { listOf } from './parts.js';
import type { RowDetail } from './types.js';

const { str, intOr, list, or } = schemaParts;
const NO_USER = { userID: '', nickname: '', faceURL: '', ex: '' };

/** sdkws.GroupRequest: `userInfo` may be null (the per-group route's always is). */
const groupRequestSchema = z.looseObject({
  userInfo: or(z.looseObject({ userID: str, nickname: str, faceURL: str, ex: str }), NO_USER),
  groupInfo: or(groupInfoSchema, EMPTY_GROUP),
  handleResult: intOr(0),
  reqMsg: str,
  handleMsg: str,
  /** Milliseconds. */
  reqTime: intOr(0),
  handleUserID: str,
  handleTime: intOr(0),
  ex: str,
  joinSource: intOr(0),
  inviterUserID: str,
});
export type GroupRequest = z.infer<typeof groupRequestSchema>;

/** Both group-application replies: `{total, groupRequests}`. */
export const groupRequestsSchema = z.looseObject({ total: intOr(0), groupRequests: list(groupRequestSchema) });

/** A group application's every field (the received list's detail too: the same rows). */
export const groupRequestDetail = (r: GroupRequest): RowDetail => ({
  title: `Join application ${r.userInfo.userID} ${glyphs().arrow} ${r.groupInfo.groupID}`,
  sections: [
    {
      title: 'Join application',
      fields: [
        { label: 'reqMsg', value: r.reqMsg || '(empty)' },
        { label: 'reqTime', value: ms(r.reqTime) },
        { label: 'handleResult', value: code(handleResultName(r.handleResult), r.handleResult) },
        { label: 'handleMsg', value: r.handleMsg || '(empty)' },
        // The server creates the row with these unset and never sets them when it is handled.
        { label: 'handleUserID', value: r.handleUserID || '(none: the server never records who handled it)' },
        { label: 'handleTime', value: r.handleTime ? ms(r.handleTime) : '0  (the server never records when)' },
        { label: 'joinSource', value: code(joinSourceName(r.joinSource), r.joinSource) },
        { label: 'inviterUserID', value: r.inviterUserID || '(none)' },
        { label: 'ex', value: r.ex || '(empty)' },
      ],
    },
    { title: 'Applicant', fields: userFields(r.userInfo) },
    { title: 'Group', fields: groupInfoFields(r.groupInfo) },
  ],
});

/** The columns both lists share after whose application it is. */
export const groupRequestColumns = (sent: string) => [
  idAt<GroupRequest>('groupInfo.groupID', 'GROUP'),
  textAt<GroupRequest>('groupInfo.groupName', 'GROUP NAME', 2, { min: 8, max: 24 }),
  labelAt<GroupRequest>('handleResult', 'RESULT', 2, (v) => handleResultName(Number(v))),
  textAt<GroupRequest>('reqMsg', 'MESSAGE', 3, { min: 10 }),
  timeAt<GroupRequest>('reqTime', sent, 2),
  labelAt<GroupRequest>('joinSource', 'SOURCE', 4, (v) => joinSourceName(Number(v))),
];

export const groupApplications = listOf<GroupRequest, number>({
  wire: {
    operation: pageOperation({
      name: 'getUserReqGroupApplicationList',
      path: '/group/get_user_req_group_applicationList',
      schema: groupRequestsSchema,
      rows: 'groupRequests',
      total: 'total',
      totalExact: true,
    }),
  },
  table: {
    columns: groupRequestColumns('SENT'),
    detail: groupRequestDetail,
    csv: { before: ['userInfo.userID'], after: ['handleMsg', 'handleUserID', 'handleTime', 'inviterUserID', 'ex'] },
    identity: (r) => r.groupInfo.groupID,
    rowID: (r) => r.groupInfo.groupID,
    completionWords: (r) => [r.groupInfo.groupID, r.groupInfo.groupName],
    emptyText: 'no group join applications sent',
  },
  place: {
    opens: { kind: 'members', query: (r) => opensMembers(r.groupInfo) },
    userNamed: (r) => r.inviterUserID || undefined,
  },
  summary: {
    eager: false,
    drop: 9,
    label: { long: 'join applications', short: 'joins' },
    count: (page) => page.total,
    words: (n) => ({ long: `join applications ${formatCount(n)}`, short: `${formatCount(n)} joins` }),
    example: 8,
  },
});
