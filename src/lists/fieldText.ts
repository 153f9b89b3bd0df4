// How the detail pane writes a time or a code beside its raw value: shared by the lists' details.
import { formatTimeSeconds, formatTimeWithZone } from '../content/format.js';
import { contentTypeName, msgFromName, msgStatusName, platformName, sessionTypeName } from '../content/enums.js';

/** A time in milliseconds, local with its zone, with the raw value. */
export const ms = (value: number): string => `${formatTimeWithZone(value)}  (${value})`;
/** A time in Unix seconds (the blacklist's createTime), local with its zone, with the raw value. */
export const seconds = (value: number): string => `${formatTimeSeconds(value)}  (${value} s)`;
/** A code as its name and number; the number alone when the contract has no name for it (`Unknown (13)` once, not twice). */
export const code = (name: string, value: number | undefined): string =>
  value === undefined ? '(not sent)' : name === String(value) || name === `Unknown (${value})` ? name : `${name} (${value})`;

/** A message's codes as the detail writes them, for every list of messages (a history, the search). */
export function messageCodes(m: { seq: number; sessionType: number; contentType: number; msgFrom: number; senderPlatformID: number; status: number }): { label: string; value: string }[] {
  return [
    { label: 'seq', value: String(m.seq) },
    { label: 'sessionType', value: code(sessionTypeName(m.sessionType), m.sessionType) },
    { label: 'contentType', value: code(contentTypeName(m.contentType), m.contentType) },
    { label: 'msgFrom', value: code(msgFromName(m.msgFrom), m.msgFrom) },
    { label: 'senderPlatformID', value: code(platformName(m.senderPlatformID), m.senderPlatformID) },
    { label: 'status', value: code(msgStatusName(m.status), m.status) },
  ];
}

/** MsgRevokeNotification: what the pull APIs put in place of a revoked message (contract §6.2). */
const REVOKE_NOTICE = 2101;

/**
 * A message's state in words, for the detail's lead and the rows: its status, and whether it was
 * revoked. `revoked`: the search's isRevoked (it still has the original, and its type); a pulled
 * message that was revoked comes back as the 2101 notice, which keeps neither.
 */
export function messageState(m: { status: number; contentType: number }, revoked?: boolean): string {
  const status = msgStatusName(m.status);
  if (revoked) return `${status}, then revoked (a ${contentTypeName(m.contentType)}: the search keeps the original)`;
  if (m.contentType === REVOKE_NOTICE) return `${status}, then revoked (the server sends this notice in its place; the original type is not kept)`;
  return status;
}
