// A user's conversations, most recent first, with the latest message of each decoded.
import type { Conversation } from '../api/schemas.js';
import { OWNER_TOTAL, conversationsOperation, listedUnread } from './ownerConversations.js';
import { decodeContent } from '../content/decode.js';
import { contentTypeName, groupTypeName, msgFromName, recvMsgOptName, sessionTypeName } from '../content/enums.js';
import { formatCount, formatTimeZoned } from '../content/format.js';
import { IDENTIFYING } from '../domain/tableLayout.js';
import { ID_MAX, id, label, labelAt, markAt, timeAt } from '../domain/columns.js';
import { conversationPeer, conversationWith, isGroupMessage } from '../domain/rows.js';
import { idWithName, messageFrom, messageFromLine, senderText } from '../domain/sender.js';
import { contentSummary, messageSummary } from '../domain/summary.js';
import { glyphs } from '../terminal/glyphs.js';
import { idText } from '../terminal/sanitize.js';
import { code } from './fieldText.js';
import { FAULTS_CHECKED, FAULTS_FOUND, FAULTS_WHOLE, faultMark, faultWords, mergeFaults, pageFaultFigures, readStates, readStateText, withFaultWalk, type ConversationRow, type FaultCount } from './readFaults.js';
import { listOf } from './parts.js';
import { pagination, textFlag, type DetailField, type DetailOwner, type DetailSection, type RowDetail } from './types.js';

/**
 * The user summary's figures: conversationTotal (those with a latest message), unreadTotal; `none`
 * for the plain 1004; `all`: every conversation, from the owner route (no unread total there).
 */
interface ConversationFigures {
  withMessages: number;
  unread: number;
  none: boolean;
  all?: number;
  /** The rows in fault and the rows checked (the read-state column's), of the whole list when `whole`. */
  faults?: FaultCount;
}

interface ConversationQuery {
  /** Only these conversations: conversation IDs, or a peer's user ID (its single chat with the user). */
  conversationIDs: readonly string[];
  /** Only the rows whose read state is in fault (the fault toggle: readFaults.ts walks the list). */
  onlyReadFaults?: boolean;
}

const splitIDs = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

/** A conversation ID by its prefix (single, group, notification chats); anything else is read as a peer's user ID. */
const CONVERSATION_ID = /^(si|sg|sn|g|n)_/;

/** The single chat of two users as OpenIM names it: si_ and the two IDs in byte order (GenConversationIDForSingle sorts them). */
export function singleChatID(a: string, b: string): string {
  const [low, high] = Buffer.compare(Buffer.from(a), Buffer.from(b)) <= 0 ? [a, b] : [b, a];
  return `si_${low}_${high}`;
}

/** The IDs sent for what `c` was given: a peer's user ID becomes the user's single chat with them. */
const sentIDs = (ids: readonly string[], ownerID: string | undefined): string[] =>
  ids.map((id) => (CONVERSATION_ID.test(id) || !ownerID ? id : singleChatID(ownerID, id)));

/** The status line's words for what `c` asked for (a peer by name: `with user_000002`), and the breadcrumb's (the ID itself). */
const idsWords = (ids: readonly string[], one: (id: string) => string): string =>
  ids.length === 1 && !CONVERSATION_ID.test(ids[0]!) ? `with ${ids[0]!}` : ids.length === 1 ? one(ids[0]!) : `${ids.length} conversation IDs`;

const SESSION_SHORT: Record<number, string> = { 1: 'single', 2: 'group', 3: 'group', 4: 'notice' };
const PREFIX_SHORT: Record<string, string> = { si: 'single', sg: 'group', g: 'group', sn: 'notice' };

function conversationType(c: Conversation): string {
  if (c.msgInfo) return SESSION_SHORT[c.msgInfo.sessionType] ?? String(c.msgInfo.sessionType);
  return PREFIX_SHORT[c.conversationID.split('_')[0] ?? ''] ?? '';
}

