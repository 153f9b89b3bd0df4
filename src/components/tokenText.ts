// What the header says of the token's expiry (store/tokenSlice.ts): when it expires where there is
// room, and always, as a warning, a given token's last hour, its expiry, or its refusal at start.
// Clock times, not countdowns: nothing redraws every minute.
import { formatClock, formatTimeWithZone, formatUtcOffset } from '../content/format.js';
import type { TokenState } from '../store/types.js';

export interface TokenText {
  text: string;
  /** Drawn as a warning (red, with `!`: it must read without colour too). */
  warn: boolean;
  /** Shown only where the rest of the header fits beside it. */
  optional: boolean;
}

export function tokenHeaderText(token: TokenState): TokenText | undefined {
  if (token.state === 'unknown') return undefined;
  if (token.state === 'refused') return { text: token.code === 1501 ? '! token expired' : '! token refused', warn: true, optional: false };
  const at = token.expiresAt;
  switch (token.phase) {
    case 'expired':
      return { text: '! token expired', warn: true, optional: false };
    case 'lastHour':
      return { text: `! token expires ${formatClock(at)} ${formatUtcOffset(at)}`, warn: true, optional: false };
    case 'valid':
      // To the minute; a time past the Date range (a server's odd expiry) as the number it is, whole.
      return { text: `token until ${formatTimeWithZone(at).replace(/^(\d+-\d\d-\d\d \d\d:\d\d):\d\d/, '$1')}`, warn: false, optional: true };
  }
}
