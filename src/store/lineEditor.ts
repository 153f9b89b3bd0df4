// The line editor every prompt uses: state + named edit -> state, the edits a shell user's fingers
// know (readline's emacs set). Pure: no terminal I/O, no store; the prompt glue is in prompt.ts.
import { graphemeSegmenter } from '../terminal/width.js';

export interface LineState {
  text: string;
  /** UTF-16 offset into `text`, always on a character (grapheme) boundary. */
  cursor: number;
  /** The last killed text, for Ctrl-Y; kept from one prompt to the next. */
  killRing: string;
  /** Whether the previous key killed, and which way: consecutive kills add up, as in readline. */
  lastKill: 'backward' | 'forward' | null;
  /** ↑/↓: the history entry shown (-1: the line being typed), and that line while browsing. */
  historyIndex: number;
  draft: string;
  /** Tab cycling: the candidates found by the first Tab and the one on the line. */
  completion: { candidates: readonly string[]; index: number } | null;
  /**
   * The line holds what was in force when the prompt opened, selected: the first character typed
   * or pasted replaces it, Backspace or Delete clears it, any other edit keeps it and ends the
   * selection (a GUI's selected field, so that typing never appends to the old value).
   */
  selected: boolean;
}

export interface EditContext {
  /** Earlier lines of this prompt, newest first. */
  history: readonly string[];
  /** Whole lines that complete `text` (called on the first Tab only). */
  complete(text: string): readonly string[];
}

export interface EditResult {
  line: LineState;
  /** The line is to be submitted (a pasted newline). */
  submit: boolean;
  /** A one-line message for under the prompt. */
  note?: string;
}

/** A prompt holds one line of an ID or a short command: more is cut. */
export const MAX_LINE = 4096;

export function newLine(text = '', killRing = '', selected = false): LineState {
  const clean = cleanText(text).slice(0, MAX_LINE);
  return { text: clean, cursor: clean.length, killRing, lastKill: null, historyIndex: -1, draft: '', completion: null, selected: selected && clean !== '' };
}

/** The line with its selection gone: replaced by nothing (what is typed next goes in its place). */
const cleared = (line: LineState): LineState => ({ ...line, text: '', cursor: 0, selected: false });
/** The line as typing into it sees it: a selection is replaced. */
const forTyping = (line: LineState): LineState => (line.selected ? cleared(line) : line);


// `containing` asks ICU for the boundaries around one offset: no walk over the whole line per key.
function prevChar(text: string, at: number): number {
  return at <= 0 ? 0 : (graphemeSegmenter().segment(text).containing(at - 1)?.index ?? at - 1);
}

function nextChar(text: string, at: number): number {
  const segment = at >= text.length ? undefined : graphemeSegmenter().segment(text).containing(at);
  return segment ? segment.index + segment.segment.length : text.length;
}

const WORD = /[\p{L}\p{N}_]/u;
/** Ctrl-W stops at whitespace, as in bash, and at commas, which separate our ID lists. */
const SEPARATOR = /[\s,]/u;

/** Alt-B: the start of this word or the one before (words are letters, digits and `_`). */
function wordBack(text: string, at: number, isWord: (ch: string) => boolean): number {
  let i = at;
  while (i > 0 && !isWord(text[i - 1]!)) i--;
  while (i > 0 && isWord(text[i - 1]!)) i--;
  return i;
}

/** Alt-F: the end of this word or the next. */
function wordForward(text: string, at: number): number {
  let i = at;
  while (i < text.length && !WORD.test(text[i]!)) i++;
  while (i < text.length && WORD.test(text[i]!)) i++;
  return i;
}

const isWordChar = (ch: string): boolean => WORD.test(ch);
const isNotSeparator = (ch: string): boolean => !SEPARATOR.test(ch);

