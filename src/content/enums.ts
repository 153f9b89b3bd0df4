// Code-to-word tables for the server's integer enumerations (contract §6.1).
// Unknown codes are shown with their number, never hidden: a newer server may add values.

type Table = Readonly<Record<number, string>>;

function lookup(table: Table, code: number): string {
  if (Number.isInteger(code) && Object.prototype.hasOwnProperty.call(table, code)) return table[code] as string;
  return `Unknown (${String(code)})`;
}

const CONTENT_TYPES: Table = {
  101: 'Text',
  102: 'Picture',
  103: 'Voice',
  104: 'Video',
  105: 'File',
  106: 'AtText',
  107: 'Merger',
  108: 'Card',
  109: 'Location',
  110: 'Custom',
  111: 'Revoke',
  113: 'Typing',
  114: 'Quote',
  115: 'Face',
  117: 'AdvancedText',
  118: 'MarkdownText',
  119: 'CustomNotTriggerConversation',
  120: 'CustomOnlineOnly',
  121: 'ReactionMessageModifier',
  122: 'ReactionMessageDeleter',
  200: 'Common',
  201: 'GroupMsg',
  202: 'SignalMsg',
  203: 'CustomNotification',
  1201: 'FriendApplicationApproved',
  1202: 'FriendApplicationRejected',
  1203: 'FriendApplication',
  1204: 'FriendAdded',
  1205: 'FriendDeleted',
  1206: 'FriendRemarkSet',
  1207: 'BlackAdded',
  1208: 'BlackDeleted',
  1209: 'FriendInfoUpdated',
  1210: 'FriendsInfoUpdate',
  1300: 'ConversationChange',
  1303: 'UserInfoUpdated',
  1304: 'UserStatusChange',
  1305: 'UserCommandAdd',
  1306: 'UserCommandDelete',
  1307: 'UserCommandUpdate',
  1308: 'UserSubscribeOnlineStatus',
  1400: 'OANotification',
  1501: 'GroupCreated',
  1502: 'GroupInfoSet',
  1503: 'JoinGroupApplication',
  1504: 'MemberQuit',
  1505: 'GroupApplicationAccepted',
  1506: 'GroupApplicationRejected',
  1507: 'GroupOwnerTransferred',
  1508: 'MemberKicked',
  1509: 'MemberInvited',
  1510: 'MemberEnter',
  1511: 'GroupDismissed',
  1512: 'GroupMemberMuted',
  1513: 'GroupMemberCancelMuted',
  1514: 'GroupMuted',
  1515: 'GroupCancelMuted',
  1516: 'GroupMemberInfoSet',
  1517: 'GroupMemberSetToAdmin',
  1518: 'GroupMemberSetToOrdinary',
  1519: 'GroupInfoSetAnnouncement',
  1520: 'GroupInfoSetName',
  1651: 'SuperGroupUpdate',
  1601: 'Signaling',
  1602: 'RoomParticipantsConnected',
  1603: 'RoomParticipantsDisconnected',
  1604: 'StreamChanged',
  1605: 'CustomSignal',
  1652: 'MsgDelete',
  1701: 'ConversationPrivateChat',
  1702: 'ConversationUnread',
  1703: 'ClearConversation',
  1704: 'ConversationDelete',
  2001: 'BusinessNotification',
  2101: 'MsgRevoke',
  2102: 'DeleteMsgs',
  2200: 'HasReadReceipt',
};

const SESSION_TYPES: Table = { 1: 'single', 2: 'group (write diffusion)', 3: 'group', 4: 'notification' };
const MSG_FROM: Table = { 100: 'user', 200: 'system' };
const HANDLE_RESULTS: Table = { 0: 'pending', 1: 'accepted', [-1]: 'refused' };
const RECV_MSG_OPTS: Table = { 0: 'receive', 1: 'do not receive', 2: 'receive, no notification' };
const APP_MANGER_LEVELS: Table = {
  0: 'ordinary user',
  1: 'app ordinary user',
  2: 'app admin',
  3: 'notification account',
  4: 'robot',
};
// Blacks always carry 0 (AddBlack never sets it); friends use 1 and 2.
const ADD_SOURCES: Table = { 0: 'unspecified', 1: 'admin import', 2: 'by application' };
const GROUP_TYPES: Table = { 0: 'normal', 1: 'super', 2: 'working' };
const GROUP_STATUSES: Table = { 0: 'ok', 1: 'banned', 2: 'dismissed', 3: 'muted' };
const ROLE_LEVELS: Table = { 100: 'owner', 60: 'admin', 20: 'member' };
const JOIN_SOURCES: Table = { 2: 'invited', 3: 'search', 4: 'QR code' };
// A message's status (protocol constant.go MsgStatus*): a revoke is not a status, it is the 2101 that replaces the message.
const MSG_STATUSES: Table = { 0: 'not set', 1: 'sending', 2: 'sent', 3: 'send failed', 4: 'deleted', 5: 'filtered' };
const PLATFORMS: Table = {
  1: 'iOS',
  2: 'Android',
  3: 'Windows',
  4: 'macOS',
  5: 'Web',
  6: 'MiniWeb',
  7: 'Linux',
  8: 'AndroidPad',
  9: 'iPad',
  10: 'Admin',
  11: 'HarmonyOS',
};

export const contentTypeName = (code: number): string => lookup(CONTENT_TYPES, code);
export const sessionTypeName = (code: number): string => lookup(SESSION_TYPES, code);
export const msgFromName = (code: number): string => lookup(MSG_FROM, code);
export const handleResultName = (code: number): string => lookup(HANDLE_RESULTS, code);
/** Also valid for a user's globalRecvMsgOpt, which uses the same three values. */
export const recvMsgOptName = (code: number): string => lookup(RECV_MSG_OPTS, code);
export const appMangerLevelName = (code: number): string => lookup(APP_MANGER_LEVELS, code);
export const addSourceName = (code: number): string => lookup(ADD_SOURCES, code);
export const groupTypeName = (code: number): string => lookup(GROUP_TYPES, code);
export const groupStatusName = (code: number): string => lookup(GROUP_STATUSES, code);
export const roleLevelName = (code: number): string => lookup(ROLE_LEVELS, code);
export const joinSourceName = (code: number): string => lookup(JOIN_SOURCES, code);
export const msgStatusName = (code: number): string => lookup(MSG_STATUSES, code);
export const platformName = (code: number): string => lookup(PLATFORMS, code);
/** A platform where several are listed (who is online where): its name, or a newer one's bare number. */
export const platformWord = (code: number): string => (Number.isInteger(code) && Object.prototype.hasOwnProperty.call(PLATFORMS, code) ? PLATFORMS[code]! : String(code));
/** Platforms as a list reads them: `iOS, Web, 12` (`sep` `,` where room is short). */
export const platformWords = (codes: readonly number[], sep = ', '): string => codes.map(platformWord).join(sep);

export const isKnownContentType = (code: number): boolean => Number.isInteger(code) && Object.prototype.hasOwnProperty.call(CONTENT_TYPES, code);

/** Every content type's name, in code order: what a type is typed as (the message search's `type:`). */
export const CONTENT_TYPE_NAMES: readonly string[] = Object.values(CONTENT_TYPES);

/** The code a content type's name (any case) or number names, or undefined. */
export function contentTypeCode(text: string): number | undefined {
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const wanted = text.toLowerCase();
  const entry = Object.entries(CONTENT_TYPES).find(([, name]) => name.toLowerCase() === wanted);
  return entry ? Number(entry[0]) : undefined;
}
