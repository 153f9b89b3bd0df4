// get_users hands its userID and nickName filters to MongoDB as `$regex` with option "i",
// unescaped. MongoDB compiles them with PCRE2 (UTF mode); the demo has JavaScript's engine, which
// agrees on the everyday syntax. Known differences (README "quirks"): PCRE-only syntax such as
// inline flags `(?i)`, possessive `a++`, atomic `(?>…)`, `\A` `\z`, `[[:alpha:]]` is an error
// here or means something else; `\_`-style escapes of ordinary characters are accepted by both
// (JavaScript's unicode mode refuses them, so the pattern is retried without it).
import { CodeError } from './errors.js';

/**
 * Compiles a filter as the server would, or gives the error the server would answer with.
 * get_users asks for option "i"; get_groups and the group member search give none (case matters).
 */
export function compileMongoRegex(pattern: string, options: { ignoreCase: boolean } = { ignoreCase: true }): RegExp | CodeError {
  let failure = '';
  const i = options.ignoreCase ? 'i' : '';
  // Unicode mode first: `.` and case folding then work on characters, as PCRE2's UTF mode does.
  for (const flags of [`${i}u`, i]) {
    try {
      return new RegExp(pattern, flags);
    } catch (error) {
      failure ||= error instanceof Error ? error.message : String(error);
    }
  }
  return regexError(pcreMessage(failure));
}

// V8's wording of the common mistakes, to PCRE2's (what MongoDB 6 and 7 report).
const PCRE_WORDING: readonly [RegExp, string][] = [
  [/Unterminated group/, 'missing closing parenthesis'],
  [/Unmatched '\)'/, 'unmatched closing parenthesis'],
  [/Nothing to repeat/, 'quantifier does not follow a repeatable item'],
  [/Unterminated character class/, 'missing terminating ] for character class'],
  [/\\ at end of pattern/, '\\ at end of pattern'],
  [/numbers out of order/, 'numbers out of order in {} quantifier'],
  [/Invalid group/, 'unrecognized character after (? or (?-'],
];

function pcreMessage(v8: string): string {
  for (const [match, wording] of PCRE_WORDING) if (match.test(v8)) return wording;
  // "Invalid regular expression: /x/iu: Some reason" → "Some reason"
  const reason = /: ([^:]+)$/.exec(v8)?.[1] ?? v8;
  return reason.charAt(0).toLowerCase() + reason.slice(1);
}

/**
 * A guess: the contract (openim-api.md §10) only says the call fails with MongoDB's text. The
 * error is not a CodeError, so the RPC answers 500 ServerInternalError with the wrapped text of
 * mongoutil.FindPage (count first) around the driver's CommandError (code 51091).
 */
function regexError(reason: string): CodeError {
  return new CodeError(
    500,
    'ServerInternalError',
    `mongo failed to count documents in collection: mongo count: (Location51091) Regular expression is invalid: ${reason}`,
  );
}
