// The Retry-After header (RFC 9110 §10.2.3): seconds to wait, or an HTTP date to wait until.
// OpenIM main's rate limiter answers 429; a proxy in front of it may too, or 503.

/** Milliseconds to wait, or undefined when the header is missing or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date; anything Date cannot read (or that reads as a bare number) is no answer.
  const at = Date.parse(text);
  if (!Number.isFinite(at) || /^[\d.+-]+$/.test(text)) return undefined;
  return Math.max(0, at - nowMs);
}
