// The demo server against what a second reading of the real server found (contract §10): the
// gateway's middleware details, the token store, the JWT, the bind-error stack, the totals of a
// conversationIDs request, and single chats that exist for both members.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationWire } from '../src/conversations.js';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import { call, data, page } from './helpers.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server.close());

const usersBody = { pagination: page(1, 1) };
const CONVERSATIONS = '/conversation/get_sorted_conversation_list';

interface ConvData {
  conversationTotal: number;
  unreadTotal: number;
  conversationElems: ConversationWire[] | null;
}

/** A raw exchange with Accept-Encoding: gzip, as Go's and most HTTP clients send it. */
function gzipped(method: string, path: string, headers: Record<string, string>, body = '') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; raw: Buffer }>((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers: { 'Accept-Encoding': 'gzip', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const claimsOf = (token: string): Record<string, number | string> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, number | string>;

describe('gin and gin-contrib/gzip', () => {
  it('gzips a 404 as an empty stream typed application/json', async () => {
    for (const [method, path, headers] of [
      ['GET', '/user/get_users', {}],
      ['POST', '/user/no_such_thing', { operationID: '1', token: server.adminToken() }],
    ] as const) {
      const res = await gzipped(method, path, headers);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.raw.length).toBeGreaterThan(0);
      expect(gunzipSync(res.raw).toString('utf8')).toBe('');
    }
  });

  it('gzips error envelopes too', async () => {
    const res = await gzipped('POST', '/user/get_users', { operationID: '1' }, JSON.stringify(usersBody));
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.raw).toString('utf8'))).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'header must have token' });
  });
});

describe('JWT', () => {
  it('backdates iat by 5 s, so exp - iat is 7,776,005', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { token } = await data<{ token: string }>(server, '/auth/get_admin_token', { secret: DEMO.secret, userID: DEMO.adminUserID }, { token: null });
    const after = Math.floor(Date.now() / 1000);
    const claims = claimsOf(token);
    expect(Number(claims.iat)).toBeGreaterThanOrEqual(before - 5);
    expect(Number(claims.iat)).toBeLessThanOrEqual(after - 5);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(7_776_005);
  });

  it('accepts an older token carrying nbf, and refuses one not valid yet with 1504', async () => {
    const now = Math.floor(Date.now() / 1000);
    const older = server.mintToken(DEMO.adminUserID, { nbf: now - 60 });
    expect(Object.keys(claimsOf(older))).toEqual(['UserID', 'PlatformID', 'exp', 'nbf', 'iat']);
    expect((await call(server, '/user/get_users', usersBody, { token: older })).body.errCode).toBe(0);
    const early = server.mintToken(DEMO.adminUserID, { nbf: now + 3600 });
    const res = await call(server, '/user/get_users', usersBody, { token: early });
    expect(res.body).toEqual({ errCode: 1504, errMsg: 'TokenNotValidYetError', errDlt: `1504 TokenNotValidYetError jwt parse error, token=${early}` });
  });
});

