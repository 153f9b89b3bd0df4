// The users search as the operator types it: literal text, or a regex after `re:`.
import type { UserSearch } from '../api/userSearch.js';

/** The users list's query: userID or nickname contains `search` (or matches it, with `regex`). */
export interface SearchQuery {
  search: string;
  regex: boolean;
}

/** What the prompt takes to mean a regex. */
export const REGEX_PREFIX = 're:';

/** `re:^ka` is the regex `^ka`; anything else is literal text. Blank ends the search. */
export function parseSearchInput(input: string): UserSearch {
  const value = input.trim();
  if (value.startsWith(REGEX_PREFIX)) return { text: value.slice(REGEX_PREFIX.length).trim(), regex: true };
  return { text: value, regex: false };
}

/** The prompt's text for a search already in force, so that `s` edits it. */
export function searchInputOf(query: SearchQuery): string {
  const text = query.search;
  if (text === '') return '';
  return query.regex ? `${REGEX_PREFIX}${text}` : text;
}

/** How the search is named on screen: `"a.c"` for text, `/^ka/` for a regex. */
export function searchLabel(query: SearchQuery): string {
  const text = query.search;
  return query.regex ? `/${text}/` : JSON.stringify(text);
}
