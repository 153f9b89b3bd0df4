// /auth/parse_token: what a token is (whose, which platform, until when), checked as every request's
// token is: the signature and expiry, then the token store (1506 kicked, 1507 not there). Needs no
// token header (routes.ts TOKEN_WHITELIST). `expireTimeSeconds` is the claim's exp, an absolute
// Unix time, unlike get_admin_token's field of the same name, which is a duration.
import { boundString } from './bind.js';
import { tokenError } from './errors.js';
import type { Route } from './route.js';

export const parseToken: Route = {
  // [derived] the handler's line is not checked against the source.
  handler: 'api.(*AuthApi).ParseToken() /openim-server/internal/api/auth.go:44',
  spec: { goType: 'auth.ParseTokenReq', fields: { token: 'string' } },
  run(ctx, body) {
    const token = boundString(body, 'token');
    const check = ctx.verifyToken(token);
    if (!check.ok) return tokenError(check.reason, token);
    const { UserID, PlatformID, exp } = check.claims;
    return { userID: UserID, platformID: PlatformID, expireTimeSeconds: exp };
  },
};
