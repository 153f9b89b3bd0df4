// A user's read state: each conversation's max seq, the seq read up to and the unread they imply,
// from get_conversations_has_read_and_max_seq, which answers every conversation at once (not
// paged: api/pages.ts unpagedOperation cuts the pages). The server caps a left member's max seq
// (§11), so a group's figure may be lower than the conversations list's. Enter opens the history.
import { unpagedOperation, unpagedPlan } from '../api/pages.js';
import { READ_STATES } from '../api/operations.js';
import { readStatesDataSchema } from '../api/schemas.js';
import { formatCount } from '../content/format.js';
import { idAt, labelAt, timeAt } from '../domain/columns.js';
import { ms } from './fieldText.js';
import { listOf } from './parts.js';


interface ReadStateRow {
  conversationID: string;
  maxSeq: number;
  hasReadSeq: number;
  /** maxSeq − hasReadSeq, never below 0 (a read seq past the max is the server's, shown in the detail). */
  unread: number;
  maxSeqTime: number;
}

const count = (n: unknown): string => formatCount(Number(n));

export const readState = listOf<ReadStateRow, number>({
  wire: {
    operation: unpagedOperation({
      ...READ_STATES,
      schema: readStatesDataSchema,
      // By conversation ID: a map has no order of its own.
      rows: (data) =>
        Object.entries(data.seqs)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([conversationID, s]) => ({ conversationID, maxSeq: s.maxSeq, hasReadSeq: s.hasReadSeq, unread: Math.max(0, s.maxSeq - s.hasReadSeq), maxSeqTime: s.maxSeqTime })),
      extra: (rows) => ({ unread: rows.reduce((sum, r) => sum + r.unread, 0), withUnread: rows.filter((r) => r.unread > 0).length }),
    }),
    body: (request) => unpagedPlan({ userID: request.userID ?? '' }, request),
  },
  table: {
    columns: [
      idAt('conversationID', 'CONVERSATION'),
      { ...labelAt('unread', 'UNREAD', 2, (n) => (Number(n) ? count(n) : '')), max: 16, align: 'right' },
      { ...labelAt('hasReadSeq', 'READ SEQ', 2, count), max: 16, align: 'right' },
      { ...labelAt('maxSeq', 'MAX SEQ', 2, count), max: 16, align: 'right' },
      timeAt('maxSeqTime', 'LATEST', 3),
    ],
    detail: (r) => ({
      title: `Read state of ${r.conversationID}`,
      sections: [
        {
          title: 'Read state',
          fields: [
            { label: 'conversationID', value: r.conversationID },
            { label: 'maxSeq', value: String(r.maxSeq) },
            { label: 'hasReadSeq', value: r.hasReadSeq > r.maxSeq ? `${r.hasReadSeq}  (past the max seq)` : String(r.hasReadSeq) },
            { label: 'unread', value: `${r.unread}  (maxSeq − hasReadSeq)` },
            { label: 'maxSeqTime', value: ms(r.maxSeqTime) },
          ],
        },
      ],
    }),
    identity: (r) => r.conversationID,
    emptyText: 'no conversations with a read state',
  },
  place: { opens: { kind: 'history', query: (r) => ({ conversationID: r.conversationID }) } },
  summary: {
    // The whole read state in one reply: asked for only when its tab opens.
    eager: false,
    drop: 8,
    label: { long: 'read state', short: 'read' },
    // The conversations the read state says are not read to the end (the server's cap on a left member's max seq applied).
    count: (page) => page.extra?.withUnread,
    words: (n) => ({ long: `${formatCount(n)} not read to the end`, short: `${formatCount(n)} unrd` }),
    example: 18,
  },
});
