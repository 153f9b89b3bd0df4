// The query of a list searched by one text on the server (users, groups, a group's members): the
// text as typed (escaped when sent, users.ts/groups.ts use api/userSearch.ts) or, with `re:`, a
// pattern. One builder, so that the prompt, the breadcrumb and the flags read it the same way.
import { parseSearchInput, searchInputOf, searchLabel, type SearchQuery } from '../domain/search.js';
import { displayText } from '../terminal/settle.js';
import { truncate } from '../terminal/width.js';
import { sanitize } from '../terminal/sanitize.js';
import { textFlag, type EmptyTextKeys, type QueryFlags, type QuerySpec } from './types.js';

/**
 * `base` is the rest of the query (a group's members keep their group): the prompt's answer keeps
 * what the list was opened with, and `fromFlags` reads it from the flags.
 */
export function textSearchQuery<Base extends object = Record<never, never>>(spec: {
  base: Base;
  baseFromFlags?: (flags: QueryFlags) => Base;
  label: string;
  hint: string;
}): QuerySpec<Base & SearchQuery> {
  return {
    initial: { ...spec.base, search: '', regex: false },
    narrowed: (q) => q.search !== '',
    // The breadcrumb names the search, with its count of matches; the status line need not.
    label: () => '',
    crumb: (q) => `${q.regex ? 'regex' : 'search'} ${truncate(displayText(searchLabel(q)), 40)}`,
    prompt: {
      kind: 'search',
      label: spec.label,
      hint: spec.hint,
      text: searchInputOf,
      answer(text, base) {
        const { text: search, regex } = parseSearchInput(text);
        return { ...base, search, regex: search !== '' && regex };
      },
    },
    fromFlags: (f) => ({ ...(spec.baseFromFlags?.(f) ?? spec.base), search: textFlag(f, 'search') ?? '', regex: f.regex === true }),
  };
}

/**
 * What such a list says when it is empty: what the search looked in (`no user's ID or nickname
 * contains "x"`), the keys that search again and go back, and what it says with no search.
 */
export function textSearchEmpty(spec: { searched: string; caseCounts?: true; all: string; none: string }) {
  return ({ search, regex }: SearchQuery, keys: EmptyTextKeys): string =>
    search
      ? `no ${spec.searched} ${regex ? 'matches' : 'contains'} ${sanitize(searchLabel({ search, regex }))} (${spec.caseCounts ? 'case counts; ' : ''}${keys.search ? `${keys.search} to search again, ` : ''}${keys.back} for ${spec.all})`
      : spec.none;
}
