// When the token expires, asked once a session starts: a token given (--token, a profile's) is
// read with /auth/parse_token, whose answer is an absolute time; the secret's comes from the
// login (get_admin_token's duration), and the client gets another when it expires. A given token
// warns in its last hour and says when it has expired (a timer moves it on, so nothing redraws
// every second); one the server refuses at start is said in words at once, before any list fails.
import type { StateCreator } from 'zustand/vanilla';
import { ApiError } from '../api/errors.js';
import { isTokenCode } from '../api/authProblem.js';
import { realTimers } from '../data/liveRefresh.js';
import type { SliceServices } from './services.js';
import type { AppState, TokenPhase } from './types.js';
import type { AppActions, TokenActions } from './actions.js';

/** The longest a Node timer waits (2^31-1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The warning starts this long before the token expires. */
export const LAST_HOUR_MS = 3_600_000;

/** Where a token is in its life at `now`. */
export function tokenPhase(expiresAt: number, now: number): TokenPhase {
  return now >= expiresAt ? 'expired' : now >= expiresAt - LAST_HOUR_MS ? 'lastHour' : 'valid';
}

/** What the server's refusal of the given token means, and what to do. */
export function refusedTokenWords(code: number): string {
  const what: Record<number, string> = {
    1501: 'has expired',
    1503: 'is malformed (not a JWT: was it copied whole?)',
    1504: 'is not valid yet',
    1505: "was not signed with this server's secret (another server's token?)",
    1506: 'was logged out by the server (kicked)',
    1507: 'is not known to the server (logged out, or its token store was flushed)',
  };
  return `the token ${what[code] ?? `was refused (${code})`}: give another with --token or OPENIM_TOKEN, or the admin secret with --secret or OPENIM_SECRET`;
}

export const tokenSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], Pick<AppState, 'token'> & TokenActions> =>
  (set, get) => {
    // Unref'd: a timer of the header's must never keep the process up.
    const timers = services.deps.tokenTimers ?? realTimers(true);
    let timer: unknown;
    /** Moves a token that cannot be renewed to its next phase when its time comes. */
    const follow = (expiresAt: number): void => {
      if (timer !== undefined) timers.clearTimeout(timer);
      const now = timers.now();
      const phase = tokenPhase(expiresAt, now);
      const token = get().token;
      if (token.state === 'known' && token.expiresAt === expiresAt) set({ token: { ...token, phase } });
      const next = phase === 'valid' ? expiresAt - LAST_HOUR_MS : phase === 'lastHour' ? expiresAt : undefined;
      if (next === undefined) return;
      // Node runs a timer asked for more than MAX_TIMER_MS at once: a token valid for longer (90
      // days is OpenIM's default) re-armed it every millisecond. follow() waits again on waking.
      timer = timers.setTimeout(() => follow(expiresAt), Math.min(MAX_TIMER_MS, Math.max(0, next - now)));
    };
    return {
      token: { state: 'unknown' },
      checkToken() {
        services.deps.client.tokenExpiry().then(
          (expiry) => {
            if (!expiry) return;
            // A token the client renews itself never warns: the next one is obtained when it expires.
            set({ token: { state: 'known', expiresAt: expiry.expiresAt, renews: expiry.renews, phase: expiry.renews ? 'valid' : tokenPhase(expiry.expiresAt, timers.now()) } });
            if (!expiry.renews) follow(expiry.expiresAt);
          },
          (error: unknown) => {
            // A server that cannot say (an older one, a network failure) leaves it unknown: the lists say the rest.
            if (!(error instanceof ApiError) || !isTokenCode(error.errCode)) return;
            set({ token: { state: 'refused', code: error.errCode } });
            services.flash(refusedTokenWords(error.errCode), 'error');
          },
        );
      },
    };
  };
