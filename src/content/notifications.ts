// Summaries and facts for server notifications (contentType >= 1000). The body here is the
// already-decoded `detail`: the JSON of a *Tips proto (contract §6.2), or the caller's object
// for OA (1400) and business (2001) notifications.
import { Collector, type Summarizer } from './collector.js';
import { compactJson } from './compact.js';
import { addSourceName, contentTypeName, handleResultName, platformName, sessionTypeName } from './enums.js';
import { formatDuration, formatTimeWithZone } from './format.js';
import { nameList, MESSAGE_SUMMARIZERS } from './messages.js';
import { LATER_PHRASES, laterSummarizer } from './laterNotifications.js';
import { joinParts, quoted } from './text.js';
import type { JsonNode } from './types.js';
import { asObject, bool, field, list, num, str, textOf, type ObjectNode } from './view.js';

/** Words for a table row; the type name stays available as `typeName`. */
const PHRASES: Readonly<Record<number, string>> = {
  1201: 'Friend request accepted',
  1202: 'Friend request refused',
  1203: 'Friend request',
  1204: 'Friend added',
  1205: 'Friend deleted',
  1206: 'Friend remark set',
  1207: 'Blocked',
  1208: 'Unblocked',
  1209: 'Friend info updated',
  1210: 'Friends info updated',
  1300: 'Conversation changed',
  1303: 'User info updated',
  1304: 'User status changed',
  1305: 'User command added',
  1306: 'User command deleted',
  1307: 'User command updated',
  1308: 'Online status subscription',
  1501: 'Group created',
  1502: 'Group info changed',
  1503: 'Join request',
  1504: 'Member left',
  1505: 'Join request accepted',
  1506: 'Join request refused',
  1507: 'Group owner transferred',
  1508: 'Members removed',
  1509: 'Members invited',
  1510: 'Member joined',
  1511: 'Group dismissed',
  1512: 'Member muted',
  1513: 'Member unmuted',
  1514: 'Group muted',
  1515: 'Group unmuted',
  1516: 'Member info changed',
  1517: 'Member made admin',
  1518: 'Admin made ordinary member',
  1519: 'Announcement changed',
  1520: 'Group renamed',
  1651: 'Super group updated',
  1652: 'Messages deleted',
  1701: 'Private chat setting',
  1702: 'Conversation unread',
  1703: 'Conversation cleared',
  2101: 'Message revoked',
  2102: 'Messages deleted',
  2200: 'Read receipt',
};

export function notificationPhrase(contentType: number): string {
  return PHRASES[contentType] ?? LATER_PHRASES[contentType] ?? contentTypeName(contentType);
}

/** 'Alice (u1)', or whichever of the two is known. */
function person(node: JsonNode | undefined, idKey = 'userID', nameKey = 'nickname'): string | undefined {
  const id = str(node, idKey);
  const name = str(node, nameKey);
  if (id !== undefined && name !== undefined && name !== id) return `${name} (${id})`;
  return name ?? id;
}

const when = (ms: number | undefined): string | undefined => (ms === undefined ? undefined : formatTimeWithZone(ms));

function fromTo(body: ObjectNode, out: Collector): string | undefined {
  const pair = field(body, 'fromToUserID');
  const from = str(pair, 'fromUserID');
  const to = str(pair, 'toUserID');
  out.fact('From', from);
  out.fact('To', to);
  return from === undefined && to === undefined ? undefined : `${from ?? '?'} → ${to ?? '?'}`;
}

/** 1201–1203: the request (applicant → receiver) is the most telling part when present. */
function friendApplication(contentType: number): Summarizer {
  return (body, out) => {
    const request = asObject(field(body, 'request'));
    let route: string | undefined;
    if (request) {
      const from = person(request, 'fromUserID', 'fromNickname');
      const to = person(request, 'toUserID', 'toNickname');
      route = from === undefined && to === undefined ? undefined : `${from ?? '?'} → ${to ?? '?'}`;
      out.fact('Applicant', from);
      out.fact('Receiver', to);
    } else {
      route = fromTo(body, out);
    }
    const reqMsg = str(request, 'reqMsg');
    const handleMsg = str(body, 'handleMsg') ?? str(request, 'handleMsg');
    const result = num(request, 'handleResult');
    out.fact('Request message', reqMsg);
    out.fact('Handle message', handleMsg);
    out.fact('Result', result === undefined ? undefined : handleResultName(result));
    out.fact('Requested at', when(num(request, 'createTime')));
    out.fact('Handled at', when(num(request, 'handleTime')));
    const message = contentType === 1203 ? reqMsg : handleMsg;
    return joinParts([notificationPhrase(contentType), joinParts([route, quoted(message)], ': ')], ': ');
  };
}

