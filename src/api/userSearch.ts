// get_users' `userID` and `nickName` filters are MongoDB `$regex` patterns, case-insensitive and
// unescaped (openim-api.md §3.1): what an operator types must be escaped to match itself.

/** A search of the users list: the text as typed, and whether it is a regex. */
export interface UserSearch {
  text: string;
  regex: boolean;
}

// The characters with a meaning in a PCRE (and a JavaScript) pattern outside a class. Escaping
// exactly these keeps the pattern valid for both: PCRE takes any escaped punctuation literally,
// and JavaScript's unicode mode allows escaping only syntax characters.
const SYNTAX = /[\\^$.*+?()[\]{}|]/g;

/** `a.c(` to `a\.c\(`: a pattern that matches the text itself. */
export function escapeRegex(text: string): string {
  return text.replace(SYNTAX, '\\$&');
}

/** The pattern to send: the text escaped, or as typed in regex mode. */
export function userSearchPattern(search: UserSearch): string {
  return search.regex ? search.text : escapeRegex(search.text);
}

/**
 * A pattern that matches this user ID only, but for case: the server ignores case, so whoever
 * asks compares the IDs that come back.
 */
export function exactUserIDPattern(userID: string): string {
  return `^${escapeRegex(userID)}$`;
}