/** What may be typed or pasted: control characters go (a tab becomes a space, so cells stay apart). */
function cleanText(text: string): string {
  return text.replace(/\t/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

function insert(line: LineState, raw: string): { line: LineState; cut: boolean } {
  const room = MAX_LINE - line.text.length;
  const clean = cleanText(raw);
  const text = clean.slice(0, Math.max(0, room));
  return {
    line: {
      ...line,
      text: line.text.slice(0, line.cursor) + text + line.text.slice(line.cursor),
      cursor: line.cursor + text.length,
    },
    cut: text.length < clean.length,
  };
}

/** Removes text[from, to) into the kill ring, adding to it when the previous key killed too. */
function kill(line: LineState, from: number, to: number, direction: 'backward' | 'forward'): LineState {
  if (from === to) return { ...line, lastKill: direction };
  const killed = line.text.slice(from, to);
  const killRing =
    line.lastKill === null ? killed : direction === 'backward' ? killed + line.killRing : line.killRing + killed;
  return { ...line, text: line.text.slice(0, from) + line.text.slice(to), cursor: from, killRing, lastKill: direction };
}

function browse(line: LineState, direction: 1 | -1, history: readonly string[]): LineState {
  const index = line.historyIndex + direction;
  if (index < -1 || index >= history.length) return line;
  const draft = line.historyIndex === -1 ? line.text : line.draft;
  const text = index === -1 ? draft : history[index]!;
  return { ...line, text, cursor: text.length, historyIndex: index, draft };
}

function cycle(line: LineState, direction: 1 | -1, ctx: EditContext): EditResult {
  const completion = line.completion ?? { candidates: ctx.complete(line.text), index: -1 };
  const count = completion.candidates.length;
  if (count === 0) return { line, submit: false, note: 'no completions' };
  const index = completion.index === -1 ? (direction === 1 ? 0 : count - 1) : (completion.index + direction + count) % count;
  const text = completion.candidates[index]!.slice(0, MAX_LINE);
  return { line: { ...line, text, cursor: text.length, completion: { candidates: completion.candidates, index } }, submit: false };
}

/**
 * What the editor does, by name. Which keys do it is the keys layer's business (keys/promptKeys.ts:
 * rows of the one bindings table, rebindable like any other); the editor knows no key.
 */
export const LINE_EDITS = [
  'charLeft', 'charRight', 'lineStart', 'lineEnd', 'wordLeft', 'wordRight',
  'deleteBack', 'deleteHere', 'killToStart', 'killToEnd', 'killToSpace', 'killWordBack', 'killWordAhead',
  'yank', 'historyBack', 'historyAhead', 'completeNext', 'completeBack',
] as const;

export type LineEdit = (typeof LINE_EDITS)[number];

/** One named edit of the line. */
export function editLine(selectedLine: LineState, edit: LineEdit, ctx: EditContext): EditResult {
  // Backspace or Delete on the selection clears it; any other edit keeps the text and ends the selection.
  if (selectedLine.selected && (edit === 'deleteBack' || edit === 'deleteHere')) return { line: cleared(selectedLine), submit: false };
  const line = selectedLine.selected ? { ...selectedLine, selected: false } : selectedLine;
  if (edit === 'completeNext' || edit === 'completeBack') return cycle(line, edit === 'completeNext' ? 1 : -1, ctx);
  // Any other key ends a completion cycle and, unless it kills, a run of kills.
  const base: LineState = { ...line, completion: null, lastKill: null };
  const killing: LineState = { ...line, completion: null };
  const { text, cursor } = line;
  const moved = (to: number): EditResult => ({ line: { ...base, cursor: to }, submit: false });
  const same = (next: LineState): EditResult => ({ line: next, submit: false });
  switch (edit) {
    case 'charLeft':
      return moved(prevChar(text, cursor));
    case 'charRight':
      return moved(nextChar(text, cursor));
    case 'lineStart':
      return moved(0);
    case 'lineEnd':
      return moved(text.length);
    case 'wordLeft':
      return moved(wordBack(text, cursor, isWordChar));
    case 'wordRight':
      return moved(wordForward(text, cursor));
    case 'deleteBack': {
      const from = prevChar(text, cursor);
      return same({ ...base, text: text.slice(0, from) + text.slice(cursor), cursor: from });
    }
    case 'deleteHere':
      return same({ ...base, text: text.slice(0, cursor) + text.slice(nextChar(text, cursor)) });
    case 'killToStart':
      return same(kill(killing, 0, cursor, 'backward'));
    case 'killToEnd':
      return same(kill(killing, cursor, text.length, 'forward'));
    case 'killToSpace':
      return same(kill(killing, wordBack(text, cursor, isNotSeparator), cursor, 'backward'));
    case 'killWordBack':
      return same(kill(killing, wordBack(text, cursor, isWordChar), cursor, 'backward'));
    case 'killWordAhead':
      return same(kill(killing, cursor, wordForward(text, cursor), 'forward'));
    case 'yank':
      return same(insert(base, line.killRing).line);
    case 'historyBack':
      return same(browse(base, 1, ctx.history));
    case 'historyAhead':
      return same(browse(base, -1, ctx.history));
  }
}

/** One typed character; anything else (a key's name, a control character) changes nothing. */
export function typeIntoLine(line: LineState, char: string): EditResult {
  if (Array.from(char).length !== 1 || /[\u0000-\u001f\u007f-\u009f]/.test(char)) return { line, submit: false };
  const typed = insert({ ...forTyping(line), completion: null, lastKill: null }, char);
  return typed.cut ? { line: typed.line, submit: false, note: `a prompt holds up to ${MAX_LINE} characters` } : { line: typed.line, submit: false };
}

/**
 * Text that arrived in one piece. Without the paste markers a newline in it is Enter (the
 * terminal cannot tell typed from pasted): the line before it is submitted. A bracketed paste is
 * known to be pasted: its first line is inserted, never submitted. Either way what follows the
 * first line is dropped with a note, never typed as keys, and control characters are removed.
 */
export function pasteIntoLine(line: LineState, text: string, bracketed: boolean): EditResult {
  const body = text.replace(/^[\r\n]+/, '');
  const breakAt = body.search(/[\r\n]/);
  const first = breakAt === -1 ? body : body.slice(0, breakAt);
  const rest = breakAt === -1 ? '' : body.slice(breakAt).trim();
  const { line: next, cut } = insert({ ...(first === '' ? line : forTyping(line)), completion: null, lastKill: null }, first);
  const notes: string[] = [];
  if (rest !== '') {
    const lines = rest.split(/\r\n|\r|\n/).length;
    notes.push(`dropped ${lines} more pasted line${lines === 1 ? '' : 's'}`);
  }
  if (cut) notes.push(`a prompt holds up to ${MAX_LINE} characters`);
  return {
    line: next,
    submit: !bracketed && breakAt !== -1,
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
  };
}
