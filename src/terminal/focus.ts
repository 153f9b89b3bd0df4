// Focus reports (ESC [I when the terminal gains focus, ESC [O when it loses it; see
// enableFocusEvents in screen.ts) arrive on stdin among the keys. They are taken out of what Ink
// reads, before its key parser, so that they never act as keys ("[" is previous page) or land in
// a prompt as text, and handed to the app as focus changes.

export const FOCUS_IN = '\u001b[I';
export const FOCUS_OUT = '\u001b[O';
const REPORT = /\u001b\[([IO])/g;

/** `text` without its focus reports; `onFocus` is called for each, in order. */
export function stripFocusReports(text: string, onFocus: (focused: boolean) => void): string {
  if (!text.includes('\u001b[')) return text;
  return text.replace(REPORT, (_match, which: string) => {
    onFocus(which === 'I');
    return '';
  });
}

/** The part of stdin Ink reads from (after setEncoding('utf8'), so strings). */
export interface ReadableInput {
  read(size?: number): unknown;
}

/**
 * Filters focus reports out of every read of `stdin` from now on (Ink reads it with read() on
 * 'readable'). A read that held only a report gives '' (no key). Returns the undo.
 */
export function filterFocusReports(stdin: ReadableInput, onFocus: (focused: boolean) => void): () => void {
  const original = stdin.read;
  const filtered = function (this: ReadableInput, size?: number): unknown {
    const chunk: unknown = original.call(this, size);
    if (typeof chunk === 'string') return stripFocusReports(chunk, onFocus);
    if (Buffer.isBuffer(chunk)) return stripFocusBytes(chunk, onFocus);
    return chunk;
  };
  stdin.read = filtered;
  return () => {
    if (stdin.read === filtered) stdin.read = original;
  };
}

/** The same on raw bytes (a stdin without an encoding), without decoding: a read may end mid-character. */
function stripFocusBytes(chunk: Buffer, onFocus: (focused: boolean) => void): Buffer {
  if (!chunk.includes('\u001b[')) return chunk;
  const kept: number[] = [];
  for (let i = 0; i < chunk.length; i++) {
    const which = chunk[i + 2];
    if (chunk[i] === 0x1b && chunk[i + 1] === 0x5b && (which === 0x49 || which === 0x4f)) {
      onFocus(which === 0x49);
      i += 2;
    } else kept.push(chunk[i]!);
  }
  return Buffer.from(kept);
}
