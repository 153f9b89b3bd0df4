// A loopback OpenIM server answering the message reads in the real shapes (shared/openim-api.md
// §11), for the history list's tests apart from the demo: `/msg/get_conversations_has_read_and_max_seq`,
// `/msg/pull_msg_by_seq` (capital `Msgs`, content base64, only an `n_` conversation's messages
// under `notificationMsgs`, begin/end clipped to [minSeq, maxSeq], `num` newest of a longer range,
// a deleted seq as a status-4 placeholder, rows ascending whatever `order` says, `endSeq` 0, a
// conversation the user has no record of left out, empty maps `null` as the release or absent as
// main; §12.17 items 5 and 6), a read state that can fail (404, 1002) where the pull works, the conversation lists (`get_sorted_conversation_list`, which can answer
// 404 or "route not found" as newer servers may, and `get_owner_conversation`) and `get_users`.
import type { ServerResponse } from 'node:http';
import { deletedPlaceholder, seqsOfRange } from 'openim-demo-server';
import { startTestServer, type Recorded, type TestServer } from './recordingServer.js';

export interface LoopConversation {
  conversationID: string;
  maxSeq: number;
  hasReadSeq: number;
  /** Seqs below it were cleared (1 when none were). */
  minSeq?: number;
  /** Seqs deleted or destructed: a placeholder in every pull (seq, status 4, the earlier message's sendTime). */
  deleted?: readonly number[];
  /** Seqs the owner deleted for themselves: status 4 and no content, the rest kept (controller/msg.go:760-763). */
  ownDeleted?: readonly number[];
  /** Seqs the server leaves out (as for a reader whose max seq stops short of the conversation's). */
  missing?: readonly number[];
  /** What get_sorted_conversation_list says of its unread count. */
  unreadCount?: number;
  /** The user has no record of it: the pull leaves it out, the read state still gives its max seq (as_read.go). */
  noRecord?: boolean;
}

export interface MessageServerOptions {
  owner: string;
  /** How get_sorted_conversation_list answers (a 404, a route-not-found envelope, or the list). */
  sorted?: 'ok' | '404' | 'route not found';
  /** How an empty map is written: `null` as the release (default), left out as main. */
  emptyMaps?: 'null' | 'absent';
  /** How the read state answers: the seqs (default), gin's 404 (a server without the route), or main's 1002. */
  readState?: 'ok' | '404' | '1002';
}

export interface MessageServer extends TestServer {
  /** A new message in the conversation: its seq is maxSeq + 1. */
  grow(conversationID: string): void;
  /** The bodies of the requests to one path, parsed. */
  bodies(path: string): unknown[];
}

/** The JSON content of message `seq`, as its text says. */
export const textOf = (conversationID: string, seq: number): string => `message ${seq} of ${conversationID}`;
/** Message times: a minute apart, from a fixed start. */
export const timeOf = (seq: number): number => Date.UTC(2026, 0, 15, 9, 0) + seq * 60_000;

