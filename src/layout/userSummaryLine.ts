// The user summary as one line: who the user is (nickname, level, created, global receive
// option), whether they are online and where, and how much is behind each tab (each tab's words are its list's: lists/<list>.ts
// `userSummary`). Long labels where there is room, short ones at 80 columns, and the nickname cut
// before anything else. Pure: the component only colours it.
import type { UserLookup } from '../api/userLookup.js';
import type { OnlineStatus } from '../api/schemas.js';
import { appMangerLevelName, platformWords, recvMsgOptName } from '../content/enums.js';
import { formatTime, formatTimeWithZone } from '../content/format.js';
import { USER_TABS, type UserTab } from '../lists/names.js';
import { summaryPart } from '../lists/registry.js';
import type { SummaryWords } from '../lists/types.js';
import type { SummaryPart, UserSummary } from '../store/types.js';
import { glyphs } from '../terminal/glyphs.js';
import { sanitize } from '../terminal/sanitize.js';
import { displayWidth, truncate } from '../terminal/width.js';

/** How the line reads as a whole: a system account is a note, an unknown ID an error. */
export type SummaryTone = 'plain' | 'note' | 'error';

export interface SummaryLine {
  text: string;
  tone: SummaryTone;
}

interface Segment {
  long: string;
  short: string;
  /** The nickname: cut to fit once nothing else can go. */
  name?: boolean;
  /** A narrow line drops the part with the highest number first; without one it stays. */
  drop?: number;
}

const RECV_SHORT: Record<number, string> = { 0: 'recv', 1: 'no recv', 2: 'recv silent' };
/** The least of a nickname worth showing when the line is tight. */
const MIN_NAME = 6;
/** A nickname up to this wide is shown whole: the tabs' parts go first. */
const NAME_KEPT = 12;

export function userSummaryLine(summary: UserSummary | undefined, width: number): SummaryLine {
  const ell = glyphs().ellipsis;
  if (!summary) return { text: truncate(ell, width), tone: 'plain' };
  const segments = [
    ...profileSegments(summary.profile),
    presenceSegment(summary.presence),
    ...USER_TABS.map((tab) => ({ ...counted(summary[tab], tab), drop: summaryPart(tab).drop })),
  ];
  return { text: fitSegments(segments, width), tone: toneOf(summary.profile) };
}

function fitSegments(segments: Segment[], width: number): string {
  const dot = ` ${glyphs().separator} `;
  const join = (parts: string[], sep: string): string => parts.filter(Boolean).join(sep);
  const fits = (text: string): boolean => displayWidth(text) <= width;
  const long = join(segments.map((s) => s.long), dot);
  if (fits(long)) return long;
  const short = segments.map((s) => s.short);
  for (const sep of [dot, '  ']) if (fits(join(short, sep))) return join(short, sep);
  // Still too wide: drop parts by their priority (each list's `userSummary.drop`) while the
  // nickname would be cut to less than it needs, then cut the nickname, then the line itself.
  const kept = [...segments];
  const nameRoom = (parts: Segment[]): number => {
    const named = parts.findIndex((s) => s.name);
    if (named < 0) return Infinity;
    return width - displayWidth(join(parts.filter((_, i) => i !== named).map((s) => s.short), '  ')) - 2;
  };
  const wanted = Math.min(NAME_KEPT, Math.max(MIN_NAME, ...segments.filter((s) => s.name).map((s) => displayWidth(s.short))));
  while (!fits(join(kept.map((s) => s.short), '  ')) && nameRoom(kept) < wanted) {
    const next = kept.reduce<number>((at, s, i) => (s.drop !== undefined && (at < 0 || s.drop > kept[at]!.drop!) ? i : at), -1);
    if (next < 0) break;
    kept.splice(next, 1);
  }
  return fitKept(kept, width);
}

function fitKept(segments: Segment[], width: number): string {
  const join = (parts: string[], sep: string): string => parts.filter(Boolean).join(sep);
  const short = segments.map((s) => s.short);
  if (displayWidth(join(short, '  ')) <= width) return join(short, '  ');
  const named = segments.findIndex((s) => s.name);
  if (named >= 0) {
    const room = width - displayWidth(join(short.filter((_, i) => i !== named), '  ')) - 2;
    if (room >= MIN_NAME) return join(short.map((text, i) => (i === named ? truncate(text, room) : text)), '  ');
  }
  return truncate(join(short, '  '), width);
}

