// IDs typed or pasted by an operator are checked before they are used: copied from logs and
// tickets, they bring stray spaces, tabs and invisible characters along.

export type Checked = { ok: true; value: string } | { ok: false; error: string };

/** What a character is called in a refusal, with its code point when it cannot be seen. */
function describe(ch: string): string {
  const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  if (ch === ' ') return 'a space';
  if (/\s/u.test(ch)) return `whitespace ${code}`;
  if (/\p{Cc}/u.test(ch)) return `a control character ${code}`;
  return `an invisible ${code}`;
}

/** One short line: the value is on the prompt line above, so only where the character is. */
function refusal(value: string, bad: RegExpExecArray, what: string): Checked {
  const before = Array.from(value.slice(0, bad.index)).slice(-16).join('');
  const where = before ? ` after ${JSON.stringify(before)}` : ' at the start';
  return { ok: false, error: `refused: a ${what} cannot have ${describe(bad[0])}${where}` };
}

/**
 * What the user picker adds when what was typed is a name rather than an ID (it has a space), or
 * no user has that ID: the search finds users by name. `key`: the search's key in force.
 */
export function findByNameNote(key: string | undefined): string {
  return key === undefined ? '' : `; ${key} on Users finds users by name`;
}

/**
 * Typed text without the spaces, tabs and line breaks around it. Not trim(): it takes an NBSP and
 * U+3000 too, and `user_a` + NBSP, another user's ID, became `user_a`.
 */
export function trimTyped(raw: string): string {
  return raw.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
}

/** Trims (trimTyped); refuses whitespace inside or around (an NBSP), control and invisible (format) characters. */
export function checkID(raw: string, what: string): Checked {
  const value = trimTyped(raw);
  if (value === '') return { ok: false, error: `type a ${what}` };
  const bad = /[\s\p{Cc}\p{Cf}]/u.exec(value);
  return bad ? refusal(value, bad, what) : { ok: true, value };
}

/** Free text (a nickname, a filter): trimmed; spaces are fine, control and invisible characters are not. */
export function checkText(raw: string, what: string): Checked {
  const value = raw.trim();
  // Joiners stay: emoji sequences and some scripts need them inside a nickname.
  const bad = /(?![\u200c\u200d])[\p{Cc}\p{Cf}]/u.exec(value);
  return bad ? refusal(value, bad, what) : { ok: true, value };
}