function conversationDetail(c: ConversationRow, owner: DetailOwner): RowDetail {
  const metadata: DetailSection = {
    title: 'Conversation',
    fields: [
      { label: 'conversationID', value: c.conversationID },
      // The page's read-state request (get_conversations_has_read_and_max_seq), beside the list's count.
      ...(c.readState ? [{ label: 'read state', value: readStateText(c.readState, listedUnread(c)) }] : []),
      { label: 'pinned', value: c.IsPinned ? 'yes' : 'no' },
      { label: 'unreadCount', value: listedUnread(c) === undefined ? '(not sent by get_owner_conversation)' : String(c.unreadCount) },
      { label: 'recvMsgOpt', value: code(recvMsgOptName(c.recvMsgOpt), c.recvMsgOpt) },
    ],
  };
  const m = c.msgInfo;
  const title = `Conversation with ${conversationWith(c, owner.id, idText)}`;
  if (!m) {
    return { title, lead: [{ label: 'message', value: 'none (msgInfo is null)' }], sections: [metadata] };
  }
  const from = messageFrom(m, owner.id, owner.name);
  const group = isGroupMessage(m);
  // A single chat's other party: the receiver, or (a reply with none) the peer the ID names.
  const other = from.own ? m.recvID || conversationPeer(c, owner.id) || '' : m.recvID || owner.id || '';
  const to = group
    ? `${m.groupName || m.groupID} (group${m.groupID && m.groupName ? ` ${m.groupID}` : ''})`
    : other !== '' && other === owner.id
      ? `${idWithName(other, owner.name ?? '', idText)} · this user`
      : other && idText(other);
  const lead: DetailField[] = [
    { label: 'from', value: messageFromLine(from, idText) },
    { label: group ? 'in' : 'to', value: to || '(none)' },
    { label: 'time', value: formatTimeZoned(m.LatestMsgRecvTime, owner.now) },
  ];
  metadata.fields.push(
    { label: 'sessionType', value: code(sessionTypeName(m.sessionType), m.sessionType) },
    { label: 'contentType', value: code(contentTypeName(m.contentType), m.contentType) },
    { label: 'msgFrom', value: code(msgFromName(m.msgFrom), m.msgFrom) },
    ...(m.groupID
      ? [
          { label: 'groupName', value: m.groupName },
          { label: 'groupType', value: code(groupTypeName(m.groupType), m.groupType) },
          { label: 'groupMemberCount', value: String(m.groupMemberCount) },
        ]
      : []),
  );
  const raw: DetailSection = {
    title: 'Raw fields (msgInfo, as the server sent them)',
    fields: [
      { label: 'LatestMsgRecvTime', value: String(m.LatestMsgRecvTime) },
      { label: 'sendID', value: m.sendID },
      { label: 'recvID', value: m.recvID || '(none)' },
      // The contract: in a single chat the owner sent, these two are the peer's.
      { label: 'senderName', value: m.senderName || '(none)' },
      { label: 'faceURL', value: m.faceURL || '(none)' },
      { label: 'serverMsgID', value: m.serverMsgID },
      { label: 'clientMsgID', value: m.clientMsgID },
      ...(m.groupID
        ? [
            { label: 'groupID', value: m.groupID },
            { label: 'groupFaceURL', value: m.groupFaceURL || '(none)' },
          ]
        : []),
      { label: 'ex', value: m.ex || '(empty)' },
    ],
  };
  return { title, lead, content: decodeContent(m.contentType, m.content), sections: [metadata, raw] };
}

/** The message search's words for a conversation: from its owner, to its peer or its group (a notice's account sends, the owner receives). */
function pairSearch(c: Conversation, ownerID: string | undefined): string | undefined {
  if (!ownerID) return undefined;
  const group = c.msgInfo?.groupID || (c.conversationID.startsWith('sg_') ? c.conversationID.slice(3) : '');
  if (group) return `from:${ownerID} to:${group}`;
  const peer = conversationPeer(c, ownerID);
  return peer ? `from:${ownerID} to:${peer}` : `from:${ownerID}`;
}

/** The summary's words with the read faults found so far after them. */
function withFaults(c: ConversationFigures, words: { long: string; short: string }): { long: string; short: string } {
  if (!c.faults) return words;
  const f = faultWords(c.faults);
  return { long: `${words.long} ${glyphs().separator} ${f.long}`, short: f.short ? `${words.short} ${f.short}` : words.short };
}

