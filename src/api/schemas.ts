// Wire shapes of the five admin operations, from ../shared/openim-api.md (v3.8.3-patch.16 plus older servers).
// Lenient on purpose: real servers send null for empty lists, omit keys added in later versions,
// and some proxies turn int64 into strings. Unknown keys are kept (looseObject) so the detail pane
// can show everything the server sent. zod/mini: see zodLocale.ts.
import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * An int that may arrive as a JSON number or as a numeric string (int64 through some proxies).
 * A string too long for a double keeps its digits beside the row (wireFidelity.ts, told by the
 * reply's depth guard, which sees every string).
 */
const int = z.union([z.number(), z.pipe(z.string().check(z.regex(/^-?\d+$/)), z.transform((digits: string) => Number(digits)))]);
/** `schema`, or `fallback` when null or missing. */
const or = <S extends z.ZodMiniType, F>(schema: S, fallback: F) =>
  z.pipe(z.nullish(schema), z.transform((v: z.output<S> | null | undefined) => v ?? fallback));
const intOr = (fallback: number) => or(int, fallback);
const str = or(z.string(), '');
const bool = z.pipe(z.nullish(z.union([z.boolean(), z.literal(0), z.literal(1)])), z.transform((v) => Boolean(v)));
/** Every list may be null (empty, or a page past the end) or missing. */
const list = <T extends z.ZodMiniType>(item: T) => or(z.array(item), [] as z.output<T>[]);
/** The field kinds every reply's schema is built from, for the lists that declare their reply's schema in their own file. */
export const schemaParts = { str, intOr, bool, list, or };

/**
 * `list(item)` for a flat row schema, with a fast path: when every row has exactly the schema's
 * keys in its order, each already of the type the schema gives back (a string for a text field,
 * a finite number for an int), the rows are what the schema would make of them, and they are
 * taken as they are; any other list goes through `list(item)` whole, errors included. Validating
 * each field through zod (five schema runs for an int, a result object each) was a fifth of a
 * walk's CPU with the garbage it left; servers send their rows in this one shape.
 */
function flatList<T extends z.ZodMiniType>(item: T, fields: Record<string, 'text' | 'int'>) {
  const slow = list(item);
  const keys = Object.keys(fields);
  const ints = keys.map((key) => fields[key] === 'int');
  const final = (row: unknown): boolean => {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) return false;
    let i = 0;
    // for-in lists own keys in order (JSON.parse's objects inherit no enumerable key), __proto__ too.
    for (const key in row) {
      if (key !== keys[i]) return false;
      const value: unknown = (row as Record<string, unknown>)[key];
      if (ints[i] ? typeof value !== 'number' || !Number.isFinite(value) : typeof value !== 'string') return false;
      i++;
    }
    return i === keys.length;
  };
  return z.pipe(
    z.nullish(z.unknown()),
    z.transform((value, ctx): z.output<T>[] => {
      if (Array.isArray(value) && value.every(final)) return value as z.output<T>[];
      const parsed = slow.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.issues.push(issue as never);
      return z.NEVER;
    }),
  );
}

export const envelopeSchema = z.looseObject({
  errCode: int,
  errMsg: str,
  errDlt: str,
  data: z.optional(z.unknown()),
});

/**
 * envelopeSchema's success for an envelope whose fields already have the types it gives back (a
 * finite number and two strings: every reply of a healthy server), taken as it is; undefined for
 * any other value, which then goes through the schema, errors and all. A walk checks 2,000 of
 * them, and the schema's run was a result object a field.
 */
export function plainEnvelope(json: unknown): { success: true; data: z.output<typeof envelopeSchema> } | undefined {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const { errCode, errMsg, errDlt } = json as Record<string, unknown>;
  if (typeof errCode !== 'number' || !Number.isFinite(errCode) || typeof errMsg !== 'string' || typeof errDlt !== 'string') return undefined;
  return { success: true, data: json as z.output<typeof envelopeSchema> };
}

export const notificationAccountSchema = z.looseObject({
  userID: z.string(),
  faceURL: str,
  nickName: str,
  /** Missing before server v3.8.3. */
  appMangerLevel: or(int, undefined),
});
export type NotificationAccount = z.infer<typeof notificationAccountSchema>;

export const userSchema = z.looseObject({
  userID: z.string(),
  nickname: str,
  faceURL: str,
  ex: str,
  /** Milliseconds; 0 or -62135596800000 (Go zero time) mean unknown. */
  createTime: intOr(0),
  appMangerLevel: intOr(0),
  globalRecvMsgOpt: intOr(0),
});
export type User = z.infer<typeof userSchema>;

