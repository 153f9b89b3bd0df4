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

/** MsgRevokeNotification: a revoke's notice, and what the pull APIs put in place of a revoked message (contract §6.2). */
const REVOKE = 2101;

/** What a 2101 is: a revoked message as the pull rewrites it (MessageRevoked: `revokerID`), or the notice of a revoke (RevokeMsgTips: `revokerUserID`, `seq`). */
function revokeKind(contentJSON: string): { rewritten: true } | { notice: string } | undefined {
  try {
    const outer = JSON.parse(contentJSON) as { detail?: unknown };
    const detail = typeof outer.detail === 'string' ? (JSON.parse(outer.detail) as Record<string, unknown>) : undefined;
    if (!detail || typeof detail !== 'object') return undefined;
    if (Object.hasOwn(detail, 'revokerID')) return { rewritten: true };
    const seq = detail.seq;
    return { notice: typeof seq === 'number' || typeof seq === 'string' ? String(seq) : '' };
  } catch {
    return undefined;
  }
}

/**
 * A message's state in words, for the detail's lead: its status, and whether it was revoked. The
 * search says isRevoked and keeps the original (so its type); a pulled message that was revoked
 * comes back rewritten as a 2101 that keeps who revoked it and when, not what it was.
 */
export function messageState(m: { status: number; contentType: number }, found?: { isRevoked: boolean } | { content: string }): string {
  const status = msgStatusName(m.status);
  if (found && 'isRevoked' in found) return found.isRevoked ? `${status}, then revoked (a ${contentTypeName(m.contentType)}: the search keeps the original)` : status;
  if (m.contentType !== REVOKE || !found) return status;
  const kind = revokeKind(found.content);
  if (kind && 'rewritten' in kind) return `${status}, then revoked (the server sends who revoked it and when in its place; not what it was)`;
  if (kind) return `${status}: the notice that ${kind.notice ? `seq ${kind.notice}` : 'a message'} was revoked`;
  return status;
}

/** A user as a row nests one (userID, nickname, faceURL, ex): the detail's section of that user. */
export const userFields = (u: { userID: string; nickname: string; faceURL: string; ex: string }): { label: string; value: string }[] => [
  { label: 'userID', value: u.userID },
  { label: 'nickname', value: u.nickname },
  { label: 'faceURL', value: u.faceURL || '(none)' },
  { label: 'ex', value: u.ex || '(empty)' },
];