describe('the token store', () => {
  // Tokens are a function of their claims: two logins in the same second get the same token, on
  // the real server too. The clock (Date only) moves on a second between logins here.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const nextSecond = (): void => {
    vi.setSystemTime(Date.now() + 1000);
  };

  it('kicks a user\'s tokens (1506), then forgets them at the next login (1507)', async () => {
    const local = await startDemoServer({ users: 20 });
    try {
      const first = local.mintToken('user_000002');
      expect((await call(local, '/user/get_users', usersBody, { token: first })).body.errCode).toBe(0);
      expect(local.kickTokens('user_000002')).toBe(1);
      expect((await call(local, '/user/get_users', usersBody, { token: first })).body).toEqual({
        errCode: 1506, errMsg: 'TokenKickedError', errDlt: 'TokenKickedError',
      });
      nextSecond();
      const second = local.mintToken('user_000002');
      expect((await call(local, '/user/get_users', usersBody, { token: second })).body.errCode).toBe(0);
      expect((await call(local, '/user/get_users', usersBody, { token: first })).body).toEqual({
        errCode: 1507, errMsg: 'TokenNotExistError', errDlt: 'TokenNotExistError',
      });
      local.forgetTokens('user_000002');
      expect((await call(local, '/user/get_users', usersBody, { token: second })).body.errCode).toBe(1507);
      // Well signed but never stored: unknown to the server.
      expect((await call(local, '/user/get_users', usersBody, { token: local.mintToken('user_000003', { unstored: true }) })).body.errCode).toBe(1507);
    } finally {
      await local.close();
    }
  });

  it('keeps no admin token by default (v3.8.1 to v3.8.3-patch.16): kicking the admin changes nothing', async () => {
    const token = server.adminToken();
    expect(server.kickTokens(DEMO.adminUserID)).toBe(0);
    expect((await call(server, '/user/get_users', usersBody, { token })).body.errCode).toBe(0);
  });

  it('stores and kicks admin tokens as v3.8.0 did', async () => {
    const local = await startDemoServer({ users: 20, adminTokens: 'stored' });
    try {
      const token = local.adminToken();
      local.kickTokens(DEMO.adminUserID);
      expect((await call(local, '/user/get_users', usersBody, { token })).body.errCode).toBe(1506);
    } finally {
      await local.close();
    }
  });

  it('demotes older admin tokens at each admin login as main does, for 5 minutes', async () => {
    const local = await startDemoServer({ users: 20, adminTokens: 'demoted' });
    try {
      const login = async (): Promise<string> =>
        (await data<{ token: string }>(local, '/auth/get_admin_token', { secret: DEMO.secret, userID: DEMO.adminUserID }, { token: null })).token;
      const a = await login();
      nextSecond();
      const b = await login();
      expect(b).not.toBe(a);
      expect((await call(local, '/user/get_users', usersBody, { token: a })).body.errCode).toBe(0); // a temporary now
      local.expireTemporaryTokens();
      expect((await call(local, '/user/get_users', usersBody, { token: a })).body.errCode).toBe(1507);
      expect((await call(local, '/user/get_users', usersBody, { token: b })).body.errCode).toBe(0);
    } finally {
      await local.close();
    }
  });
});

describe('a body that does not decode', () => {
  it('puts the doubly wrapped stack in errMsg, in the real frame format, and the first-line cut keeps the message', async () => {
    const res = await call(server, '/user/get_users', undefined, { raw: '' });
    const tools = '/go/pkg/mod/github.com/openimsdk/tools@v0.0.50-alpha.113';
    expect(res.body.errDlt).toBe('');
    const errMsg = res.body.errMsg;
    expect(errMsg.startsWith(
      `Error: Error: unexpected end of JSON input | -> jsonutil.JsonUnmarshal() ${tools}/utils/jsonutil/json.go:28` +
        ` -> a2r.jsonBinding.BindBody() ${tools}/a2r/api2rpc.go:100 -> a2r.jsonBinding.Bind() ${tools}/a2r/api2rpc.go:96 -> `,
    )).toBe(true);
    // The outer wrap (jsonBinding.Bind) starts the second stack.
    expect(errMsg.split(' | -> ')).toHaveLength(3);
    expect(errMsg.split(' | -> ')[2]?.startsWith(`a2r.jsonBinding.Bind() ${tools}/a2r/api2rpc.go:96 -> gin.(*Context).ShouldBindWith() `)).toBe(true);
    expect(errMsg).toContain(` -> a2r.ParseRequestNotCheck[...]() ${tools}/a2r/api2rpc.go:63 -> a2r.Call[...]() ${tools}/a2r/api2rpc.go:26 -> api.(*UserApi).GetUsers() /openim-server/internal/api/user.go:69 -> `);
    expect(errMsg).not.toContain('\n');
    // What a client keeps when it cuts at the first stack: the message alone.
    expect(errMsg.split(' | -> ')[0]).toBe('Error: Error: unexpected end of JSON input');
  });
});

