// How the detail pane writes a time or a code beside its raw value: shared by the lists' details.
import { formatTimeSeconds, formatTimeWithZone } from '../content/format.js';
import { contentTypeName, msgFromName, platformName, sessionTypeName } from '../content/enums.js';

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
    { label: 'status', value: String(m.status) },
  ];
}

/** A user as a row nests one (userID, nickname, faceURL, ex): the detail's section of that user. */
export const userFields = (u: { userID: string; nickname: string; faceURL: string; ex: string }): { label: string; value: string }[] => [
  { label: 'userID', value: u.userID },
  { label: 'nickname', value: u.nickname },
  { label: 'faceURL', value: u.faceURL || '(none)' },
  { label: 'ex', value: u.ex || '(empty)' },
];
