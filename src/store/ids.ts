// IDs typed or pasted by an operator are checked before they are used: copied from logs and
// tickets, they bring stray spaces, tabs and invisible characters along.

export type Checked = { ok: true; value: string } | { ok: false; error: string };

/** What a character is called in a refusal, with its code point when it cannot be seen. */
function describe(ch: string): string {
  const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  if (ch === ' ') return 'a space';
  if (/\s/u.test(ch)) return `a whitespace character (${code})`;
  if (/\p{Cc}/u.test(ch)) return `a control character (${code})`;
  return `an invisible character (${code})`;
}

/** Shown inside the refusal: short, one line (the prompt bar sanitises it). */
function quoted(text: string): string {
  const short = Array.from(text).length > 40 ? `${Array.from(text).slice(0, 39).join('')}…` : text;
  return JSON.stringify(short);
}

/** Trims; refuses whitespace inside, control and invisible (format) characters. */
export function checkID(raw: string, what: string): Checked {
  const value = raw.trim();
  if (value === '') return { ok: false, error: `type a ${what}` };
  const bad = /[\s\p{Cc}\p{Cf}]/u.exec(value);
  if (bad) return { ok: false, error: `refused ${quoted(value)}: a ${what} cannot contain ${describe(bad[0])}` };
  return { ok: true, value };
}

/** Free text (a nickname, a filter): trimmed; spaces are fine, control and invisible characters are not. */
export function checkText(raw: string, what: string): Checked {
  const value = raw.trim();
  // Joiners stay: emoji sequences and some scripts need them inside a nickname.
  const bad = /[\p{Cc}\p{Cf}]/u.exec(value.replace(/[\u200c\u200d]/g, ''));
  if (bad) return { ok: false, error: `refused ${quoted(value)}: a ${what} cannot contain ${describe(bad[0])}` };
  return { ok: true, value };
}
