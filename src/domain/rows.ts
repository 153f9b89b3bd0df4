// What a row means beyond its fields: whether it matches a page filter, whom a conversation is
// with. (Which row it is and which user it names are each list's own: src/lists/.)
import type { AnyRow } from '../api/pages.js';
import type { Conversation } from '../api/schemas.js';
import { BoundedCache } from './caches.js';

/** The rows on screen: the page, narrowed by the `/` filter. */
export function visibleRows(list: { rows: readonly AnyRow[]; filter: string }): readonly AnyRow[] {
  const needle = list.filter.trim().toLowerCase();
  if (needle === '') return list.rows;
  return list.rows.filter((row) => searchableText(row).includes(needle));
}

/** A row's text as the filter reads it, by row (never copied: domain/caches.ts); a page of 100 rows is 100. */
const textCache = new BoundedCache<AnyRow, string>('row filter text', 4096);
/** How each row's text is made, handed by the store with the page: the row's own, not a cache (a lost one would match hidden JSON). */
const textSources = new WeakMap<object, () => string>();

/**
 * What `/` matches on this row: its cells as the table draws them and its IDs (the store hands it
 * when the page arrives, from the list's columns: lists/registry.ts `rowFilterText`), never the
 * fields the row does not show (`/Picture` finds the Picture row, not a row whose JSON says 102).
 * Worked out when a filter first reads the row, so a page nobody filters costs nothing.
 */
export function setFilterText(row: AnyRow, text: () => string): void {
  textCache.delete(row);
  textSources.set(row, text);
}

function searchableText(row: AnyRow): string {
  // A row no page brought (a test's): its fields.
  return textCache.through(row, () => (textSources.get(row)?.() ?? JSON.stringify(row)).toLowerCase());
}

/** Single chats name the peer in their ID (si_<a>_<b>, IDs sorted); otherwise the latest message's other party. */
export function conversationPeer(row: Conversation, ownerID: string | undefined): string | undefined {
  const single = /^s[in]_(.+)$/.exec(row.conversationID);
  if (single && ownerID) {
    const rest = single[1]!;
    if (rest.startsWith(ownerID + '_')) return rest.slice(ownerID.length + 1) || undefined;
    if (rest.endsWith('_' + ownerID)) return rest.slice(0, -(ownerID.length + 1)) || undefined;
  }
  const msg = row.msgInfo;
  if (!msg) return undefined;
  if (msg.sendID && msg.sendID !== ownerID) return msg.sendID;
  if (msg.sessionType === 1 && msg.recvID && msg.recvID !== ownerID) return msg.recvID;
  return undefined;
}

/** Group conversations: sg_<groupID> (super groups), g_<groupID> (old write-diffusion groups). */
const GROUP_ID = /^s?g_(.+)$/;

/** A message in a group: sessionType 2 (write-group) or 3 (every v3 group), or one that names its group. */
export function isGroupMessage(m: { sessionType: number; groupID?: string }): boolean {
  return m.sessionType === 2 || m.sessionType === 3 || (m.groupID ?? '') !== '';
}

/**
 * Whom a conversation is with, as the table shows it: a single chat's (or a notification
 * account's) peer user ID, a group's name (its ID when it has none). The raw conversation ID
 * stays in the detail pane.
 */
export function conversationWith(row: Conversation, ownerID: string | undefined, shownID: (id: string) => string = (id) => id): string {
  const group = GROUP_ID.exec(row.conversationID);
  const msg = row.msgInfo;
  if (group || (msg && isGroupMessage({ sessionType: msg.sessionType }))) {
    return msg?.groupName || shownID(msg?.groupID || group?.[1] || row.conversationID);
  }
  return shownID(conversationPeer(row, ownerID) ?? row.conversationID);
}