export const conversations = listOf<ConversationRow, ConversationFigures, ConversationQuery>({
  wire: {
    // Pinned first, then newest first. conversationTotal only counts conversations with a latest
    // message, so the total is an estimate and the last page is known by a short page. A server
    // without the sorted list gets the owner route (ownerConversations.ts), which says so. The fault
    // toggle's body is marked, and the walk (readFaults.ts) sends pages of its own.
    operation: withFaultWalk(conversationsOperation),
    body: (request) => ({
      userID: request.userID ?? '',
      pagination: pagination(request),
      ...(request.query.conversationIDs.length > 0 ? { conversationIDs: sentIDs(request.query.conversationIDs, request.userID) } : {}),
      ...(request.query.onlyReadFaults ? { onlyReadFaults: true as const } : {}),
    }),
    query: {
      initial: { conversationIDs: [] },
      narrowed: (q) => q.conversationIDs.length > 0 || q.onlyReadFaults === true,
      label: (q) => [q.conversationIDs.length > 0 ? idsWords(q.conversationIDs, () => '1 conversation IDs') : '', q.onlyReadFaults ? 'read faults only' : ''].filter(Boolean).join(', '),
      crumb: (q) => [q.conversationIDs.length > 0 ? idsWords(q.conversationIDs, (id) => id) : '', q.onlyReadFaults ? 'read faults' : ''].filter(Boolean).join(', '),
      prompt: {
        kind: 'ids',
        label: 'conversation IDs: ',
        hint: "conversation IDs (si_…, sg_…), or a peer's user ID for the single chat with them; empty: all",
        text: (q) => q.conversationIDs.join(','),
        answer: (text) => ({ conversationIDs: splitIDs(text) }),
        replaces: true,
      },
      fromFlags: (f) => ({ conversationIDs: splitIDs(textFlag(f, 'ids') ?? '') }),
    },
    extras: {
      readState: {
        label: 'read state',
        byDefault: true,
        async fetch(client, rows, signal, userID) {
          return userID ? readStates(client, userID, rows.map((c) => c.conversationID), signal) : new Map();
        },
        figures: pageFaultFigures,
      },
    },
    // The sorted list's conversationTotal counts the conversations with a latest message, not pages.
    totalWords: (total: number) => `~${formatCount(total)} with messages`,
  },
  table: {
    columns: [
      // `!`: the read state disagrees with UNREAD, or is read past the max seq (readFaults.ts); one request a page.
      { ...label<ConversationRow>('readState', '!', 2, faultMark), field: 'readState' },
      markAt('IsPinned', 'PIN', 3),
      {
        key: 'with',
        title: 'WITH',
        priority: IDENTIFYING,
        min: 10,
        max: ID_MAX,
        value: (c, ctx) => conversationWith(c, ctx.ownerID, idText),
      },
      label('type', 'TYPE', 6, conversationType),
      { ...labelAt('unreadCount', 'UNREAD', 2, (n) => (n ? formatCount(Number(n)) : '')), max: 16, align: 'right' },
      timeAt('msgInfo.LatestMsgRecvTime', 'LATEST', 2),
      // The sender by ID, as the message search's FROM: a nickname is the sender's own words (the detail has it beside the ID).
      // Cut before the message is (an ellipsis says so), as the name it replaced was.
      { ...id<Conversation>('sender', 'FROM', (c) => c.msgInfo?.sendID ?? ''), priority: 4, whole: false, min: 8, max: 24 },
      { key: 'summary', title: 'LATEST MESSAGE', priority: 3, min: 16, value: (c) => messageSummary(c.msgInfo) },
    ],
    detail: conversationDetail,
    csv: {
      before: ['conversationID'],
      after: [
        'recvMsgOpt',
        'msgInfo.sessionType',
        'msgInfo.sendID',
        'msgInfo.senderName',
        // Who sent the latest message, by FROM's rule (domain/sender.ts): beside the server's
        // senderName, which on the owner's own single-chat message is the peer's.
        { name: 'sender', value: (c, ownerID) => (c.msgInfo ? senderText(messageFrom(c.msgInfo, ownerID)) : '') },
        'msgInfo.recvID',
        'msgInfo.groupID',
        'msgInfo.contentType',
        // The decoded one-line summary of the latest message.
        { name: 'summary', value: (c) => (c.msgInfo ? contentSummary(c.msgInfo.contentType, c.msgInfo.content) : '') },
        'msgInfo.content',
      ],
    },
    identity: (c) => c.conversationID,
    emptyText: 'no conversations',
  },
  place: {
    userNamed: (c, ownerID) => conversationPeer(c, ownerID),
    // Enter opens the conversation's messages (`d` its detail); the row's unread count goes along for the read state.
    opens: {
      kind: 'history',
      query: (c) => {
        const unread = listedUnread(c);
        // A group's history is named by the group (its name, as the latest message carries it) in the breadcrumb.
        const groupName = c.conversationID.startsWith('sg_') ? c.msgInfo?.groupName : undefined;
        return { conversationID: c.conversationID, ...(unread === undefined ? {} : { listedUnread: unread }), ...(groupName ? { groupName } : {}) };
      },
    },
    tabNote: (extra) => (extra?.unreadTotal === undefined ? undefined : `unread ${formatCount(extra.unreadTotal)}`),
    keys: [
      // First: at 80 columns the footer has room for one of the tab's keys, and this one answers the ticket filed most.
      {
        action: 'readFaults',
        keys: ['!'],
        hint: 'faults',
        description: 'conversations tab: only the rows whose read state is in fault, marked ! in the first column (again: every row)',
        run: { toggle: (q: ConversationQuery): ConversationQuery => ({ ...q, onlyReadFaults: !q.onlyReadFaults }) },
      },
      {
        action: 'conversationFilter',
        keys: ['c'],
        hint: 'IDs',
        description: "conversations tab: only these conversation IDs, or the single chat with a peer's user ID",
        run: { openPrompt: 'ids' },
      },
      {
        action: 'pairMessages',
        keys: ['m'],
        description: "conversations tab: this pair's messages (message search from: the user, to: the peer or the group)",
        run: { search: 'messages', text: pairSearch },
      },
    ] as const,
  },
  summary: {
    eager: true,
    drop: 1,
    label: { long: 'conversations', short: 'convs' },
    count(page, query): ConversationFigures | undefined {
      // Asked for some conversation IDs only (`c`): its totals describe those, not the user.
      if (query.conversationIDs.length > 0) return undefined;
      const found = page.extra?.[FAULTS_FOUND];
      const faults = found === undefined ? {} : { faults: { found, checked: page.extra?.[FAULTS_CHECKED] ?? 0, whole: page.extra?.[FAULTS_WHOLE] === 1 } };
      const all = page.extra?.[OWNER_TOTAL];
      if (all !== undefined) return { withMessages: 0, unread: 0, none: false, all, ...faults };
      if (page.extra?.conversationTotal === undefined && page.notice === undefined) return undefined;
      // No conversations: the 1004 page, a notice and no totals (a page's other notices, a read state not read, say nothing of it).
      const none = page.extra?.conversationTotal === undefined;
      return { withMessages: page.extra?.conversationTotal ?? 0, unread: page.extra?.unreadTotal ?? 0, none, ...faults };
    },
    example: { withMessages: 236, unread: 12_345, none: false },
    // The faults found so far: each page's own check adds to the pages before it; the whole walk's replaces them.
    merge: (before: ConversationFigures | undefined, next: ConversationFigures, where: { page: number; size: number }) => mergeFaults(before, next, where),
    words: (c) =>
      c.all !== undefined
        ? withFaults(c, { long: `${formatCount(c.all)} ${c.all === 1 ? 'conversation' : 'conversations'} (no unread counts on this server)`, short: `${formatCount(c.all)} convs` })
        : c.none
        ? { long: 'no conversations', short: 'no convs' }
        : withFaults(c, {
            long: `${formatCount(c.withMessages)} ${c.withMessages === 1 ? 'conversation' : 'conversations'} with messages ${glyphs().separator} ${formatCount(c.unread)} unread`,
            short: `${formatCount(c.withMessages)} ${c.withMessages === 1 ? 'conv' : 'convs'} ${formatCount(c.unread)} unread`,
          }),
  },
});