function profileSegments(profile: SummaryPart<UserLookup>): Segment[] {
  const ell = glyphs().ellipsis;
  if (profile.state === 'loading' || profile.state === 'unasked') return [{ long: `profile ${ell}`, short: ell }];
  if (profile.state === 'error') return [{ long: `profile ${glyphs().cross} ${partError(profile)}`, short: `profile ${glyphs().cross}` }];
  const found = profile.value;
  switch (found.kind) {
    case 'user': {
      const u = found.user;
      const created = formatTime(u.createTime);
      return [
        nameSegment(u.nickname),
        { long: `level ${u.appMangerLevel} (${appMangerLevelName(u.appMangerLevel)})`, short: `L${u.appMangerLevel}` },
        { long: `created ${formatTimeWithZone(u.createTime)}`, short: created.slice(0, 10), drop: 6 },
        { long: `global receive: ${recvMsgOptName(u.globalRecvMsgOpt)}`, short: RECV_SHORT[u.globalRecvMsgOpt] ?? `recv ${u.globalRecvMsgOpt}`, drop: 7 },
      ];
    }
    case 'system': {
      const level = found.user.appMangerLevel;
      return [
        nameSegment(found.user.nickname),
        { long: `system account, level ${level} (${appMangerLevelName(level)}): not an ordinary user`, short: `system account L${level}` },
      ];
    }
    case 'admin': {
      const level = found.user?.appMangerLevel;
      const at = level === undefined ? { long: '', short: '' } : { long: `, level ${level} (${appMangerLevelName(level)})`, short: ` L${level}` };
      return [{ long: `the admin user${at.long} (not an ordinary user, listed nowhere)`, short: `the admin user${at.short}` }];
    }
    case 'none':
      return [{ long: 'no such user: get_users does not know this ID', short: 'no such user' }];
  }
}

/**
 * Online or offline, and on which platforms (named; a newer one as its number). A narrow line
 * drops it after the blacklist's figure and before the friends' (each list's `userSummary.drop`).
 */
const PRESENCE_DROP = 2.5;

function presenceSegment(presence: SummaryPart<OnlineStatus> | undefined): Segment {
  const g = glyphs();
  if (!presence || presence.state === 'loading' || presence.state === 'unasked') return { long: `online ${g.ellipsis}`, short: `online ${g.ellipsis}`, drop: PRESENCE_DROP };
  if (presence.state === 'error') return { long: `online ${g.cross} ${partError(presence)}`, short: `online ${g.cross}`, drop: PRESENCE_DROP };
  const { status, platformIDs } = presence.value;
  if (status !== 1) return { long: status === 0 ? 'offline' : `online status ${status}`, short: status === 0 ? 'offline' : `status ${status}`, drop: PRESENCE_DROP };
  const where = platformIDs.length > 0;
  return {
    long: `online${where ? ` on ${platformWords(platformIDs)}` : ''}`,
    short: `online${where ? ` ${platformWords(platformIDs, ',')}` : ''}`,
    drop: PRESENCE_DROP,
  };
}

function nameSegment(nickname: string): Segment {
  const name = sanitize(nickname) || '(no nickname)';
  return { long: name, short: name, name: true };
}

function counted(part: SummaryPart<unknown>, tab: UserTab): SummaryWords {
  const { label, words } = summaryPart(tab);
  if (part.state === 'unasked') return { long: `${label.long} ?`, short: `${label.short} ?` };
  if (part.state === 'loading') return { long: `${label.long} ${glyphs().ellipsis}`, short: `${label.short} ${glyphs().ellipsis}` };
  if (part.state === 'error') return { long: `${label.long} ${glyphs().cross} ${partError(part)}`, short: `${label.short} ${glyphs().cross}` };
  return words(part.value);
}

/** The failure in a word or two: the tab or the error bar says the rest. */
function partError(part: Extract<SummaryPart<unknown>, { state: 'error' }>): string {
  const error = part.error;
  switch (error.kind) {
    case 'api':
      return `(server error ${error.errCode})`;
    case 'network':
      return `(${error.reason === 'timeout' ? 'timeout' : 'network'})`;
    case 'http':
      return `(HTTP ${error.status})`;
    case 'protocol':
      return '(unreadable reply)';
  }
}

function toneOf(profile: SummaryPart<UserLookup>): SummaryTone {
  if (profile.state !== 'ok') return 'plain';
  if (profile.value.kind === 'none') return 'error';
  return profile.value.kind === 'user' ? 'plain' : 'note';
}
