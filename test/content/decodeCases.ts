// What the decoder tests share: the case shape, the content builders, the check of one case, and the
// notification cases (run by decodeNotifications.test.ts, and read again by decode.test.ts).
import { expect } from 'vitest';
import { decodeContent, type DecodedContent } from '../../src/content/decode.js';
import { formatTimeWithZone } from '../../src/content/format.js';

export const json = (value: unknown): string => JSON.stringify(value);
/** Notification content: the tips JSON inside a string inside JSON (contract §6.2). */
export const notification = (detail: unknown): string => json({ detail: typeof detail === 'string' ? detail : json(detail) });
export const fact = (d: DecodedContent, label: string): string | undefined => d.facts.find((f) => f.label === label)?.value;

// Control characters, escape introducers and bidi overrides must never reach a summary or fact.
export const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export interface Case {
  name: string;
  type: number;
  content: string;
  summary: string | RegExp;
  facts?: Record<string, string>;
  notes?: (string | RegExp)[];
}

export const T = 1700000000000;

export function check(c: Case): void {
  const d = decodeContent(c.type, c.content);
  if (typeof c.summary === 'string') expect(d.summary).toBe(c.summary);
  else expect(d.summary).toMatch(c.summary);
  for (const [label, value] of Object.entries(c.facts ?? {})) expect(fact(d, label), label).toBe(value);
  if (c.notes !== undefined) {
    expect(d.notes).toHaveLength(c.notes.length);
    c.notes.forEach((note, i) => (typeof note === 'string' ? expect(d.notes[i]).toBe(note) : expect(d.notes[i]).toMatch(note)));
  }
  expect(d.raw).toBe(c.content);
}