const friendAdded: Summarizer = (body, out) => {
  const friend = field(body, 'friend');
  const owner = str(friend, 'ownerUserID');
  const other = person(field(friend, 'friendUser'));
  const source = num(friend, 'addSource');
  out.fact('Owner', owner);
  out.fact('Friend', other);
  out.fact('Add source', source === undefined ? undefined : addSourceName(source));
  out.fact('Operator', person(field(body, 'opUser')));
  out.fact('Time', when(num(body, 'operationTime')));
  const route = owner === undefined && other === undefined ? undefined : `${owner ?? '?'} → ${other ?? '?'}`;
  return joinParts([notificationPhrase(1204), route], ': ');
};

function fromToOnly(contentType: number): Summarizer {
  return (body, out) => joinParts([notificationPhrase(contentType), fromTo(body, out)], ': ');
}

/** 1210 FriendsInfoUpdateTips: whose friends changed, by ID. */
const friendsInfoUpdate: Summarizer = (body, out) => {
  const route = fromTo(body, out);
  const friends = list(body, 'friendIDs')
    .map((id) => textOf(id))
    .filter((id): id is string => id !== undefined && id !== '');
  out.fact('Friends', friends.join(', '));
  return joinParts([notificationPhrase(1210), route, nameList(friends)], ': ');
};

/** 1303–1307: user events name their users directly, not through fromToUserID. */
function userEvent(contentType: number): Summarizer {
  return (body, out) => {
    const user = str(body, 'userID');
    const from = str(body, 'fromUserID');
    const to = str(body, 'toUserID');
    const platform = num(body, 'platformID');
    out.fact('User', user);
    out.fact('From', from);
    out.fact('To', to);
    out.fact('Status', num(body, 'status'));
    out.fact('Platform', platform === undefined ? undefined : platformName(platform));
    const route = from === undefined && to === undefined ? undefined : `${from ?? '?'} → ${to ?? '?'}`;
    return joinParts([notificationPhrase(contentType), user ?? route], ': ');
  };
}

// Group tips name the affected members under different keys depending on the event.
const MEMBER_KEYS: readonly { key: string; label: string; many: boolean }[] = [
  { key: 'memberList', label: 'Members', many: true },
  { key: 'kickedUserList', label: 'Removed', many: true },
  { key: 'invitedUserList', label: 'Invited', many: true },
  { key: 'entrantUser', label: 'Joined', many: false },
  { key: 'quitUser', label: 'Left', many: false },
  { key: 'mutedUser', label: 'Muted member', many: false },
  { key: 'changedUser', label: 'Member', many: false },
  { key: 'newGroupOwner', label: 'New owner', many: false },
  { key: 'applicant', label: 'Applicant', many: false },
];

function groupMembers(body: ObjectNode, out: Collector): string | undefined {
  const everyone: string[] = [];
  for (const { key, label, many } of MEMBER_KEYS) {
    const names = (many ? list(body, key) : [field(body, key)])
      .map((member) => person(member))
      .filter((name): name is string => name !== undefined);
    if (names.length === 0) continue;
    out.fact(label, names.join(', '));
    everyone.push(...names);
  }
  // 1505/1506 name the applicant only inside the GroupRequest.
  const applicant = field(body, 'applicant') === undefined ? person(field(field(body, 'request'), 'userInfo')) : undefined;
  out.fact('Applicant', applicant);
  if (applicant !== undefined) everyone.push(applicant);
  return nameList(everyone);
}

function groupEvent(contentType: number): Summarizer {
  return (body, out) => {
    const group = field(body, 'group');
    const groupName = str(group, 'groupName');
    const groupID = str(group, 'groupID');
    const groupLabel = groupName ?? groupID;
    out.fact('Group', person(group, 'groupID', 'groupName'));
    const operator = person(field(body, 'opUser'));
    out.fact('Operator', operator);
    // 1501 names the owner, 1509 who invited (when not the operator), 1507 the old owner in full.
    out.fact('Owner', person(field(body, 'groupOwnerUser')));
    out.fact('Inviter', person(field(body, 'inviterUser')));
    const members = groupMembers(body, out);
    const muted = num(body, 'mutedSeconds');
    out.fact('Muted for', muted === undefined ? undefined : formatDuration(muted));
    out.fact('Old owner', person(field(body, 'oldGroupOwnerInfo')) ?? str(body, 'oldGroupOwner'));
    const reqMsg = str(body, 'reqMsg') ?? str(field(body, 'request'), 'reqMsg');
    const handleMsg = str(body, 'handleMsg');
    out.fact('Request message', reqMsg);
    out.fact('Handle message', handleMsg);
    const announcement = contentType === 1519 ? str(group, 'notification') : undefined;
    out.fact('Announcement', announcement);
    out.fact('Time', when(num(body, 'operationTime')));
    const head = joinParts([groupLabel, operator && `by ${operator}`], ' ');
    const tail = joinParts([members, muted === undefined ? undefined : `for ${formatDuration(muted)}`, quoted(announcement ?? reqMsg ?? handleMsg)], ' ');
    return joinParts([notificationPhrase(contentType), head, tail], ': ');
  };
}

