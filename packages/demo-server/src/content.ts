// Message content as the SDK (user messages) and the server (notifications) store it: a JSON
// document in a string. Notifications nest another JSON string in `detail`, and business
// notifications nest a third one in `data`.
import { chatLine } from './names.js';
import { goJson } from './gojson.js';
import type { Rng } from './prng.js';
import type { PublicUser } from './users.js';

export const CT = {
  text: 101, picture: 102, voice: 103, video: 104, file: 105, at: 106, merger: 107, card: 108,
  location: 109, custom: 110, typing: 113, quote: 114, face: 115, advancedText: 117, markdown: 118,
  friendApproved: 1201, friendApplication: 1203, friendAdded: 1204, blackAdded: 1207,
  oa: 1400, groupCreated: 1501, memberQuit: 1504, business: 2001, revoke: 2101,
} as const;

/** What a message about a group says of it (groups.ts GroupRecord, without importing the group model). */
interface GroupCard {
  groupID: string;
  groupName: string;
  faceURL: string;
  createTime: number;
  memberCount: number;
}

export interface MessageContext {
  rng: Rng;
  sender: PublicUser;
  /** The other side: the peer of a single chat, or the owner of the conversation. */
  receiver: PublicUser;
  group?: GroupCard;
  sessionType: number;
  conversationID: string;
  sendTime: number;
  /** Users a message may mention or forward. */
  others: readonly PublicUser[];
  /** Fixed text for this message, when the data set wants a known value. */
  text?: string;
  /** A revoke notice's message: one of the revoker's own, earlier in the conversation (messages.ts finds it). */
  revokes?: { seq: number; clientMsgID: string };
}

type Builder = (ctx: MessageContext) => unknown;

