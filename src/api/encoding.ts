// Reading a reply's bytes as text: what is wrong with the body itself rather than the connection.
// A body that claims gzip, deflate or br and is not fails in its decoder (transport.ts) with the
// zlib or brotli error code. That is an unreadable reply (the server or a proxy is broken, and
// trying again will not help), not a network failure.

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
