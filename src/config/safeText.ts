// What start-up errors may print of what the user or a file gave: names quoted, sanitised and
// short (a key may hold escape sequences), and a URL's host, never its user name or password.
import { sanitize } from '../terminal/sanitize.js';

/** A name from a flag, the environment or the config file, as it may appear in an error. */
export function shortName(name: string, max = 64): string {
  const clean = sanitize(name);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** The same, in double quotes. */
export function quoted(name: string, max = 64): string {
  return JSON.stringify(shortName(name, max));
}

/**
 * Why a URL may not be used, when it holds a user name or password (`http://admin:pw@host`):
 * fetch refuses such a URL, and every message about it would print the password. Names the
 * host only.
 */
export function urlCredentialsProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.username === '' && url.password === '') return undefined;
  return `must not hold a user name or password (host ${url.host})`;
}

/**
 * A base URL is scheme, host, port and path. A query or a fragment would be sent nowhere the user
 * meant (the operation's path is appended after them: the request went to another path, and the
 * error blamed the server's version), so each is refused, named, and never quoted (a query may
 * hold a token).
 */
export function urlExtraPartProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  // A bare `?` or `#` parses to an empty search or hash: look at the text too.
  const beforeHash = raw.split('#')[0] ?? raw;
  if (url.search !== '' || beforeHash.includes('?')) return 'must not have a query (the part from ?): give scheme, host, port and path only';
  if (url.hash !== '' || raw.includes('#')) return 'must not have a fragment (the part from #): give scheme, host, port and path only';
  return undefined;
}

/** A URL as it may be quoted in an error: anything between `//` and `@` is left out. */
export function withoutUserinfo(raw: string): string {
  return raw.replace(/\/\/[^/?#]*@/g, '//…@');
}