export const friendRequestSchema = z.looseObject({
  fromUserID: str,
  fromNickname: str,
  fromFaceURL: str,
  toUserID: str,
  toNickname: str,
  toFaceURL: str,
  handleResult: intOr(0),
  reqMsg: str,
  /** Milliseconds. */
  createTime: intOr(0),
  handlerUserID: str,
  handleMsg: str,
  /** Milliseconds; 0 while pending. */
  handleTime: intOr(0),
  ex: str,
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

export const blackUserInfoSchema = z.looseObject({
  userID: str,
  nickname: str,
  faceURL: str,
  ex: str,
});

export const blackSchema = z.looseObject({
  ownerUserID: str,
  /** SECONDS, unlike every other timestamp of these operations. */
  createTime: intOr(0),
  blackUserInfo: or(blackUserInfoSchema, { userID: '', nickname: '', faceURL: '', ex: '' }),
  addSource: intOr(0),
  operatorUserID: str,
  ex: str,
});
export type Black = z.infer<typeof blackSchema>;

export const msgInfoSchema = z.looseObject({
  serverMsgID: str,
  clientMsgID: str,
  sessionType: intOr(0),
  sendID: str,
  recvID: str,
  senderName: str,
  faceURL: str,
  groupID: str,
  groupName: str,
  groupFaceURL: str,
  groupType: intOr(0),
  groupMemberCount: intOr(0),
  /** Milliseconds. */
  LatestMsgRecvTime: intOr(0),
  msgFrom: intOr(0),
  contentType: intOr(0),
  /** A JSON document inside a string; decode with src/content. */
  content: str,
  ex: str,
});
export type MsgInfo = z.infer<typeof msgInfoSchema>;

export const conversationSchema = z.looseObject({
  conversationID: z.string(),
  recvMsgOpt: intOr(0),
  unreadCount: intOr(0),
  IsPinned: bool,
  msgInfo: or(msgInfoSchema, null),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const searchNotificationAccountsDataSchema = z.looseObject({
  total: intOr(0),
  notificationAccounts: list(notificationAccountSchema),
});
export const getUsersDataSchema = z.looseObject({
  total: intOr(0),
  users: flatList(userSchema, {
    userID: 'text',
    nickname: 'text',
    faceURL: 'text',
    ex: 'text',
    createTime: 'int',
    appMangerLevel: 'int',
    globalRecvMsgOpt: 'int',
  }),
});
/** Who is online (sdkws.OnlineStatus): status 1 online, 0 offline; the platforms it is connected on (§6.1 platformID). */
export const onlineStatusSchema = z.looseObject({
  userID: str,
  status: intOr(0),
  /** null when offline (a nil slice). */
  platformIDs: list(int),
});
export type OnlineStatus = z.infer<typeof onlineStatusSchema>;
/** get_users_status: one row per ID asked for, in that order. */
export const usersStatusDataSchema = z.looseObject({
  statusList: list(onlineStatusSchema),
});

/** One conversation's read state in get_conversations_has_read_and_max_seq. */
const readSeqsSchema = z.looseObject({ maxSeq: intOr(0), hasReadSeq: intOr(0), maxSeqTime: intOr(0) });
export type ReadSeqsWire = z.infer<typeof readSeqsSchema>;
/**
 * get_conversations_has_read_and_max_seq: not paged; `seqs` is a map by conversation ID, `null`
 * when empty on the release and absent on main (§12.0), both read as empty.
 */
export const readStatesDataSchema = z.looseObject({
  seqs: or(z.record(z.string(), readSeqsSchema), {} as Record<string, ReadSeqsWire>),
});

/** get_users_info: users by exact ID, at every level. */
export const usersInfoDataSchema = z.looseObject({
  usersInfo: list(userSchema),
});
export const friendApplyListDataSchema = z.looseObject({
  total: intOr(0),
  friendRequests: list(friendRequestSchema),
});
export const blackListDataSchema = z.looseObject({
  total: intOr(0),
  blacks: list(blackSchema),
});
export const sortedConversationListDataSchema = z.looseObject({
  /** Counts only conversations with a latest message: an estimate, not a paging total. */
  conversationTotal: intOr(0),
  unreadTotal: intOr(0),
  conversationElems: list(conversationSchema),
});
export const adminTokenDataSchema = z.looseObject({
  token: z.string().check(z.minLength(1, { error: 'empty: the server answered without a token' })),
  /** A duration in seconds, not an epoch. */
  expireTimeSeconds: intOr(0),
});

/** parse_token: whose token, which platform, and when it expires: `expireTimeSeconds` here is an absolute Unix time. */
export const parseTokenDataSchema = z.looseObject({
  userID: str,
  platformID: intOr(0),
  expireTimeSeconds: intOr(0),
});

export interface Pagination {
  pageNumber: number;
  showNumber: number;
}

/** A request as it went out: the path it was POSTed to and its body. */
export interface SentRequest {
  path: string;
  body: object;
}

/** One page of any list, in the shape the store keeps. */
export interface Page<T> {
  readonly rows: readonly T[];
  /** Total as the server reports it; for conversations an estimate (see conversationTotal). */
  total: number;
  /** False when the server's total cannot be trusted for paging. */
  totalExact: boolean;
  /** Extra figures shown in a header, e.g. unreadTotal. */
  extra?: Record<string, number>;
  /** A condition the server reports as an error but which means "nothing here" (1004), or a line the list says above its rows. */
  notice?: string;
  /** How many of the list's positions the rows stand for, when not one each (history: a gap row stands for several seqs). */
  spans?: number;
  /**
   * The request really sent for the rows (what `C` copies), when it is not the list's own body: an
   * operation that built it from an earlier reply (api/pages.ts `plans`), or one that fell back to another route.
   */
  sent?: SentRequest;
  /** Cut short by the operator's stop (PageProgress): shown, never cached, so that asking again walks again. */
  stopped?: true;
}
