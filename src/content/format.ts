// Human formatting for sizes, durations, times and counts. Inputs come from the wire, so
// NaN, negatives and absurd magnitudes must give a readable string, never an exception.

const NOT_A_NUMBER = 'n/a';
const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;
// Go's time.Time{}.UnixMilli(): what the server sends for a missing date.
const GO_ZERO_TIME_MS = -62135596800000;
// The ECMAScript Date range; beyond it `new Date` is invalid.
const MAX_DATE_MS = 8.64e15;

// Made on first use, and only for magnitudes whose digits toString does not spell out: building a
// NumberFormat costs ICU's data (8-20 ms), which the explorer's first frame paid for its counts.
let counter: Intl.NumberFormat | undefined;

/** '2,391'. Fractions are rounded half away from zero: counts are whole. As en-US would say it. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return NOT_A_NUMBER;
  const magnitude = Math.round(Math.abs(n));
  if (magnitude >= 1e21) {
    counter ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    return counter.format(n);
  }
  const digits = String(magnitude);
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 || Object.is(n, -0) ? `-${grouped}` : grouped;
}

/** '512 B', '58.2 KB', '2.4 MB' (binary multiples, as chat clients show them). */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 0) return NOT_A_NUMBER;
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${formatCount(Math.round(value))} B`;
  // One decimal while it carries information, whole numbers above 100.
  const shown = value < 100 ? value.toFixed(1) : formatCount(Math.round(value));
  return `${shown} ${BYTE_UNITS[unit]}`;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** '0:37', '12:05', '1:02:05'. Fractions of a second are dropped. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return NOT_A_NUMBER;
  const total = Math.floor(seconds);
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const h = Math.floor(total / 3600);
  return h > 0 ? `${formatCount(h)}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * A time the local calendar cannot show, in words with its number, or undefined for a real time.
 * 0 and Go's zero time are how the server says "not set"; any other time before 1970 or past
 * the Date range is shown as the number it is, so that a wrong value is seen, not hidden.
 */
function unshowableTime(ms: number): string | undefined {
  if (!Number.isFinite(ms)) return NOT_A_NUMBER;
  if (ms === 0 || ms === GO_ZERO_TIME_MS) return 'not set';
  if (ms < 0) return `${String(ms)} (before 1970)`;
  if (ms > MAX_DATE_MS) return `${String(ms)} (out of range)`;
  return undefined;
}

/** Local 'YYYY-MM-DD HH:mm:ss'; 'not set' for the server's sentinels, the number for the rest. */
export function formatTime(ms: number): string {
  const odd = unshowableTime(ms);
  if (odd !== undefined) return odd;
  const d = new Date(ms);
  const date = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  return `${date} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** Local 'HH:MM', for "as of 10:02". */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The local time's UTC offset, '+00:00', '-05:30', as ISO 8601 writes it. */
export function formatUtcOffset(ms: number): string {
  const minutes = -new Date(ms).getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/** '3 min ago', '2 h ago', '5 days ago', 'in 4 min' (a clock ahead of ours). Whole units, rounded down. */
export function formatAgo(ms: number, nowMs: number): string {
  const diff = nowMs - ms;
  const ahead = diff < 0;
  const s = Math.floor(Math.abs(diff) / 1000);
  const text =
    s < 60 ? `${s} s` : s < 3600 ? `${Math.floor(s / 60)} min` : s < 86400 ? `${Math.floor(s / 3600)} h` : `${formatCount(Math.floor(s / 86400))} days`;
  if (s < 1) return 'just now';
  return ahead ? `in ${text}` : `${text} ago`;
}

/**
 * A time as the detail leads with it: '2026-11-26 14:02:11 +00:00 · 3 min ago'. The zone is
 * the offset, not a name: an operator comparing with a server log in UTC needs the arithmetic.
 */
export function formatTimeZoned(ms: number, nowMs: number): string {
  const odd = unshowableTime(ms);
  if (odd !== undefined) return odd;
  return `${formatTimeWithZone(ms)} · ${formatAgo(ms, nowMs)}`;
}

/**
 * '2022-01-11 11:55:32 +09:00': every time a detail, a summary or a message shows whole carries
 * its zone, as the conversation detail's does; the sentinels and odd values stay as formatTime says.
 */
export function formatTimeWithZone(ms: number): string {
  const odd = unshowableTime(ms);
  return odd ?? `${formatTime(ms)} ${formatUtcOffset(ms)}`;
}

/** The same for Unix seconds (blacklist createTime is the one field in seconds). */
export function formatTimeSeconds(s: number): string {
  if (!Number.isFinite(s)) return NOT_A_NUMBER;
  return formatTimeWithZone(s * 1000);
}

/**
 * A time for a table cell, as `ls -l` does: 'MM-DD HH:mm' within the year of `now`, else
 * 'YYYY-MM-DD', so that last December never reads as if it came after this January. Local time.
 */
export function formatTableTime(ms: number, now: Date): string {
  const full = formatTime(ms);
  if (!/^\d{4}-\d\d-\d\d \d\d:\d\d/.test(full)) return full;
  return new Date(ms).getFullYear() === now.getFullYear() ? full.slice(5, 16) : full.slice(0, 10);
}
