// Output in the byte form Go's encoding/json writes: HTML-sensitive characters and the JS line
// separators are escaped. The real server's replies (and the JSON strings nested in message
// content) look like this, and clients must decode them the same way.

const GO_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON.stringify, then Go's HTML escaping. Safe on the whole text: these characters never occur outside strings. */
export function goJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => GO_ESCAPES[c] ?? c);
}

/** Go serialises an empty (nil) repeated field as null, never []. */
export function listOrNull<T>(items: readonly T[]): readonly T[] | null {
  return items.length === 0 ? null : items;
}