export async function startMessageServer(conversations: LoopConversation[], options: MessageServerOptions): Promise<MessageServer> {
  const byID = new Map(conversations.map((c) => [c.conversationID, { ...c }]));
  const reply = (res: ServerResponse, data: unknown, status = 200): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data }));
  };
  /** An empty map as the generation writes it (JSON.stringify leaves `undefined` out). */
  const map = (m: Record<string, unknown>): Record<string, unknown> | null | undefined => (Object.keys(m).length ? m : options.emptyMaps === 'absent' ? undefined : null);
  const message = (cid: string, seq: number) => ({
    sendID: seq % 2 === 0 ? options.owner : 'peer_1',
    recvID: seq % 2 === 0 ? 'peer_1' : options.owner,
    groupID: '',
    clientMsgID: `c-${cid}-${seq}`,
    serverMsgID: `s-${cid}-${seq}`,
    senderPlatformID: 5,
    senderNickname: seq % 2 === 0 ? 'Owner' : 'Peer One',
    senderFaceURL: '',
    sessionType: cid.startsWith('sn_') || cid.startsWith('n_') ? 4 : 1,
    msgFrom: 100,
    contentType: 101,
    // Bytes in the protocol: base64 of the JSON on the wire.
    content: Buffer.from(JSON.stringify({ content: textOf(cid, seq) })).toString('base64'),
    seq,
    sendTime: timeOf(seq),
    createTime: timeOf(seq),
    status: 2,
    options: {},
    ex: '',
  });
  const pulled = (c: LoopConversation, seq: number) =>
    c.deleted?.includes(seq) ? deletedPlaceholder(seq, timeOf(seq - 1)) : c.ownDeleted?.includes(seq) ? { ...message(c.conversationID, seq), content: null, status: 4 } : message(c.conversationID, seq);
  const handle = (req: Recorded, res: ServerResponse): void => {
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    switch (req.path) {
      case '/msg/get_conversations_has_read_and_max_seq': {
        if (options.readState === '404') {
          res.writeHead(404, { 'content-type': 'text/plain' });
          return void res.end('404 page not found');
        }
        if (options.readState === '1002') {
          res.writeHead(200, { 'content-type': 'application/json' });
          return void res.end(JSON.stringify({ errCode: 1002, errMsg: 'NoPermissionError', errDlt: `ownerUserID, ${String(body.userID)}=MISSING` }));
        }
        const ids = (body.conversationIDs as string[] | undefined) ?? [...byID.keys()];
        const seqs = Object.fromEntries(
          ids.flatMap((id) => {
            const c = byID.get(id);
            return c ? [[id, { maxSeq: c.maxSeq, hasReadSeq: c.hasReadSeq, maxSeqTime: timeOf(c.maxSeq) }]] : [];
          }),
        );
        return reply(res, { seqs: map(seqs), pinnedConversationIDs: null });
      }
      case '/msg/pull_msg_by_seq': {
        const msgs: Record<string, unknown> = {};
        const notificationMsgs: Record<string, unknown> = {};
        for (const range of body.seqRanges as { conversationID: string; begin: number; end: number; num: number }[]) {
          const c = byID.get(range.conversationID);
          if (!c || c.noRecord) continue;
          const minSeq = c.minSeq ?? 1;
          const asked = seqsOfRange(range.begin, range.end, range.num, minSeq, c.maxSeq);
          // Below the min seq, or end before begin: left out, as the server swallows the error.
          if (!asked) continue;
          // Ascending whatever `order` says; endSeq never set.
          const seqs = asked.seqs.filter((seq) => !c.missing?.includes(seq));
          (c.conversationID.startsWith('n_') ? notificationMsgs : msgs)[c.conversationID] = {
            Msgs: seqs.map((seq) => pulled(c, seq)),
            isEnd: body.order === 1 ? range.begin <= minSeq : c.maxSeq <= range.end,
            endSeq: 0,
          };
        }
        return reply(res, { msgs: map(msgs), notificationMsgs: map(notificationMsgs) });
      }
      case '/conversation/get_sorted_conversation_list': {
        if (options.sorted === '404') {
          res.writeHead(404, { 'content-type': 'text/plain' });
          return void res.end('404 page not found');
        }
        if (options.sorted === 'route not found') {
          res.writeHead(200, { 'content-type': 'application/json' });
          return void res.end(JSON.stringify({ errCode: 1004, errMsg: 'RecordNotFoundError', errDlt: 'route not found' }));
        }
        const elems = [...byID.values()].map((c) => ({
          conversationID: c.conversationID,
          recvMsgOpt: 0,
          unreadCount: c.unreadCount ?? c.maxSeq - c.hasReadSeq,
          IsPinned: false,
          msgInfo: null,
        }));
        return reply(res, { conversationTotal: elems.length, unreadTotal: 0, conversationElems: elems });
      }
      case '/conversation/get_owner_conversation': {
        const all = [...byID.values()].map((c) => ({
          ownerUserID: options.owner,
          conversationID: c.conversationID,
          recvMsgOpt: 0,
          conversationType: c.conversationID.startsWith('sn_') ? 4 : 1,
          userID: 'peer_1',
          groupID: '',
          isPinned: false,
          attachedInfo: '',
          isPrivateChat: false,
          groupAtType: 0,
          ex: '',
          burnDuration: 0,
          minSeq: c.minSeq ?? 0,
          maxSeq: c.maxSeq,
          msgDestructTime: 0,
          latestMsgDestructTime: 0,
          isMsgDestruct: false,
        }));
        const { pageNumber, showNumber } = body.pagination as { pageNumber: number; showNumber: number };
        return reply(res, { total: all.length, conversations: all.slice((pageNumber - 1) * showNumber, pageNumber * showNumber) });
      }
      case '/user/get_users': {
        const users = [{ userID: options.owner, nickname: 'Owner', faceURL: '', ex: '', createTime: 0, appMangerLevel: 1, globalRecvMsgOpt: 0 }];
        return reply(res, { total: users.length, users });
      }
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('404 page not found');
    }
  };
  const server = await startTestServer(handle);
  return Object.assign(server, {
    grow(conversationID: string) {
      const c = byID.get(conversationID);
      if (c) c.maxSeq += 1;
    },
    bodies: (path: string) => server.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as unknown),
  });
}
