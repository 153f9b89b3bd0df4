// The error codes and texts of OpenIM v3.8.3-patch.16 (tools v0.0.50-alpha.113), as the server
// side names them (errs.CodeError; the client's twin is api/errors.ts ApiError), as the
// envelope carries them: errMsg is the error's name, errDlt the wrapped detail.
import type { TokenCheck } from './jwt.js';

export class CodeError {
  constructor(
    readonly errCode: number,
    readonly errMsg: string,
    readonly errDlt: string,
  ) {}
}

export const argsError = (detail: string): CodeError => new CodeError(1001, 'ArgsError', detail);
export const noPermission = (detail: string): CodeError => new CodeError(1002, 'NoPermissionError', detail);
export const recordNotFound = (): CodeError => new CodeError(1004, 'RecordNotFoundError', 'RecordNotFoundError');

/** The token check echoes the raw token in errDlt; clients must redact it, not the server. */
export const tokenExpired = (token: string): CodeError =>
  new CodeError(1501, 'TokenExpiredError', `1501 TokenExpiredError jwt parse error, token=${token}`);
export const tokenMalformed = (token: string): CodeError =>
  new CodeError(1503, 'TokenMalformedError', `1503 TokenMalformedError jwt parse error, token=${token}`);
export const tokenSignature = (token: string): CodeError =>
  new CodeError(1505, 'signature is invalid', `1505 signature is invalid jwt parse error, token=${token}`);
export const tokenNotValidYet = (token: string): CodeError =>
  new CodeError(1504, 'TokenNotValidYetError', `1504 TokenNotValidYetError jwt parse error, token=${token}`);
/** The store's verdicts cross the RPC boundary with no detail, so errDlt repeats the name (like 1004). */
export const tokenKicked = (): CodeError => new CodeError(1506, 'TokenKickedError', 'TokenKickedError');
export const tokenNotExist = (): CodeError => new CodeError(1507, 'TokenNotExistError', 'TokenNotExistError');

/** A token that failed its check, as every request's token check and parse_token answer it. */
export function tokenError(reason: Extract<TokenCheck, { ok: false }>['reason'], token: string): CodeError {
  switch (reason) {
    case 'expired':
      return tokenExpired(token);
    case 'notValidYet':
      return tokenNotValidYet(token);
    case 'signature':
      return tokenSignature(token);
    case 'kicked':
      return tokenKicked();
    case 'missing':
      return tokenNotExist();
    case 'malformed':
      return tokenMalformed(token);
  }
}

const TOOLS = '/go/pkg/mod/github.com/openimsdk/tools@v0.0.50-alpha.113';
const GIN = '/go/pkg/mod/github.com/gin-gonic/gin@v1.9.1';
const GZIP = '/go/pkg/mod/github.com/gin-contrib/gzip@v1.0.1';
const SERVER = '/openim-server/internal/api';

/** A frame as tools' stack.Error writes it: `<pkg>.<func>() <file>:<line>` (T:errs/stack/stack.go). */
const frame = (fn: string, file: string, line: number): string => `${fn}() ${file}:${line}`;

/** From the handler up the middleware chain (S:internal/api/router.go:89-98), each through gin's Next. */
function chain(handler: string): string[] {
  const next = frame('gin.(*Context).Next', `${GIN}/context.go`, 174);
  return [
    handler, next,
    frame('api.GinParseToken.func1', `${SERVER}/router.go`, 326), next,
    frame('mw.GinParseOperationID.func1', `${TOOLS}/mw/gin.go`, 61), next,
    frame('mw.CorsHandler.func1', `${TOOLS}/mw/gin.go`, 45), next,
    frame('gin.CustomRecoveryWithWriter.func1', `${GIN}/recovery.go`, 102), next,
    frame('api.prommetricsGin.func1', `${SERVER}/router.go`, 42), next,
    frame('gzip.(*gzipHandler).Handle', `${GZIP}/handler.go`, 60), next,
    frame('gin.(*Engine).handleHTTPRequest', `${GIN}/gin.go`, 620),
    frame('gin.(*Engine).ServeHTTP', `${GIN}/gin.go`, 576),
    // The real stack goes on into net/http, whose lines depend on the Go release; left out.
  ];
}

/**
 * A body that does not decode: ParseRequestNotCheck puts the text of an error wrapped twice with a
 * stack (jsonutil.JsonUnmarshal, then jsonBinding.Bind) into errMsg, so it reads
 * `Error: Error: <json error> | -> jsonutil.JsonUnmarshal() …/json.go:28 -> … | -> a2r.jsonBinding.Bind() …`
 * on one line, and errDlt stays empty (T:a2r/api2rpc.go:61-101, T:utils/jsonutil/json.go:28).
 * `handler` is the route's frame, e.g. `api.(*UserApi).GetUsers() /openim-server/internal/api/user.go:69`.
 */
export function bindError(jsonError: string, handler: string): CodeError {
  const callers = [
    frame('gin.(*Context).ShouldBindWith', `${GIN}/context.go`, 741),
    frame('a2r.ParseRequestNotCheck[...]', `${TOOLS}/a2r/api2rpc.go`, 63),
    frame('a2r.Call[...]', `${TOOLS}/a2r/api2rpc.go`, 26),
    ...chain(handler),
  ];
  const bind = frame('a2r.jsonBinding.Bind', `${TOOLS}/a2r/api2rpc.go`, 96);
  const inner = [
    frame('jsonutil.JsonUnmarshal', `${TOOLS}/utils/jsonutil/json.go`, 28),
    frame('a2r.jsonBinding.BindBody', `${TOOLS}/a2r/api2rpc.go`, 100),
    bind,
    ...callers,
  ];
  return new CodeError(1001, `Error: Error: ${jsonError} | -> ${inner.join(' -> ')} | -> ${[bind, ...callers].join(' -> ')}`, '');
}
