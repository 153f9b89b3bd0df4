// A group's members, opened by Enter on a group (the groups list, a user's groups tab) or printed
// by `members --group ID`: the server sorts them by role, the owner first, then the admins, then
// the members. `s` or `/` searches them here, not on the server, whose keyword search is broken
// (memberSearch.ts): a user ID is looked up exactly, other text matched against the user IDs and
// nicknames of a walk of the list (`re:` for a regex). Enter on a member opens that user.
import * as z from 'zod/mini';
import { pageOperation } from '../api/pages.js';
import { schemaParts } from '../api/schemas.js';
import { parseSearchInput } from '../domain/search.js';
import { appMangerLevelName, joinSourceName, roleLevelName } from '../content/enums.js';
import { formatCount, formatTableTime } from '../content/format.js';
import { idAt, labelAt, nameAt, timeAt } from '../domain/columns.js';
import { glyphs } from '../terminal/glyphs.js';
import { displayText } from '../terminal/settle.js';
import { truncate } from '../terminal/width.js';
import { code, ms } from './fieldText.js';
import { inviterCell, inviterLine, inviters, type Inviter } from './memberInviters.js';
import { memberSearchOperation, regexProblem, type MemberSearchPlan } from './memberSearch.js';
import { memberSchema, membersInfo } from './membersInfo.js';
import { textSearchEmpty, textSearchQuery } from './textSearch.js';
import { drillListOf } from './parts.js';
import { pagination, textFlag } from './types.js';
import { idText } from '../terminal/sanitize.js';

const { intOr, list } = schemaParts;

/** A member with what the `inviter` extra said of their inviter, once read. */
type Member = z.infer<typeof memberSchema> & { inviter?: Inviter };

interface MembersQuery {
  groupID: string;
  /** The group's name, for the breadcrumb (not sent; unknown in scripting). */
  groupName?: string;
  search: string;
  regex: boolean;
}

const memberList = pageOperation({
  name: 'getGroupMemberList',
  path: '/group/get_group_member_list',
  schema: z.looseObject({ total: intOr(0), members: list(memberSchema) }),
  rows: 'members',
  total: 'total',
  totalExact: true,
});

const searchQuery = textSearchQuery({
  base: { groupID: '' },
  baseFromFlags: (f) => ({ groupID: textFlag(f, 'group') ?? '' }),
  label: 'search members by user ID or nickname: ',
  hint: 'a user ID finds that member; other text: ID or nickname contains it, any case; re:PATTERN for a regex',
});

/** What is wrong with a search's regex, in words (the prompt and the flags refuse it before anything is sent). */
const searchProblem = (text: string): string | undefined => {
  const { text: search, regex } = parseSearchInput(text);
  return regex && search !== '' ? regexProblem(search) : undefined;
};

export const members = drillListOf<Member, MembersQuery>({
  wire: {
    operation: memberSearchOperation(memberList, async (client, groupID, userID, signal) => {
      return membersInfo(client, groupID, [userID], signal);
    }),
    body: (request): object => {
      const { groupID, search, regex } = request.query;
      if (search === '') return { groupID, pagination: pagination(request) };
      const plan: MemberSearchPlan = { groupID, search, regex, page: request.page, size: request.size };
      return plan;
    },
    query: {
      ...searchQuery,
      prompt: { ...searchQuery.prompt!, check: searchProblem, refused: 're:(' },
      flagsProblem: (f) => (f.regex === true ? regexProblem(textFlag(f, 'search') ?? '') : undefined),
    },
    // A search's count is what it found so far, unless it read every member.
    extras: { inviter: inviters<Member>({ group: (m) => m.groupID, user: (m) => m.userID, inviter: (m) => m.inviterUserID }) },
    totalWords: (total, { lastPageKnown }) => `${lastPageKnown ? '' : glyphs().atLeast}${formatCount(total)} found`,
  },
  table: {
    columns: [
      idAt('userID', 'USER ID'),
      nameAt('nickname'),
      labelAt('roleLevel', 'ROLE', 2, (v) => roleLevelName(Number(v))),
      timeAt('joinTime', 'JOINED', 3),
      // Only a mute still running: a past muteEndTime means the member may speak.
      { ...timeAt('muteEndTime', 'MUTED UNTIL', 4), value: (m: Member, ctx: { now: Date }) => (m.muteEndTime > ctx.now.getTime() ? formatTableTime(m.muteEndTime, ctx.now) : '') },
      labelAt('joinSource', 'SOURCE', 5, (v) => joinSourceName(Number(v))),
      // The inviter by name (the ID where none is known), from the `inviter` extra.
      { ...idAt('inviterUserID', 'INVITED BY'), extra: 'inviter', priority: 6, whole: false, min: 8, max: 24, value: (m: Member) => inviterCell(m.inviterUserID, m.userID, m.inviter) },
    ],
    detail: (m) => ({
      title: `Member ${idText(m.userID)}`,
      // "Who put me in this group": the inviter by name, and their role in words.
      lead: [{ label: 'invited by', value: inviterLine(m.inviterUserID, m.userID, joinSourceName(m.joinSource), m.inviter) }],
      sections: [
        {
          title: 'Member',
          fields: [
            { label: 'groupID', value: m.groupID },
            { label: 'userID', value: m.userID },
            { label: 'nickname', value: m.nickname },
            { label: 'roleLevel', value: code(roleLevelName(m.roleLevel), m.roleLevel) },
            { label: 'joinTime', value: ms(m.joinTime) },
            { label: 'joinSource', value: code(joinSourceName(m.joinSource), m.joinSource) },
            { label: 'inviterUserID', value: m.inviterUserID || '(none)' },
            { label: 'operatorUserID', value: m.operatorUserID || '(none)' },
            { label: 'muteEndTime', value: m.muteEndTime > 0 ? ms(m.muteEndTime) : '(never muted)' },
            { label: 'appMangerLevel', value: code(appMangerLevelName(m.appMangerLevel), m.appMangerLevel) },
            { label: 'faceURL', value: m.faceURL || '(none)' },
            { label: 'ex', value: m.ex || '(empty)' },
          ],
        },
      ],
    }),
    csv: { before: ['groupID'], after: ['operatorUserID', 'appMangerLevel', 'faceURL', 'ex'] },
    identity: (m) => m.userID,
    rowID: (m) => m.userID,
    completionWords: (m) => [m.userID, m.nickname],
    emptyText: textSearchEmpty({ searched: "member's user ID or nickname", all: 'every member', none: 'no members (or no such group)' }),
  },
  place: {
    enterOpensUser: {},
    userNamed: (m) => m.userID || undefined,
    keys: [
      {
        action: 'search',
        keys: ['s', '/'],
        hint: 'search',
        description: 'members: a user ID, or text the ID or nickname contains, any case (re: for a regex); searched here, Esc stops',
        run: { openPrompt: 'search' },
      },
    ] as const,
    drill: {
      parent: (q: MembersQuery) => q.groupID,
      // The group's ID beside its name: groups of one name are told apart.
      crumb: (q: MembersQuery) => `Members of ${q.groupName ? `${truncate(displayText(q.groupName), 24)} (${idText(q.groupID)})` : idText(q.groupID)}`,
    },
  },
});
