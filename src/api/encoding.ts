// Reading a reply's bytes as text: what is wrong with the body itself rather than the connection.
// undici decompresses gzip, deflate and br on the fly; a body that claims one of them and is not
// fails mid-read as a TypeError "terminated", the same words as a reset, with the zlib or brotli
// error as its cause. That is an unreadable reply (the server or a proxy is broken, and trying
// again will not help), not a network failure.

/** The zlib or brotli error code behind a failed read, or undefined when it is something else. */
export function decompressionFailure(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  // zlib: Z_DATA_ERROR, Z_BUF_ERROR, Z_NEED_DICT...; brotli: ERR__ERROR_FORMAT_PADDING_1 and kin.
  return /^Z_[A-Z_]+$/.test(code) || /^ERR__ERROR_[A-Z0-9_]+$/.test(code) ? code : undefined;
}

/** The reply's body declared compressed and not decodable as such. */
export class UndecodableBodyError extends Error {
  constructor(
    readonly encoding: string,
    readonly code: string,
  ) {
    super(`the reply declares Content-Encoding ${encoding.slice(0, 40)} but its body cannot be decompressed (${code})`);
    this.name = 'UndecodableBodyError';
  }
}

/** UTF-8 text without the byte order mark some servers and proxies put before the JSON. */
export function utf8Text(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
