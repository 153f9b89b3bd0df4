// Which auth problem a server error is, across OpenIM versions, and what the operator can do.
// The same missing token reads differently by version (contract §5.2, §10):
//   v3.8.3-patch.5 and later   1001 / ArgsError / "header must have token"
//   v3.8.3 to patch.4          1001 / ArgsError / ""            (tools a67-a74 drop the detail)
//   v3.8.0 to 3.8.2, ~v3.6     1001 / ArgsError / "header must have token: 1001 ArgsError"
// and v3.8.0 has no /auth/get_admin_token at all: the login itself gets the missing-token answer,
// since that path is neither routed nor whitelisted there.

/** The name the login request carries in errors (OpenIMClient.getAdminToken). */
export const LOGIN_OPERATION = 'getAdminToken';

export type AuthProblem =
  /** The token is missing, malformed, expired, kicked or unknown: give another one. */
  | 'token'
  /** The login answered as if it needed a token: a server older than get_admin_token (v3.8.0). */
  | 'no-admin-token-endpoint';

/** What authProblem reads; ApiError has these fields. */
export interface AuthErrorFacts {
  errCode: number;
  errMsg: string;
  errDlt: string;
  origin: { operation: string; tokenSent?: boolean };
}

/** 1501-1507: expired, invalid, malformed, not valid yet (nbf), unknown, kicked, not in the store. */
export function isTokenCode(code: number): boolean {
  return Number.isInteger(code) && code >= 1501 && code <= 1507;
}

const MISSING_TOKEN = /header must have token/i;

export function authProblem(error: AuthErrorFacts): AuthProblem | undefined {
  if (isTokenCode(error.errCode)) return 'token';
  if (error.errCode !== 1001) return undefined;
  const login = error.origin.operation === LOGIN_OPERATION;
  // Older servers append ": 1001 ArgsError" to the text, so it is matched anywhere, not whole.
  if (MISSING_TOKEN.test(error.errDlt) || MISSING_TOKEN.test(error.errMsg)) return login ? 'no-admin-token-endpoint' : 'token';
  // v3.8.3 to patch.4 say nothing more than ArgsError; a request without a token can only have
  // failed on that. The login never sends one, and its 1001 means a user ID the server refused.
  if (!login && error.origin.tokenSent === false && error.errDlt.trim() === '') return 'token';
  return undefined;
}

/** One sentence of what to do, for the error bar (`retryKey`, the key in force, retries there) and the scripting commands (none). */
export function authAdvice(problem: AuthProblem, retryKey: string | undefined): string {
  const then = retryKey !== undefined ? `, then press ${retryKey}` : '';
  switch (problem) {
    case 'no-admin-token-endpoint':
      return (
        'this server predates /auth/get_admin_token (OpenIM v3.8.0 or older), so the secret cannot obtain a token: ' +
        `give an admin token with --token or OPENIM_TOKEN${then}`
      );
    case 'token':
      return `give a valid admin token (--token or OPENIM_TOKEN) or the admin secret (--secret or OPENIM_SECRET)${then}`;
  }
}
