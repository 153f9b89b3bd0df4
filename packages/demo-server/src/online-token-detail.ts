// /user/get_users_online_token_detail (openim-api.md §12.11): which platforms each online user is
// connected on, as a bare array; offline users are omitted, nobody online answers `data: null`.
// Each platform carries `token[]`, live session JWTs on the real server: the demo puts fake,
// unsigned JWTs there so that the client's stripping is tested. The handler logs and skips the
// gateway's admin refusal, so a user token gets errCode 0 and null, not 1002.
import { boundStrings } from './bind.js';
import { listOrNull } from './gojson.js';
import { statusOf } from './presence.js';
import type { Route } from './route.js';

/** Looks like a session token (three base64url parts) and is not one: the signature is a word. */
function fakeSessionToken(userID: string, platformID: number, n: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ UserID: userID, PlatformID: platformID, n, demo: 'fake session token' })}.ZmFrZS1zaWduYXR1cmU`;
}

export const getUsersOnlineTokenDetail: Route = {
  // [derived] the hand-written handler (S:internal/api/user.go:134-191).
  handler: 'api.(*UserApi).GetUsersOnlineTokenDetail() /openim-server/internal/api/user.go:134',
  // gin's BindJSON answers a malformed body with HTTP 400 before the 1001 envelope [derived].
  bindStatus: 400,
  spec: { goType: 'msggateway.GetUsersOnlineStatusReq', fields: { userIDs: 'stringList' } },
  run(ctx, body) {
    if (ctx.opUserID !== ctx.world.adminUserID) return null;
    const rows = [...new Set(boundStrings(body, 'userIDs'))].flatMap((userID) => {
      const status = statusOf(ctx, userID);
      if (status.status !== 1 || !status.platformIDs) return [];
      const singlePlatformToken = status.platformIDs.map((platformID, k) => {
        const total = 1 + (k % 2);
        return { platformID, total, token: Array.from({ length: total }, (_, n) => fakeSessionToken(userID, platformID, n)) };
      });
      return [{ userID, status: 1, singlePlatformToken }];
    });
    return listOrNull(rows);
  },
};
