// Who is online: get_users_status for the user IDs asked about (`status --user A,B`, `:status`
// then `s`), one row per ID with its platforms named. The server answers any ID, known or not (an
// unknown one is offline), takes no pagination and gives no total: each page asks for its own
// slice of the IDs, and a short page ends the list; the page after a full last one is an empty
// slice, which the server refuses with 1001 (userIDs empty): it is answered here, never sent.
// Never get_users_online_status, whose rows carry live session tokens.
import { USERS_STATUS } from '../api/operations.js';
import type { PageOperation } from '../api/pages.js';
import { usersStatusDataSchema, type OnlineStatus } from '../api/schemas.js';
import { platformWord, platformWords } from '../content/enums.js';
import { idAt, labelAt } from '../domain/columns.js';
import { displayText } from '../terminal/settle.js';
import { formatCount } from '../content/format.js';
import { listOf } from './parts.js';
import { textFlag } from './types.js';
import { idText } from '../terminal/sanitize.js';

interface StatusQuery {
  userIDs: readonly string[];
}

const splitIDs = (text: string): string[] => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

/** `online` or `offline`; any other code as its number. */
const onlineWord = (status: number): string => (status === 1 ? 'online' : status === 0 ? 'offline' : `status ${status}`);

/** Whether a page's body names any ID: one that names none is past the end. */
const hasIDs = (body: object): boolean => {
  const ids = (body as { userIDs?: unknown }).userIDs;
  return Array.isArray(ids) && ids.length > 0;
};

const operation: PageOperation<OnlineStatus> = {
  name: USERS_STATUS.name,
  path: USERS_STATUS.path,
  totalExact: false,
  async send(client, body, signal) {
    if (!hasIDs(body)) return { rows: [], total: 0, totalExact: false };
    const data = await client.call(USERS_STATUS.name, USERS_STATUS.path, body, usersStatusDataSchema, signal);
    return { rows: data.statusList, total: data.statusList.length, totalExact: false };
  },
};

export const status = listOf<OnlineStatus, never, StatusQuery>({
  wire: {
    operation,
    // The page's slice of the IDs: the server has no paging of its own.
    body: (request) => ({ userIDs: request.query.userIDs.slice((request.page - 1) * request.size, request.page * request.size) }),
    query: {
      initial: { userIDs: [] },
      narrowed: (q) => q.userIDs.length > 0,
      label: (q) => (q.userIDs.length > 0 ? `${q.userIDs.length} user ${q.userIDs.length === 1 ? 'ID' : 'IDs'}` : ''),
      prompt: { kind: 'ids', label: 'user IDs: ', text: (q) => q.userIDs.join(','), answer: (text) => ({ userIDs: splitIDs(text) }) },
      fromFlags: (f) => ({ userIDs: splitIDs(textFlag(f, 'user') ?? '') }),
      emptyUntilAsked: true,
    },
    // Each page asks for its slice of the IDs: the total is the users answered so far.
    totalWords: (total: number) => `${formatCount(total)} users`,
  },
  table: {
    columns: [
      idAt('userID', 'USER ID'),
      labelAt('status', 'STATUS', 1, (v) => onlineWord(Number(v))),
      { ...labelAt('platformIDs', 'PLATFORMS', 2, (v) => (Array.isArray(v) ? platformWords(v as number[]) : '')), max: 60 },
    ],
    detail: (s) => ({
      title: `Online status of ${idText(s.userID)}`,
      sections: [
        {
          title: 'Status',
          fields: [
            { label: 'userID', value: s.userID },
            { label: 'status', value: `${onlineWord(s.status)} (${s.status})` },
            { label: 'platformIDs', value: s.platformIDs.length > 0 ? s.platformIDs.map((id) => `${platformWord(id)} (${id})`).join(', ') : '(none)' },
          ],
        },
      ],
    }),
    // The platforms by name beside their IDs, for a reader of the file.
    csv: { after: [{ name: 'platforms', value: (s) => platformWords(s.platformIDs) }] },
    identity: (s) => s.userID,
    emptyText: ({ userIDs }, keys) =>
      userIDs.length > 0
        ? `the server answered nothing for ${displayText(userIDs.join(', '))}`
        : `no user IDs asked about yet${keys.search ? ` (${keys.search} to give some)` : ''}`,
  },
  place: {
    enterOpensUser: {},
    userNamed: (s) => s.userID || undefined,
    keys: [
      { action: 'statusUsers', keys: ['s'], hint: 'user IDs', description: 'online status: of these user IDs (comma-separated)', run: { openPrompt: 'ids' } },
    ] as const,
    jump: { aliases: ['online'], description: 'who of some users is online, and on which platforms' },
  },
});
