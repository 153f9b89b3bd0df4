// An admin API never answers with a redirect, and following one would send the token header (and,
// on 307/308, the login body with the secret) to wherever the Location points: another host, or
// from https to plain http. So the client never follows them (node:http hands back the 3xx itself,
// transport.ts) and reports where the server pointed: the origin
// only, since the path and query of a Location may carry anything.
import type { ReplyHead } from './transport.js';

/** Where a redirect points, in words fit for a message: an origin, or what kind of address it is. */
export function redirectTarget(location: string | null, requestUrl: string): string {
  if (location === null || location.trim() === '') return 'no address (no Location header)';
  let target: URL;
  try {
    target = new URL(location, requestUrl);
  } catch {
    return 'an invalid address';
  }
  if (target.protocol === 'http:' || target.protocol === 'https:') return target.origin;
  // file:, data:, javascript: ... have no origin worth naming; the scheme says enough.
  return /^[a-z][a-z0-9+.-]*:$/i.test(target.protocol) ? `a ${target.protocol} address` : 'an invalid address';
}

/** A 3xx reply. */
export function isRedirect(response: ReplyHead): boolean {
  return response.status >= 300 && response.status < 400;
}