describe('get_sorted_conversation_list with conversationIDs', () => {
  const list = (userID: string, conversationIDs?: string[]) =>
    data<ConvData>(server, CONVERSATIONS, { userID, pagination: page(1, 500), ...(conversationIDs ? { conversationIDs } : {}) });

  it('sums unreadTotal and counts conversationTotal over every requested ID, owned or not', async () => {
    const mine = (await list(DEMO.firstUserID)).conversationElems ?? [];
    const withMessage = mine.find((c) => c.msgInfo !== null && c.unreadCount > 0)!;
    const silent = mine.find((c) => c.msgInfo === null)!;
    const own = [withMessage.conversationID, silent.conversationID];
    const base = await list(DEMO.firstUserID, own);
    expect(base.conversationElems?.map((c) => c.conversationID).sort()).toEqual([...own].sort());
    expect(base.unreadTotal).toBe(withMessage.unreadCount);
    expect(base.conversationTotal).toBe(1);

    // A chat between two other users: listed for neither, yet its messages count as unread.
    const other = ((await list('user_000100')).conversationElems ?? []).find((c) => c.conversationID.startsWith('si_') && c.msgInfo)!;
    expect(other.conversationID).not.toContain(DEMO.firstUserID);
    const withForeign = await list(DEMO.firstUserID, [...own, other.conversationID, other.conversationID, 'si_nobody_else']);
    expect(withForeign.conversationElems).toHaveLength(2);
    expect(withForeign.conversationTotal).toBe(2);
    // All of its messages count: more than its member has unread (maxSeq minus what the member read).
    expect(withForeign.unreadTotal - base.unreadTotal).toBeGreaterThan(other.unreadCount);
  });
});

describe('single chats', () => {
  const all = async (userID: string) =>
    (await data<ConvData>(server, CONVERSATIONS, { userID, pagination: page(1, 1000) })).conversationElems ?? [];
  const nickname = async (userID: string) =>
    (await data<{ users: { nickname: string }[] }>(server, '/user/get_users', { userID, pagination: page(1, 1) })).users[0]?.nickname;

  it('exist for both members with the same latest message, each naming the other', async () => {
    for (const owner of [DEMO.firstUserID, 'user_000100', 'user_004321']) {
      const singles = (await all(owner)).filter((c) => c.conversationID.startsWith('si_'));
      expect(singles.length, owner).toBeGreaterThan(0);
      const ownerName = await nickname(owner);
      for (const c of singles.slice(0, 12)) {
        const peer = c.conversationID.slice(3).split('_user_').map((p, i) => (i === 0 ? p : `user_${p}`)).find((id) => id !== owner)!;
        const mirror = (await all(peer)).find((x) => x.conversationID === c.conversationID);
        expect(mirror, `${peer} lists ${c.conversationID}`).toBeDefined();
        if (c.msgInfo === null) {
          expect(mirror!.msgInfo).toBeNull();
          continue;
        }
        const { senderName, faceURL, ...message } = c.msgInfo;
        const { senderName: peerSees, faceURL: _f, ...mirrored } = mirror!.msgInfo!;
        expect(mirrored).toEqual(message);
        expect(senderName).toBe(await nickname(peer));
        expect(peerSees).toBe(ownerName);
        void faceURL;
      }
    }
  });

  it('name the peer when the queried user sent the last message', async () => {
    const sentByMe = (await all(DEMO.firstUserID)).filter((c) => c.msgInfo?.sessionType === 1 && c.msgInfo.sendID === DEMO.firstUserID);
    expect(sentByMe.length).toBeGreaterThan(0);
    for (const c of sentByMe.slice(0, 5)) {
      expect(c.msgInfo?.senderName).toBe(await nickname(c.msgInfo?.recvID ?? ''));
      expect(c.msgInfo?.senderName).not.toBe(await nickname(DEMO.firstUserID));
    }
  });

  it('leave users without conversations alone (every 7th user still answers 1004)', async () => {
    const res = await call(server, CONVERSATIONS, { userID: DEMO.noConversationsUserID, pagination: page(1, 10) });
    expect(res.body.errCode).toBe(1004);
    const ids = (await all(DEMO.firstUserID)).map((c) => c.conversationID);
    expect(ids.some((id) => id.includes(DEMO.noConversationsUserID))).toBe(false);
  });
});