const BUILDERS: Record<number, Builder> = {
  [CT.text]: (ctx) => ({ content: ctx.text ?? chatLine(ctx.rng) }),
  [CT.picture]: picture,
  [CT.voice]: (ctx) => ({
    uuid: uuid(ctx.rng), sourceUrl: `https://files.example.com/voice/${ctx.rng.hex(12)}.m4a`,
    dataSize: ctx.rng.between(2_000, 900_000), duration: ctx.rng.between(1, 60), soundType: 'audio/mp4',
  }),
  [CT.video]: video,
  [CT.file]: (ctx) => {
    const fileName = ctx.rng.pick(['Q3 report.pdf', '合同草案.docx', 'screenshot (1).png', 'build.log', 'R&D roadmap <draft>.xlsx']);
    return {
      uuid: uuid(ctx.rng), sourceUrl: `https://files.example.com/f/${encodeURIComponent(fileName)}`,
      fileName, fileSize: ctx.rng.between(1_000, 50_000_000), fileType: fileName.split('.').pop() ?? '',
    };
  },
  [CT.at]: at,
  [CT.merger]: merger,
  [CT.card]: (ctx) => {
    const card = ctx.rng.pick(ctx.others.length ? ctx.others : [ctx.receiver]);
    return { userID: card.userID, nickname: card.nickname, faceURL: card.faceURL, ex: card.ex };
  },
  [CT.location]: (ctx) => {
    const place = ctx.rng.pick([
      { description: 'Eiffel Tower, Paris', longitude: 2.2945, latitude: 48.8584 },
      { description: goJson({ name: '天安门广场', addr: '北京市东城区' }), longitude: 116.3975, latitude: 39.9087 },
      { description: '', longitude: -122.4194, latitude: 37.7749 },
    ]);
    return place;
  },
  // From a system account: text data and a JSON extension, as in openim-sdk-core issue #1047.
  [CT.custom]: (ctx) => ctx.sessionType === 4 ? {
    data: ctx.rng.pick(['您好，当前为非工作时间，我们将在工作日尽快回复您。', 'Scheduled maintenance tonight 02:00-03:00 UTC.']),
    description: ctx.rng.pick(['群文本通知', 'Text notice']),
    extension: goJson({ subType: 11001 }),
  } : ctx.rng.pick([
    { data: goJson({ type: 'red_packet', amount: 88.88, currency: 'CNY' }), description: 'Red packet 🧧', extension: '' },
    { data: goJson({ type: 'call', media: 'video', durationSec: 312 }), description: 'Video call', extension: '{"v":2}' },
    { data: 'plain custom payload', description: '', extension: '' },
  ]),
  [CT.typing]: (ctx) => ({ msgTips: ctx.rng.pick(['yes', 'no']) }),
  [CT.quote]: (ctx) => ({
    text: ctx.rng.pick(['Agreed!', '是的', 'Why though?', '+1']),
    quoteMessage: nestedText(ctx, ctx.receiver, chatLine(ctx.rng), ctx.sendTime - ctx.rng.between(60_000, 86_400_000)),
  }),
  [CT.face]: (ctx) => ({
    index: ctx.rng.between(0, 40),
    data: goJson({ url: `https://static.example.com/stickers/${ctx.rng.between(1, 200)}.gif`, width: 120, height: 120 }),
  }),
  [CT.advancedText]: () => ({
    text: 'Docs at https://docs.example.com/start and **bold** news',
    messageEntityList: [
      { type: 'url', offset: 8, length: 30, url: 'https://docs.example.com/start', ex: '' },
      { type: 'bold', offset: 43, length: 8, url: '', ex: '' },
    ],
  }),
  // MarkdownTextElem{content} (openim-sdk-core main); the server stores the markdown as sent.
  [CT.markdown]: (ctx) => ({
    content: ctx.rng.pick([
      '## Release 4.2\n- **faster** search\n- fixed `unread` counts\n\nSee [notes](https://docs.example.com/4.2)',
      '| host | state |\n|---|---|\n| db-1 | **down** |',
      '> quoted\n\n*Note*: 会议改到 **15:00**',
    ]),
  }),
  [CT.friendApproved]: (ctx) => notification({
    fromToUserID: fromTo(ctx.receiver, ctx.sender),
    handleMsg: 'Nice to meet you',
    friendVersion: ctx.rng.between(1, 500),
    friendVersionID: ctx.rng.hex(24),
    request: friendRequest(ctx.receiver, ctx.sender, 1, ctx.sendTime - 3_600_000, ctx.sendTime),
  }),
  [CT.friendApplication]: (ctx) => notification({
    fromToUserID: fromTo(ctx.sender, ctx.receiver),
    request: friendRequest(ctx.sender, ctx.receiver, 0, ctx.sendTime, 0),
  }),
  [CT.friendAdded]: (ctx) => notification({
    friend: {
      ownerUserID: ctx.receiver.userID, remark: '', createTime: ctx.sendTime,
      friendUser: { ...ctx.sender, createTime: 0, appMangerLevel: 0, globalRecvMsgOpt: 0 },
      addSource: 1, operatorUserID: 'imAdmin', ex: '', isPinned: false,
    },
    opUser: ctx.sender,
    friendVersion: ctx.rng.between(1, 500),
    friendVersionID: ctx.rng.hex(24),
  }),
  [CT.blackAdded]: (ctx) => notification({ fromToUserID: fromTo(ctx.sender, ctx.receiver) }),
  [CT.groupCreated]: (ctx) => notification({
    group: groupInfo(ctx),
    opUser: member(ctx, ctx.sender, 100),
    memberList: ctx.others.slice(0, 3).map((u) => member(ctx, u, 20)),
    operationTime: ctx.sendTime,
    groupOwnerUser: member(ctx, ctx.sender, 100),
    groupMemberVersion: 1,
    groupMemberVersionID: ctx.rng.hex(24),
  }),
  [CT.memberQuit]: (ctx) => notification({
    group: groupInfo(ctx),
    quitUser: member(ctx, ctx.sender, 20),
    operationTime: ctx.sendTime,
    groupMemberVersion: ctx.rng.between(2, 900),
    groupMemberVersionID: ctx.rng.hex(24),
  }),
  [CT.revoke]: (ctx) => {
    // Drawn either way, so that what follows draws the same.
    const drawn = { clientMsgID: ctx.rng.hex(32), seq: ctx.rng.between(1, 9000) };
    const target = ctx.revokes ?? drawn;
    return notification({
      revokerUserID: ctx.sender.userID,
      clientMsgID: target.clientMsgID,
      revokeTime: ctx.sendTime,
      sesstionType: ctx.sessionType,
      seq: target.seq,
      conversationID: ctx.conversationID,
      isAdminRevoke: false,
    });
  },
  [CT.oa]: (ctx) => notification(ctx.rng.pick([
    {
      notificationName: 'Scheduled maintenance', notificationFaceURL: 'https://static.example.com/system/ops.png',
      notificationType: 1, text: 'The service will be unavailable on Sunday 02:00–04:00 UTC.',
      url: 'https://status.example.com/?from=oa&lang=en', mixType: 0, ex: '',
    },
    {
      notificationName: '安全提醒', notificationFaceURL: '', notificationType: 2,
      text: '您的账号在新设备上登录，如非本人操作请立即修改密码。', url: '', mixType: 0, ex: '{"level":"high"}',
    },
    {
      notificationName: 'Invoice ready', notificationFaceURL: '', notificationType: 3,
      text: 'Your invoice #2026-0042 is ready <PDF attached>', url: 'https://billing.example.com/i/42', mixType: 0, ex: '',
    },
  ])),
  [CT.business]: (ctx) => notification({
    key: ctx.rng.pick(['order.shipped', 'coupon.issued', 'profile.reminder']),
    // Nested once more: the business payload is itself a JSON string.
    data: goJson({ orderID: `SO-${ctx.rng.between(10_000, 99_999)}`, items: ctx.rng.between(1, 5), note: 'Fragile & heavy' }),
  }),
};

