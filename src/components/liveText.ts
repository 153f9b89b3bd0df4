// What the header and the status line say about the live view: that it is on and when the page
// last came from the server, and, while it waits out a failure, why and until when. Times are
// clock times, not countdowns, so that nothing has to redraw every second while the view is idle.
import { ApiError, HttpError, NetworkError } from '../api/errors.js';
import type { RefreshStatus } from '../data/liveRefresh.js';
import type { LiveState } from '../store/types.js';
import type { LivePause } from '../store/liveSlice.js';
import { glyphs } from '../terminal/glyphs.js';

/** 14:05:09, local time. */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

const PAUSE_WORD: Record<LivePause, string> = { prompt: 'prompt open', help: 'help open', focus: 'unfocused' };
const PAUSE_NOTE: Record<LivePause, string> = {
  prompt: 'live view paused while the prompt is open: resumes when it closes',
  help: 'live view paused while help is open: resumes when it closes',
  focus: 'live view paused while the terminal is not looked at: resumes on focus',
};

/** The header's mark: "live 14:05:09" (the last refresh), "live paused (prompt open)", "live retry 14:05:30". */
export function liveHeaderText(live: Pick<LiveState, 'on' | 'refreshedAt' | 'status'>, pausedBy?: LivePause): string {
  if (!live.on) return '';
  const status = live.status;
  if (status.state === 'paused') return pausedBy ? `live paused (${PAUSE_WORD[pausedBy]})` : 'live paused';
  if (status.state === 'backing-off' || status.state === 'rate-limited') return `live ${glyphs().failing} retry ${clockTime(status.at)}`;
  return live.refreshedAt === null ? 'live' : `live ${clockTime(live.refreshedAt)}`;
}

/** The status line's word while the live view waits out a failure or a pause (why, until when); undefined otherwise. */
export function liveStatusNote(status: RefreshStatus, pausedBy?: LivePause): string | undefined {
  switch (status.state) {
    case 'paused':
      return pausedBy ? PAUSE_NOTE[pausedBy] : undefined;
    case 'backing-off':
      return `${describe(status.error)}: backing off, next try ${clockTime(status.at)}`;
    case 'rate-limited':
      return status.retryAfterMs !== undefined
        ? `rate limited: Retry-After ${seconds(status.retryAfterMs)}, next try ${clockTime(status.at)}`
        : `rate limited, no Retry-After: next try ${clockTime(status.at)}`;
    default:
      return undefined;
  }
}

function describe(error: unknown): string {
  if (error instanceof NetworkError) return `no answer (${error.reason})`;
  if (error instanceof HttpError) return `HTTP ${error.status}`;
  if (error instanceof ApiError) return `errCode ${error.errCode}`;
  return 'refresh failed';
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
