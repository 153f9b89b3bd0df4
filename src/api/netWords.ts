// The network's failures in words, with what to do: Node reports OpenSSL's and llhttp's codes
// (DEPTH_ZERO_SELF_SIGNED_CERT, HPE_UNEXPECTED_CONTENT_LENGTH), which tell an operator nothing.
// The code follows the words in brackets, for a search engine; never alone.

const TRUST = 'to trust a private CA: --ca-file PATH (or caFile in the profile), or NODE_EXTRA_CA_CERTS=PATH';

const TLS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: `the server's TLS certificate is self-signed and not trusted; ${TRUST}`,
  SELF_SIGNED_CERT_IN_CHAIN: `the server's TLS certificate comes from a CA that is not trusted (a self-signed root); ${TRUST}`,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: `the server's TLS certificate is signed by an unknown CA; ${TRUST}`,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: `the server's TLS certificate is signed by an unknown CA; ${TRUST}`,
  UNABLE_TO_GET_ISSUER_CERT: `the server's TLS certificate is signed by an unknown CA; ${TRUST}`,
  CERT_UNTRUSTED: `the server's TLS certificate is not trusted; ${TRUST}`,
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired: the server's certificate must be renewed (or this machine's clock is wrong)",
  CERT_NOT_YET_VALID: "the server's TLS certificate is not valid yet: check this machine's clock",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's TLS certificate is for another host name: use the name it was issued for in --base-url",
  CERT_REVOKED: "the server's TLS certificate has been revoked",
  ERR_SSL_WRONG_VERSION_NUMBER: 'the TLS handshake failed: the server may speak plain HTTP (try http:// in --base-url)',
  EPROTO: 'the TLS handshake failed: the server may speak plain HTTP (try http:// in --base-url)',
};

const HTTP: Record<string, string> = {
  HPE_UNEXPECTED_CONTENT_LENGTH: 'its Content-Length conflicts with another length header (Transfer-Encoding or a second Content-Length)',
  HPE_INVALID_CONTENT_LENGTH: 'its Content-Length is not a number',
  HPE_INVALID_TRANSFER_ENCODING: 'its Transfer-Encoding is invalid',
  HPE_INVALID_CHUNK_SIZE: 'a chunk of its body has an invalid size',
  HPE_INVALID_CONSTANT: 'it does not start like an HTTP reply (is --base-url the API port?)',
  HPE_INVALID_VERSION: 'its HTTP version is invalid',
  HPE_INVALID_STATUS: 'its status line is invalid',
  HPE_INVALID_HEADER_TOKEN: 'a header holds characters HTTP does not allow',
  HPE_LF_EXPECTED: 'a line does not end as HTTP requires',
  HPE_CR_EXPECTED: 'a line does not end as HTTP requires',
  HPE_HEADER_OVERFLOW: 'its headers are larger than 16 KB',
  HPE_CLOSED_CONNECTION: 'it came after the connection was closed',
};

/** Whether the code is TLS's: a certificate problem, which trying again does not cure. */
export function isTlsCode(code: string): boolean {
  return code in TLS || /^(ERR_TLS_|ERR_SSL_|CERT_)/.test(code);
}

/** Whether the code is the HTTP parser's: an invalid reply. */
export function isHttpParserCode(code: string): boolean {
  return code.startsWith('HPE_');
}

/** The words for a TLS or HTTP-parser code, with the code in brackets; undefined for other codes. */
export function transportWords(code: string): string | undefined {
  if (code in TLS) return `${TLS[code]} [${code}]`;
  if (isTlsCode(code)) return `the TLS connection failed [${code}]`;
  if (isHttpParserCode(code)) return `the server's reply is not valid HTTP: ${HTTP[code] ?? 'the parser refused it'} [${code}]`;
  return undefined;
}
