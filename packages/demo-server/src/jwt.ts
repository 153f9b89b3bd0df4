// HS256 JWTs with OpenIM's claim set {UserID, PlatformID, exp, iat}, built on node:crypto. Older
// servers also set nbf (registered claims keep Go's field order: exp, nbf, iat).
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface Claims {
  UserID: string;
  PlatformID: number;
  exp: number;
  nbf?: number;
  iat: number;
}

/** BuildClaims backdates iat by this many seconds (T:tokenverify/jwt_token.go secondBefore). */
export const IAT_BACKDATE_SECONDS = 5;

export type TokenCheck =
  | { ok: true; claims: Claims }
  | { ok: false; reason: 'malformed' | 'expired' | 'notValidYet' | 'signature' | 'kicked' | 'missing' };

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

function sign(input: string, secret: string): Buffer {
  // OpenIM keys the HMAC with the configured secret's bytes.
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(input).digest();
}

export function signToken(claims: Claims, secret: string): string {
  const { UserID, PlatformID, exp, nbf, iat } = claims;
  const payload = nbf === undefined ? { UserID, PlatformID, exp, iat } : { UserID, PlatformID, exp, nbf, iat };
  const body = `${HEADER}.${base64url(JSON.stringify(payload))}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

function decodeSegment(segment: string): unknown {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(segment)) throw new Error('not base64url');
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
}

function readClaims(payload: unknown): Claims | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const p = payload as Record<string, unknown>;
  const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
  const claims: Claims = { UserID: typeof p.UserID === 'string' ? p.UserID : '', PlatformID: num(p.PlatformID), exp: num(p.exp), iat: num(p.iat) };
  if (typeof p.nbf === 'number') claims.nbf = p.nbf;
  return claims;
}

/**
 * Same precedence as golang-jwt v4 as OpenIM maps it: a malformed token first, then expiry, then
 * nbf, then the signature (an expired forgery reports 1501, not 1505). `revokedUpTo` is the demo's
 * expireTokens(): a token issued (iat + 5 s) at or before it counts as expired.
 */
export function verifyToken(token: string, secret: string, nowSeconds: number, revokedUpTo: number): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  let claims: Claims | undefined;
  try {
    const header = decodeSegment(headerPart);
    if (typeof header !== 'object' || header === null) return { ok: false, reason: 'malformed' };
    claims = readClaims(decodeSegment(payloadPart));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!claims) return { ok: false, reason: 'malformed' };
  if ((claims.exp !== 0 && nowSeconds > claims.exp) || claims.iat + IAT_BACKDATE_SECONDS <= revokedUpTo) return { ok: false, reason: 'expired' };
  if (claims.nbf !== undefined && nowSeconds < claims.nbf) return { ok: false, reason: 'notValidYet' };
  const expected = sign(`${headerPart}.${payloadPart}`, secret);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  return { ok: true, claims };
}
