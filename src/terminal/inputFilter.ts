// What the terminal sends that is not a key for the app, taken out of stdin before Ink's key
// parser sees it: Ink would split an OSC reply or an X10 mouse report into an escape and plain
// text, and the text would act as keys ("[" is previous page). Focus reports become focus changes
// (focus.ts); Ctrl-L and Ctrl-Z belong to the terminal's life (repaint, suspend), not to a screen.
// Between the bracketed-paste markers nothing is taken: a paste is text, whatever it holds.
import { FOCUS_IN, FOCUS_OUT, type ReadableInput } from './focus.js';

const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';
export const CTRL_L = '\u000c';
export const CTRL_Z = '\u001a';

/**
 * The markers, focus reports, X10 mouse reports (ESC [ M and three bytes), OSC, DCS, APC, PM and
 * SOS strings (to BEL or ST, or to the end of the read: see STRING_REST_MS for the rest), Ctrl-L
 * and Ctrl-Z.
 */
const TOKEN = /\u001b\[20[01]~|\u001b\[[IO]|\u001b\[M[\s\S]{0,3}|\u001b[\]P_^X][\s\S]*?(?:\u0007|\u001b\\|$)|[\u000c\u001a]/g;
const INTERESTING = /[\u001b\u000c\u001a]/;
const STRING_END = /\u0007|\u001b\\/;

/**
 * A string cut by a read (a long OSC 52 or colour reply through tmux or SSH) goes on in the next
 * read, which comes at once: that read's text up to BEL or ST is the string's, not keys. A read
 * later than this is the user typing (Alt-] sends ESC ] too), and is keys.
 */
export const STRING_REST_MS = 50;

export interface InputHandlers {
  focus(focused: boolean): void;
  /** Ctrl-L: draw the whole screen again. */
  repaint(): void;
  /** Ctrl-Z: give the terminal back to the shell and stop. */
  suspend(): void;
}

/**
 * A filter over successive reads (it remembers whether a bracketed paste is open, and whether the
 * last read ended inside a string). `now` is injected for the tests.
 */
export function createInputFilter(handlers: InputHandlers, now: () => number = () => performance.now()): (text: string) => string {
  let pasting = false;
  /** When a read ended inside a string, and whether on the ESC that may start its ST. */
  let cut: { at: number; onEsc: boolean } | undefined;
  const restOfString = (text: string): string => {
    const was = cut;
    cut = undefined;
    if (!was || now() - was.at > STRING_REST_MS) return text;
    if (was.onEsc && text.startsWith('\\')) return text.slice(1);
    const end = STRING_END.exec(text);
    if (end) return text.slice(end.index + end[0].length);
    cut = { at: now(), onEsc: text.endsWith('\u001b') };
    return '';
  };
  return (input) => {
    const text = restOfString(input);
    if (!INTERESTING.test(text)) return text;
    return text.replace(TOKEN, (token, offset: number) => {
      if (token === PASTE_START || token === PASTE_END) {
        pasting = token === PASTE_START;
        return token;
      }
      if (pasting) return token;
      if (token === FOCUS_IN || token === FOCUS_OUT) handlers.focus(token === FOCUS_IN);
      else if (token === CTRL_L) handlers.repaint();
      else if (token === CTRL_Z) handlers.suspend();
      // A string that ends the read without its BEL or ST (TOKEN stops at the first): the next read may hold the rest.
      else if (offset + token.length === text.length && isString(token) && !STRING_END.test(token)) {
        cut = { at: now(), onEsc: token.endsWith('\u001b') };
      }
      return '';
    });
  };
}

const isString = (token: string): boolean => /^\u001b[\]P_^X]/.test(token);

/**
 * Filters every read of `stdin` from now on (Ink reads it with read() on 'readable'); a read left
 * empty gives '' (no key). Returns the undo.
 */
export function filterInput(stdin: ReadableInput, handlers: InputHandlers): () => void {
  const filter = createInputFilter(handlers);
  const original = stdin.read;
  const filtered = function (this: ReadableInput, size?: number): unknown {
    const chunk: unknown = original.call(this, size);
    if (typeof chunk === 'string') return filter(chunk);
    // Without an encoding: every token is ASCII, so latin1 keeps each byte as it is, a character
    // cut by the read included.
    if (Buffer.isBuffer(chunk)) return Buffer.from(filter(chunk.toString('latin1')), 'latin1');
    return chunk;
  };
  stdin.read = filtered;
  return () => {
    if (stdin.read === filtered) stdin.read = original;
  };
}
