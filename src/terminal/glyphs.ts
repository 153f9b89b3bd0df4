// Every mark the app draws itself (cursor, ellipsis, spinner, separators, connection state), in
// Unicode and in plain ASCII for terminals and locales that cannot show Unicode (`--ascii`, or a
// locale that is not UTF-8). One process-wide switch, set once at start before anything renders:
// components read `glyphs()` at render time.

export interface Glyphs {
  /** Marks the cursor row of a table. */
  cursor: string;
  /** Ends a cut text. */
  ellipsis: string;
  /** A line break inside a single-line cell. */
  newline: string;
  /** A tab inside a single-line cell. */
  tab: string;
  /** Stands for what the sanitiser removed (an escape sequence, a control character). */
  replacement: string;
  /** Between parts of a status or header line. */
  separator: string;
  /** Between steps of the breadcrumb. */
  crumb: string;
  /** "from → to". */
  arrow: string;
  /** A range of numbers: "seqs 41–45". */
  range: string;
  /** "page 3 of ≥12". */
  atLeast: string;
  /** A horizontal rule. */
  rule: string;
  /** Before an error headline. */
  cross: string;
  /** The Enter key in hints. */
  enter: string;
  /** Brackets around a note inside a value, e.g. ⟨json⟩. */
  open: string;
  close: string;
  connected: string;
  failing: string;
  connecting: string;
  /** The live view's mark column: a row new since the last refresh, a row whose values changed. */
  markNew: string;
  markChanged: string;
  spinner: readonly string[];
  /** A counter that went back (a process restarted). */
  restart: string;
  keys: { up: string; down: string; left: string; right: string };
  /** A sparkline's levels, lowest first (the pulse, the cluster screen): an empty day is the first, so no day is blank. */
  spark: readonly string[];
  /** Under a sparkline: the day the cursor is on. */
  sparkCursor: string;
}

export const UNICODE_GLYPHS: Glyphs = {
  cursor: '›',
  ellipsis: '…',
  newline: '⏎',
  tab: '→',
  replacement: '\ufffd',
  separator: '·',
  crumb: '›',
  arrow: '→',
  range: '–',
  atLeast: '≥',
  rule: '─',
  cross: '✗',
  enter: '⏎',
  open: '⟨',
  close: '⟩',
  connected: '●',
  failing: '○',
  connecting: '◌',
  markNew: '+',
  markChanged: '~',
  spinner: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'],
  restart: '↺',
  keys: { up: '↑', down: '↓', left: '←', right: '→' },
  spark: ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'],
  sparkCursor: '▲',
};

/**
 * Each mark that sits in a layout (cursor, ellipsis, separators, connection state) is one cell,
 * like its Unicode twin, so layouts do not change with the mode. A line break in a cell is `\n`,
 * two cells, as an escaped string writes it: any single ASCII mark (`|`, `$`, `\`) is also a
 * character that real text holds.
 */
export const ASCII_GLYPHS: Glyphs = {
  cursor: '>',
  ellipsis: '~',
  newline: '\\n',
  tab: ' ',
  replacement: '?',
  separator: '|',
  crumb: '>',
  arrow: '>',
  range: '-',
  // `>14` would claim more than 14; `>=14` says what `≥14` does (two cells: it sits in no column).
  atLeast: '>=',
  rule: '-',
  cross: 'x',
  enter: 'Enter',
  open: '<',
  close: '>',
  connected: '*',
  failing: 'o',
  connecting: '.',
  markNew: '+',
  markChanged: '~',
  spinner: ['|', '/', '-', '\\'],
  restart: 'R',
  keys: { up: 'Up', down: 'Down', left: 'Left', right: 'Right' },
  spark: ['_', '.', ':', '-', '=', '+', '*', '#'],
  sparkCursor: '^',
};

let current: Glyphs = UNICODE_GLYPHS;

export function setAsciiMode(ascii: boolean): void {
  current = ascii ? ASCII_GLYPHS : UNICODE_GLYPHS;
}


/** The marks of the current mode. */
export function glyphs(): Glyphs {
  return current;
}

/**
 * Whether the locale says the terminal takes UTF-8. The first of LC_ALL, LC_CTYPE, LANG that is
 * set decides (as setlocale does); with none set, UTF-8 is assumed (most terminals today, and
 * many minimal containers export no locale at all). "C" and "POSIX" mean ASCII.
 */
export function localeIsUtf8(env: NodeJS.ProcessEnv): boolean {
  const locale = [env.LC_ALL, env.LC_CTYPE, env.LANG].find((v) => v !== undefined && v !== '');
  if (locale === undefined) return true;
  return /utf-?8/i.test(locale);
}
