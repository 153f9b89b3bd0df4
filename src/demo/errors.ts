// The error codes and texts of OpenIM v3.8.3-patch.16 (tools v0.0.50-alpha.113), as the
// envelope carries them: errMsg is the error's name, errDlt the wrapped detail.

export class ApiError {
  constructor(
    readonly errCode: number,
    readonly errMsg: string,
    readonly errDlt: string,
  ) {}
}

export const argsError = (detail: string): ApiError => new ApiError(1001, 'ArgsError', detail);
export const noPermission = (detail: string): ApiError => new ApiError(1002, 'NoPermissionError', detail);
export const recordNotFound = (): ApiError => new ApiError(1004, 'RecordNotFoundError', 'RecordNotFoundError');

/** The token check echoes the raw token in errDlt; clients must redact it, not the server. */
export const tokenExpired = (token: string): ApiError =>
  new ApiError(1501, 'TokenExpiredError', `1501 TokenExpiredError jwt parse error, token=${token}`);
export const tokenMalformed = (token: string): ApiError =>
  new ApiError(1503, 'TokenMalformedError', `1503 TokenMalformedError jwt parse error, token=${token}`);
export const tokenSignature = (token: string): ApiError =>
  new ApiError(1505, 'signature is invalid', `1505 signature is invalid jwt parse error, token=${token}`);

const TOOLS = '/go/pkg/mod/github.com/openimsdk/tools@v0.0.50-alpha.113';

/**
 * A body that does not decode: the gateway wraps Go's json error twice with a stack, so the
 * text lands in errMsg (not errDlt) and errDlt stays empty.
 */
export function bindError(jsonError: string): ApiError {
  const stack = [
    `github.com/openimsdk/tools/a2r.ParseRequest[...] ${TOOLS}/a2r/api2rpc.go:66`,
    `github.com/openimsdk/tools/a2r.Call[...] ${TOOLS}/a2r/api2rpc.go:33`,
    'github.com/openimsdk/open-im-server/v3/internal/api.(*Api).Handle /src/internal/api/router.go:125',
  ];
  return new ApiError(1001, `Error: Error: ${jsonError} | -> ${stack.join(' | -> ')}`, '');
}