/** The notification content types (contract §6.2): the tips JSON inside a string inside JSON. */
export const NOTIFICATIONS: Case[] = [
  {
    name: 'friend application',
    type: 1203,
    content: notification({
      fromToUserID: { fromUserID: 'u1', toUserID: 'u2' },
      request: { fromUserID: 'u1', fromNickname: 'Alice', fromFaceURL: '', toUserID: 'u2', toNickname: 'Bob', handleResult: 0, reqMsg: 'hi, add me', createTime: T, handlerUserID: '', handleMsg: '', handleTime: 0, ex: '' },
    }),
    summary: 'Friend request: Alice (u1) → Bob (u2): "hi, add me"',
    facts: { Applicant: 'Alice (u1)', Receiver: 'Bob (u2)', 'Request message': 'hi, add me', Result: 'pending', 'Requested at': formatTimeWithZone(T), 'Handled at': 'not set' },
  },
  {
    name: 'friend application approved',
    type: 1201,
    content: notification({ fromToUserID: { fromUserID: 'u2', toUserID: 'u1' }, handleMsg: 'welcome', friendVersion: 3, friendVersionID: 'v', request: { fromUserID: 'u1', toUserID: 'u2', handleResult: 1 } }),
    summary: 'Friend request accepted: u1 → u2: "welcome"',
    facts: { Result: 'accepted', 'Handle message': 'welcome' },
  },
  {
    name: 'friend application rejected without request',
    type: 1202,
    content: notification({ fromToUserID: { fromUserID: 'u2', toUserID: 'u1' }, handleMsg: 'no thanks' }),
    summary: 'Friend request refused: u2 → u1: "no thanks"',
    facts: { From: 'u2', To: 'u1' },
  },
  {
    name: 'friend added',
    type: 1204,
    content: notification({ friend: { ownerUserID: 'u1', friendUser: { userID: 'u2', nickname: 'Bob' }, addSource: 2 }, opUser: { userID: 'u1', nickname: 'Alice' }, operationTime: T }),
    summary: 'Friend added: u1 → Bob (u2)',
    facts: { 'Add source': 'by application', Operator: 'Alice (u1)', Time: formatTimeWithZone(T) },
  },
  { name: 'friend deleted', type: 1205, content: notification({ fromToUserID: { fromUserID: 'u1', toUserID: 'u2' } }), summary: 'Friend deleted: u1 → u2' },
  { name: 'black added', type: 1207, content: notification({ fromToUserID: { fromUserID: 'u1', toUserID: 'u9' } }), summary: 'Blocked: u1 → u9', facts: { From: 'u1', To: 'u9' } },
  { name: 'black deleted', type: 1208, content: notification({ fromToUserID: { fromUserID: 'u1', toUserID: 'u9' } }), summary: 'Unblocked: u1 → u9' },
  { name: 'user info updated', type: 1303, content: notification({ userID: 'u5' }), summary: 'User info updated: u5' },
  {
    name: 'group created',
    type: 1501,
    content: notification({
      group: { groupID: 'g1', groupName: 'Dev team', notification: '', ownerUserID: 'u1', memberCount: 3, groupType: 2 },
      opUser: { groupID: 'g1', userID: 'u1', nickname: 'Alice', roleLevel: 100 },
      memberList: [{ userID: 'u2', nickname: 'Bob' }, { userID: 'u3', nickname: 'Carol' }],
      operationTime: T,
    }),
    summary: 'Group created: Dev team by Alice (u1): Bob (u2), Carol (u3)',
    facts: { Group: 'Dev team (g1)', Operator: 'Alice (u1)', Members: 'Bob (u2), Carol (u3)' },
  },
  { name: 'join application', type: 1503, content: notification({ group: { groupID: 'g1', groupName: 'Dev' }, applicant: { userID: 'u7', nickname: 'Eve' }, reqMsg: 'let me in' }), summary: 'Join request: Dev: Eve (u7) "let me in"' },
  { name: 'member quit', type: 1504, content: notification({ group: { groupID: 'g1' }, quitUser: { userID: 'u3' } }), summary: 'Member left: g1: u3', facts: { Left: 'u3', Group: 'g1' } },
  {
    name: 'owner transferred',
    type: 1507,
    content: notification({ group: { groupID: 'g1', groupName: 'Dev' }, opUser: { userID: 'u1' }, newGroupOwner: { userID: 'u2', nickname: 'Bob' }, oldGroupOwner: 'u1' }),
    summary: 'Group owner transferred: Dev by u1: Bob (u2)',
    facts: { 'New owner': 'Bob (u2)', 'Old owner': 'u1' },
  },
  {
    name: 'members kicked',
    type: 1508,
    content: notification({ group: { groupID: 'g1', groupName: 'Dev' }, opUser: { userID: 'u1' }, kickedUserList: Array.from({ length: 7 }, (_, i) => ({ userID: `k${i}` })) }),
    summary: 'Members removed: Dev by u1: k0, k1, k2, k3, k4 +2 more',
  },
  {
    name: 'members invited',
    type: 1509,
    content: notification({ group: { groupID: 'g1', groupName: 'Dev' }, opUser: { userID: 'u1', nickname: 'Alice' }, invitedUserList: [{ userID: 'u2', nickname: 'Bob' }] }),
    summary: 'Members invited: Dev by Alice (u1): Bob (u2)',
    facts: { Invited: 'Bob (u2)' },
  },
  { name: 'member entered', type: 1510, content: notification({ group: { groupID: 'g1', groupName: 'Dev' }, entrantUser: { userID: 'u4', nickname: 'Dan' } }), summary: 'Member joined: Dev: Dan (u4)' },
  { name: 'group dismissed', type: 1511, content: notification({ group: { groupID: 'g1', groupName: 'Dev' }, opUser: { userID: 'u1' } }), summary: 'Group dismissed: Dev by u1' },
  {
    name: 'member muted',
    type: 1512,
    content: notification({ group: { groupID: 'g1', groupName: 'Dev' }, opUser: { userID: 'u1' }, mutedUser: { userID: 'u2' }, mutedSeconds: 3600 }),
    summary: 'Member muted: Dev by u1: u2 for 1:00:00',
    facts: { 'Muted member': 'u2', 'Muted for': '1:00:00' },
  },
  {
    name: 'announcement set',
    type: 1519,
    content: notification({ group: { groupID: 'g1', groupName: 'Dev', notification: 'Standup at 10' }, opUser: { userID: 'u1' } }),
    summary: 'Announcement changed: Dev by u1: "Standup at 10"',
    facts: { Announcement: 'Standup at 10' },
  },
  { name: 'group renamed', type: 1520, content: notification({ group: { groupID: 'g1', groupName: 'New name' }, opUser: { userID: 'u1', nickname: 'Al' } }), summary: 'Group renamed: New name by Al (u1)' },
  { name: 'group event with nothing known', type: 1514, content: notification({}), summary: 'Group muted' },
  {
    name: 'revoke',
    type: 2101,
    // Written by hand: a JS number literal would already have lost the seq's last digits.
    content: notification(`{"revokerUserID":"u1","clientMsgID":"cm1","revokeTime":${T},"sesstionType":3,"seq":12345678901234567890,"conversationID":"sg_g1","isAdminRevoke":true}`),
    summary: 'Message revoked by u1 (admin)',
    facts: { 'Revoked by': 'u1', 'Client message ID': 'cm1', 'Revoke time': formatTimeWithZone(T), 'Admin revoke': 'yes', 'Session type': 'group', Seq: '12345678901234567890', 'Conversation ID': 'sg_g1' },
  },
  {
    name: 'revoke rewritten by pull (MessageRevokedContent)',
    type: 2101,
    content: notification({ revokerID: 'u3', revokerRole: 1, clientMsgID: 'cm2', revokerNickname: 'Carol', revokeTime: T, sourceMessageSendID: 'u4', sourceMessageSenderNickname: 'Dan', sessionType: 1 }),
    summary: 'Message revoked by Carol (u3)',
    facts: { 'Original sender': 'Dan (u4)', 'Session type': 'single' },
  },
  {
    name: 'OA notification',
    type: 1400,
    content: notification({ notificationName: 'Maintenance', notificationFaceURL: '', notificationType: 1, text: 'Tonight at 2am', externalUrl: 'https://status', mixType: 0, ex: '' }),
    summary: 'Maintenance: Tonight at 2am',
    facts: { Title: 'Maintenance', Text: 'Tonight at 2am', URL: 'https://status', 'Mix type': 'text (0)' },
  },
  {
    name: 'OA notification with a picture and url',
    type: 1400,
    content: notification({ notificationName: 'News', text: 'see', url: 'https://x', mixType: 1, pictureElem: { sourcePicture: { width: 2, height: 3, size: 10 } } }),
    summary: 'News: see',
    facts: { URL: 'https://x', 'Mix type': 'text and picture (1)', Picture: '[Picture] 2×3 px, 10 B' },
  },
  { name: 'business', type: 2001, content: notification({ key: 'order.paid', data: json({ id: 9 }) }), summary: 'order.paid: {"id":9}', facts: { Key: 'order.paid', Data: '{"id":9}' } },
  {
    name: 'a notification without a dedicated reader',
    type: 2102,
    content: notification({ userID: 'u1', conversationID: 'si_u1_u2', seqs: [5, 6] }),
    summary: 'Messages deleted: {userID: "u1", conversationID: "si_u1_u2", seqs: [5, 6]}',
    facts: { userID: 'u1', conversationID: 'si_u1_u2' },
  },
];
