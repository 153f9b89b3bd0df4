// Focus reports (ESC [I when the terminal gains focus, ESC [O when it loses it; see
// enableFocusEvents in screen.ts) arrive on stdin among the keys. The input filter
// (inputFilter.ts) takes them out of what Ink reads, before its key parser, so that they never act
// as keys ("[" is previous page) or land in a prompt as text, and hands them to the app as focus
// changes.

export const FOCUS_IN = '\u001b[I';
export const FOCUS_OUT = '\u001b[O';

/** What the input filters wrap: the part of stdin Ink reads from, with read() on 'readable'. */
export interface ReadableInput {
  read(size?: number): unknown;
}
