// A user's conversations, most recent first, with the latest message of each decoded.
import type { Conversation } from '../api/schemas.js';
import { OWNER_TOTAL, conversationsOperation, listedUnread } from './ownerConversations.js';
import { decodeContent } from '../content/decode.js';
import { contentTypeName, groupTypeName, msgFromName, recvMsgOptName, sessionTypeName } from '../content/enums.js';
import { formatCount, formatTimeZoned } from '../content/format.js';
import { IDENTIFYING } from '../domain/tableLayout.js';
import { ID_MAX, label, labelAt, markAt, timeAt } from '../domain/columns.js';
import { conversationPeer, conversationWith, isGroupMessage } from '../domain/rows.js';
import { messageFrom, messageFromLine } from '../domain/sender.js';
import { contentSummary, messageSummary } from '../domain/summary.js';
import { glyphs } from '../terminal/glyphs.js';
import { code } from './fieldText.js';
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
}

interface ConversationQuery {
  /** Only these conversations. */
  conversationIDs: readonly string[];
}

const splitIDs = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

const SESSION_SHORT: Record<number, string> = { 1: 'single', 2: 'group', 3: 'group', 4: 'notice' };
const PREFIX_SHORT: Record<string, string> = { si: 'single', sg: 'group', g: 'group', sn: 'notice' };

function conversationType(c: Conversation): string {
  if (c.msgInfo) return SESSION_SHORT[c.msgInfo.sessionType] ?? String(c.msgInfo.sessionType);
  return PREFIX_SHORT[c.conversationID.split('_')[0] ?? ''] ?? '';
}

function conversationDetail(c: Conversation, owner: DetailOwner): RowDetail {
  const metadata: DetailSection = {
    title: 'Conversation',
    fields: [
      { label: 'conversationID', value: c.conversationID },
      { label: 'pinned', value: c.IsPinned ? 'yes' : 'no' },
      { label: 'unreadCount', value: listedUnread(c) === undefined ? '(not sent by get_owner_conversation)' : String(c.unreadCount) },
      { label: 'recvMsgOpt', value: code(recvMsgOptName(c.recvMsgOpt), c.recvMsgOpt) },
    ],
  };
  const m = c.msgInfo;
  const title = `Conversation with ${conversationWith(c, owner.id)}`;
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
      ? `${owner.name ? `${owner.name} (this user)` : 'this user'} · ${other}`
      : other;
  const lead: DetailField[] = [
    { label: 'from', value: messageFromLine(from) },
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

export const conversations = listOf<Conversation, ConversationFigures, ConversationQuery>({
  wire: {
    // Pinned first, then newest first. conversationTotal only counts conversations with a latest
    // message, so the total is an estimate and the last page is known by a short page. A server
    // without the sorted list gets the owner route (ownerConversations.ts), which says so.
    operation: conversationsOperation,
    body: (request) => ({
      userID: request.userID ?? '',
      pagination: pagination(request),
      ...(request.query.conversationIDs.length > 0 ? { conversationIDs: request.query.conversationIDs } : {}),
    }),
    query: {
      initial: { conversationIDs: [] },
      narrowed: (q) => q.conversationIDs.length > 0,
      label: (q) => (q.conversationIDs.length > 0 ? `${q.conversationIDs.length} conversation IDs` : ''),
      prompt: { kind: 'ids', label: 'conversation IDs: ', text: (q) => q.conversationIDs.join(','), answer: (text) => ({ conversationIDs: splitIDs(text) }) },
      fromFlags: (f) => ({ conversationIDs: splitIDs(textFlag(f, 'ids') ?? '') }),
    },
    // The sorted list's conversationTotal counts the conversations with a latest message, not pages.
    totalWords: (total: number) => `~${formatCount(total)} with messages`,
  },
  table: {
    columns: [
      markAt('IsPinned', 'PIN', 3),
      {
        key: 'with',
        title: 'WITH',
        priority: IDENTIFYING,
        min: 10,
        max: ID_MAX,
        value: (c, ctx) => conversationWith(c, ctx.ownerID),
      },
      label('type', 'TYPE', 6, conversationType),
      { ...labelAt('unreadCount', 'UNREAD', 2, (n) => (n ? formatCount(Number(n)) : '')), max: 16, align: 'right' },
      timeAt('msgInfo.LatestMsgRecvTime', 'LATEST', 2),
      // Bounded, so it widens before the summary does, as far as a name needs.
      { key: 'sender', title: 'FROM', priority: 4, min: 8, max: 16, value: (c, ctx) => (c.msgInfo ? messageFrom(c.msgInfo, ctx.ownerID, ctx.ownerName).name : '') },
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
        { name: 'sender', value: (c, ownerID) => (c.msgInfo ? messageFrom(c.msgInfo, ownerID).name : '') },
        'msgInfo.recvID',
        'msgInfo.groupID',
        'msgInfo.contentType',
        // The decoded one-line summary of the latest message.
        { name: 'summary', value: (c) => (c.msgInfo ? contentSummary(c.msgInfo.contentType, c.msgInfo.content) : '') },
        'msgInfo.content',
      ],
    },
    identity: (c) => c.conversationID,
    emptyText: () => 'no conversations',
  },
  place: {
    userNamed: (c, ownerID) => conversationPeer(c, ownerID),
    // Enter opens the conversation's messages (`d` its detail); the row's unread count goes along for the read state.
    opens: {
      kind: 'history',
      query: (c) => {
        const unread = listedUnread(c);
        return { conversationID: c.conversationID, ...(unread === undefined ? {} : { listedUnread: unread }) };
      },
    },
    tabNote: (extra) => (extra?.unreadTotal === undefined ? undefined : `unread ${formatCount(extra.unreadTotal)}`),
    keys: [
      {
        action: 'conversationFilter',
        keys: ['c'],
        hint: 'IDs',
        description: 'conversations tab: only these conversation IDs',
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
    count(page, query) {
      // Asked for some conversation IDs only (`c`): its totals describe those, not the user.
      if (query.conversationIDs.length > 0) return undefined;
      const all = page.extra?.[OWNER_TOTAL];
      if (all !== undefined) return { withMessages: 0, unread: 0, none: false, all };
      if (page.extra?.conversationTotal === undefined && page.notice === undefined) return undefined;
      return { withMessages: page.extra?.conversationTotal ?? 0, unread: page.extra?.unreadTotal ?? 0, none: page.notice !== undefined };
    },
    words: (c) =>
      c.all !== undefined
        ? { long: `${formatCount(c.all)} ${c.all === 1 ? 'conversation' : 'conversations'} (no unread counts on this server)`, short: `${formatCount(c.all)} convs` }
        : c.none
        ? { long: 'no conversations', short: 'no convs' }
        : {
            long: `${formatCount(c.withMessages)} ${c.withMessages === 1 ? 'conversation' : 'conversations'} with messages ${glyphs().separator} ${formatCount(c.unread)} unread`,
            short: `${formatCount(c.withMessages)} ${c.withMessages === 1 ? 'conv' : 'convs'} ${formatCount(c.unread)} unread`,
          },
    example: { withMessages: 236, unread: 12_345, none: false },
  },
});
