// Raw terminal input to what the app acts on. Ink's input parser hands over one event per escape
// sequence, or per run of plain text that arrived in one read ("jjj" from a held key, a paste).
// Keys are named here from those raw strings rather than from Ink's key flags, because the flags
// lose what a line editor needs: Backspace and Delete both come out as `delete`, Alt-b as a bare
// `b` with a meta flag, and the bracketed-paste markers as text.

/** What one read means: a named key, or text that arrived in one piece. */
export type InputEvent =
  | { type: 'key'; key: string }
  /**
   * Text of more than one character in one read (a paste, or keys typed ahead on a slow link),
   * or everything between the bracketed-paste markers (`bracketed`), which is never keys.
   */
  | { type: 'text'; text: string; bracketed: boolean };

const ESC = '\u001b';
export const PASTE_START = `${ESC}[200~`;
export const PASTE_END = `${ESC}[201~`;
/** A paste larger than this is cut: a prompt holds one line. */
const MAX_PASTE = 65_536;

/** Control characters as they arrive inside text (a burst "jj\r"), by name. */
const CONTROL_NAMES: Record<string, string> = {
  '\r': 'enter',
  '\n': 'enter',
  '\t': 'tab',
  [ESC]: 'escape',
  '\u007f': 'backspace',
  '\b': 'backspace', // Ctrl-H, and Backspace on some terminals
};

/** CSI and SS3 finals (and `N~` codes) of the keys the app uses; modifiers are ignored. */
const SEQUENCE_NAMES: Record<string, string> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
  H: 'home',
  F: 'end',
  Z: 'shift+tab',
  '1~': 'home',
  '7~': 'home',
  '4~': 'end',
  '8~': 'end',
  '3~': 'delete',
  '5~': 'pageup',
  '6~': 'pagedown',
};

const SEQUENCE = /^\u001b\u001b?[[O]([\d;]*)([A-Za-z~])$/;

/** The name of one character: a control character by its name, anything else as itself. */
export function charKeyName(ch: string): string {
  const named = CONTROL_NAMES[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  if (ch.length === 1 && code >= 1 && code <= 26) return `ctrl+${String.fromCharCode(code + 96)}`;
  return ch;
}

function isControl(ch: string): boolean {
  return /^[\u0000-\u001f\u007f-\u009f]$/.test(ch);
}

/** The key an escape sequence (or Esc plus one character) names, if the app knows it. */
export function sequenceKeyName(raw: string): string | undefined {
  if (raw === ESC || raw === ESC + ESC) return 'escape';
  const match = SEQUENCE.exec(raw);
  if (match) {
    const [, params = '', final = ''] = match;
    const first = params.split(';')[0] ?? '';
    return SEQUENCE_NAMES[final === '~' ? `${first}~` : final];
  }
  // Esc and one character in one read: Alt-x, or "Esc, then x" typed quickly.
  const rest = raw.slice(1);
  if (raw.startsWith(ESC) && Array.from(rest).length === 1) return `alt+${charKeyName(rest)}`;
  return undefined; // function keys, mouse and focus reports, kitty sequences: no command
}

/** Text as keys, one per character (a held `j` arrives as "jjj"). */
export function textKeys(text: string): string[] {
  return Array.from(text, charKeyName);
}

function textEvents(raw: string): InputEvent[] {
  const chars = Array.from(raw);
  if (chars.length === 1) return [{ type: 'key', key: charKeyName(raw) }];
  // Over a slow link an arrow key can arrive as Esc, then "[B": the tail of such a sequence is no command.
  if (/^\[[A-D]$|^O[A-D]$/.test(raw)) return [];
  // Only control characters (Backspace held down): keys, since there is nothing to paste.
  if (chars.every(isControl)) return chars.map((ch) => ({ type: 'key', key: charKeyName(ch) }));
  return [{ type: 'text', text: raw, bracketed: false }];
}

/**
 * Unbracketed text in one read is what a paste looks like, but also what keys typed ahead look
 * like ("pa" then Tab, read together as "pa\t"). Control characters before the first printable
 * character and after the last one are taken as keys (Ctrl-U, Tab, Backspace typed ahead);
 * inside the text they are pasted, and the line editor removes them. A line break is never a key
 * here: a newline in a read is the paste rule's (the line before it is submitted).
 */
export function splitTypedAhead(text: string): { before: string[]; text: string; after: string[] } {
  const lead = /^[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]*/.exec(text)![0];
  const rest = text.slice(lead.length);
  const tail = /[\r\n]/.test(rest) ? '' : /[\u0000-\u001f\u007f]*$/.exec(rest)![0];
  return { before: textKeys(lead), text: rest.slice(0, rest.length - tail.length), after: textKeys(tail) };
}

export interface InputReader {
  /** One event as Ink's input parser emits it; returns what it means (often one event, maybe none). */
  push(raw: string): InputEvent[];
}

/**
 * Reads the raw events in order. Between the bracketed-paste markers everything is text, however
 * many reads it takes, and escape sequences inside a paste are dropped: pasted text is never keys.
 */
export function createInputReader(): InputReader {
  let paste: string | undefined;
  return {
    push(raw) {
      if (paste !== undefined) {
        if (raw === PASTE_END) {
          const text = paste;
          paste = undefined;
          return [{ type: 'text', text, bracketed: true }];
        }
        if (!raw.startsWith(ESC) && paste.length < MAX_PASTE) paste += raw.slice(0, MAX_PASTE - paste.length);
        return [];
      }
      if (raw === PASTE_START) {
        paste = '';
        return [];
      }
      if (raw.startsWith(ESC)) {
        const key = sequenceKeyName(raw);
        return key ? [{ type: 'key', key }] : [];
      }
      return textEvents(raw);
    },
  };
}

/** Ctrl-keys the app never sees as keys: Ctrl-C quits, Ctrl-L repaints, Ctrl-Z suspends (inputFilter). */
const RESERVED_KEYS = new Set(['ctrl+c', 'ctrl+l', 'ctrl+z']);

/**
 * Whether `name` is a key this module can produce and a binding can use (the config file's
 * `keys`): one printable character, a named key (enter, escape, tab, shift+tab, backspace,
 * delete, up, down, left, right, home, end, pageup, pagedown) or ctrl+a..ctrl+z where that is
 * not another key's name (ctrl+h is backspace, ctrl+i tab, ctrl+j and ctrl+m enter). Alt-keys
 * are Esc then the key (dispatch), so none is bindable here (a prompt's are: isAltKey).
 */
export function isBindableKey(name: string): boolean {
  if (RESERVED_KEYS.has(name)) return false;
  if (Object.values(CONTROL_NAMES).includes(name) || Object.values(SEQUENCE_NAMES).includes(name)) return true;
  const ctrl = /^ctrl\+([a-z])$/.exec(name);
  if (ctrl) return charKeyName(String.fromCharCode(ctrl[1]!.charCodeAt(0) - 96)) === name;
  const chars = Array.from(name);
  return chars.length === 1 && !isControl(name) && !/\s/.test(name.replace(' ', ''));
}

/** Alt and a character, or Alt-Backspace, as sequenceKeyName names them: bindable in a prompt only (effective.ts). */
export function isAltKey(name: string): boolean {
  const rest = /^alt\+(.+)$/u.exec(name)?.[1];
  return rest !== undefined && (rest === 'backspace' || ([...rest].length === 1 && isBindableKey(rest)));
}