const revoke: Summarizer = (body, out) => {
  // RevokeMsgTips (notification) and MessageRevokedContent (pull rewrite) name the revoker differently.
  const idKey = field(body, 'revokerUserID') === undefined ? 'revokerID' : 'revokerUserID';
  const revoker = person(body, idKey, 'revokerNickname');
  const admin = bool(body, 'isAdminRevoke');
  const session = num(body, 'sesstionType') ?? num(body, 'sessionType');
  out.fact('Revoked by', revoker);
  out.fact('Client message ID', str(body, 'clientMsgID'));
  out.fact('Revoke time', when(num(body, 'revokeTime')));
  out.fact('Admin revoke', admin === undefined ? undefined : admin ? 'yes' : 'no');
  out.fact('Conversation ID', str(body, 'conversationID'));
  out.fact('Seq', str(body, 'seq'));
  out.fact('Session type', session === undefined ? undefined : sessionTypeName(session));
  out.fact('Original sender', person(body, 'sourceMessageSendID', 'sourceMessageSenderNickname'));
  out.fact('Original send time', when(num(body, 'sourceMessageSendTime')));
  const by = revoker === undefined ? undefined : `by ${revoker}${admin ? ' (admin)' : ''}`;
  return joinParts([notificationPhrase(2101), by], ' ');
};

// mixType of an OA notification, per the admin API documentation. The server accepts 0-5
// (S:pkg/apistruct/msg.go OANotificationElem); 4 and 5 have no name anywhere in its source.
const MIX_TYPES: Readonly<Record<number, string>> = { 0: 'text', 1: 'text and picture', 2: 'text and video', 3: 'text and file', 4: 'unnamed', 5: 'unnamed' };
const OA_ATTACHMENTS: readonly { key: string; contentType: number; label: string }[] = [
  { key: 'pictureElem', contentType: 102, label: 'Picture' },
  { key: 'soundElem', contentType: 103, label: 'Voice' },
  { key: 'videoElem', contentType: 104, label: 'Video' },
  { key: 'fileElem', contentType: 105, label: 'File' },
];

const oaNotification: Summarizer = (body, out, depth) => {
  const title = str(body, 'notificationName');
  const words = str(body, 'text');
  const mixType = num(body, 'mixType');
  out.fact('Title', title);
  out.fact('Text', words);
  // The docs call it externalUrl, the server struct url; both exist in the wild.
  out.fact('URL', str(body, 'url') ?? str(body, 'externalUrl'));
  out.fact('Mix type', mixType === undefined ? undefined : `${MIX_TYPES[mixType] ?? 'unknown'} (${mixType})`);
  out.fact('Notification type', str(body, 'notificationType'));
  out.fact('Face URL', str(body, 'notificationFaceURL'));
  for (const { key, contentType, label } of OA_ATTACHMENTS) {
    const elem = asObject(field(body, key));
    const summarize = MESSAGE_SUMMARIZERS[contentType];
    if (elem && summarize) out.fact(label, summarize(elem, new Collector(), depth + 1));
  }
  return joinParts([title ?? 'System notification', words], ': ');
};

const business: Summarizer = (body, out) => {
  const key = str(body, 'key');
  const dataNode = field(body, 'data');
  // Data is usually a JSON string: show it as sent; the tree shows it decoded.
  const data = str(body, 'data') ?? (dataNode === undefined ? undefined : compactJson(dataNode));
  out.fact('Key', key);
  out.fact('Data', data);
  return joinParts([key ?? 'Business notification', data], ': ');
};

/** Any other notification: its scalar fields are the facts, the compact JSON the summary. */
export function genericFacts(body: JsonNode, out: Collector): void {
  const obj = asObject(body);
  if (obj === undefined) return;
  for (const { key, value } of obj.entries.slice(0, 20)) {
    if (value.kind === 'string' || value.kind === 'number' || value.kind === 'boolean') out.fact(key, String(value.value));
  }
}

function summarizerFor(contentType: number): Summarizer | undefined {
  if (contentType >= 1201 && contentType <= 1203) return friendApplication(contentType);
  if (contentType === 1204) return friendAdded;
  if (contentType === 1210) return friendsInfoUpdate;
  if (contentType >= 1205 && contentType <= 1209) return fromToOnly(contentType);
  if (contentType >= 1303 && contentType <= 1307) return userEvent(contentType);
  if (contentType === 1400) return oaNotification;
  if (contentType >= 1501 && contentType <= 1520) return groupEvent(contentType);
  if (contentType === 2001) return business;
  if (contentType === 2101) return revoke;
  return laterSummarizer(contentType);
}

export function summarizeNotification(contentType: number, body: ObjectNode, out: Collector, depth: number): string {
  const summarize = summarizerFor(contentType);
  if (summarize !== undefined) return summarize(body, out, depth);
  genericFacts(body, out);
  const phrase = PHRASES[contentType];
  return phrase === undefined ? compactJson(body) : `${phrase}: ${compactJson(body)}`;
}

/** Whether content of this type wraps its payload in {"detail": "<JSON>"}. */
export function isNotificationType(contentType: number): boolean {
  return contentType >= 1000;
}