/** The content string of a message of this type. */
export function contentFor(contentType: number, ctx: MessageContext): string {
  const build = BUILDERS[contentType] ?? BUILDERS[CT.text];
  return goJson(build ? build(ctx) : {});
}

/** Notifications wrap their tips in {"detail": "<JSON string>"}. */
function notification(tips: unknown): { detail: string } {
  return { detail: goJson(tips) };
}

function uuid(rng: Rng): string {
  const h = rng.hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function pictureInfo(rng: Rng, width: number, height: number, kind: string): Record<string, unknown> {
  return {
    uuid: uuid(rng), type: 'image/jpeg', size: Math.floor((width * height) / 6),
    width, height, url: `https://files.example.com/img/${rng.hex(16)}_${kind}.jpg`,
  };
}

function picture(ctx: MessageContext): unknown {
  const width = ctx.rng.pick([1080, 1920, 3024, 640]);
  const height = ctx.rng.pick([1080, 1440, 4032, 480]);
  return {
    sourcePicture: pictureInfo(ctx.rng, width, height, 'src'),
    bigPicture: pictureInfo(ctx.rng, Math.min(width, 1280), Math.min(height, 1280), 'big'),
    snapshotPicture: pictureInfo(ctx.rng, 200, 200, 'thumb'),
  };
}

function video(ctx: MessageContext): unknown {
  return {
    videoUUID: uuid(ctx.rng), videoUrl: `https://files.example.com/v/${ctx.rng.hex(16)}.mp4`, videoType: 'video/mp4',
    videoSize: ctx.rng.between(100_000, 200_000_000), duration: ctx.rng.between(1, 600),
    snapshotUUID: uuid(ctx.rng), snapshotSize: ctx.rng.between(5_000, 90_000),
    snapshotUrl: `https://files.example.com/v/${ctx.rng.hex(16)}.jpg`, snapshotWidth: 720, snapshotHeight: 1280, snapshotType: 'image/jpeg',
  };
}

function at(ctx: MessageContext): unknown {
  const mentioned = ctx.others.slice(0, ctx.rng.between(1, Math.max(1, Math.min(3, ctx.others.length))));
  const isAtSelf = ctx.rng.chance(0.3);
  const targets = isAtSelf ? [ctx.receiver, ...mentioned] : mentioned;
  return {
    text: `${targets.map((u) => `@${u.userID} `).join('')}${chatLine(ctx.rng)}`,
    atUserList: targets.map((u) => u.userID),
    atUsersInfo: targets.map((u) => ({ atUserID: u.userID, groupNickname: u.nickname })),
    isAtSelf,
  };
}

function merger(ctx: MessageContext): unknown {
  const lines = [ctx.sender, ctx.receiver, ctx.sender].map((u, i) => ({ u, text: chatLine(ctx.rng), t: ctx.sendTime - (3 - i) * 60_000 }));
  return {
    title: `Chat history of ${ctx.sender.nickname} and ${ctx.receiver.nickname}`,
    abstractList: lines.map(({ u, text }) => `${u.nickname}: ${text}`),
    multiMessage: lines.map(({ u, text, t }) => nestedText(ctx, u, text, t)),
  };
}

/** A nested SDK MsgStruct holding a text message (note `senderFaceUrl`). */
function nestedText(ctx: MessageContext, sender: PublicUser, text: string, time: number): unknown {
  return {
    clientMsgID: ctx.rng.hex(32),
    serverMsgID: ctx.rng.hex(32),
    createTime: time,
    sendTime: time,
    sessionType: ctx.sessionType,
    sendID: sender.userID,
    recvID: ctx.group ? '' : sender.userID === ctx.receiver.userID ? ctx.sender.userID : ctx.receiver.userID,
    msgFrom: 100,
    contentType: CT.text,
    senderPlatformID: 1,
    senderNickname: sender.nickname,
    senderFaceUrl: sender.faceURL,
    groupID: ctx.group?.groupID ?? '',
    seq: ctx.rng.between(1, 5000),
    isRead: true,
    status: 2,
    textElem: { content: text },
  };
}

function fromTo(from: PublicUser, to: PublicUser): unknown {
  return { fromUserID: from.userID, toUserID: to.userID };
}

function friendRequest(from: PublicUser, to: PublicUser, handleResult: number, createTime: number, handleTime: number): unknown {
  return {
    fromUserID: from.userID, fromNickname: from.nickname, fromFaceURL: from.faceURL,
    toUserID: to.userID, toNickname: to.nickname, toFaceURL: to.faceURL,
    handleResult, reqMsg: `Hi, I'm ${from.nickname}`, createTime,
    handlerUserID: handleResult === 0 ? '' : to.userID, handleMsg: handleResult === 0 ? '' : 'OK', handleTime, ex: '',
  };
}

function groupInfo(ctx: MessageContext): unknown {
  const g = ctx.group;
  return {
    groupID: g?.groupID ?? '', groupName: g?.groupName ?? '', notification: '', introduction: '',
    faceURL: g?.faceURL ?? '', ownerUserID: ctx.sender.userID, createTime: g?.createTime ?? 0,
    memberCount: g?.memberCount ?? 0, ex: '', status: 0, creatorUserID: ctx.sender.userID, groupType: 2,
    needVerification: 0, lookMemberInfo: 0, applyMemberFriend: 0, notificationUpdateTime: 0, notificationUserID: '',
  };
}

function member(ctx: MessageContext, user: PublicUser, roleLevel: number): unknown {
  return {
    groupID: ctx.group?.groupID ?? '', userID: user.userID, roleLevel, joinTime: ctx.sendTime,
    nickname: user.nickname, faceURL: user.faceURL, appMangerLevel: 0, joinSource: 2,
    operatorUserID: ctx.sender.userID, ex: '', muteEndTime: 0, inviterUserID: ctx.sender.userID,
  };
}
