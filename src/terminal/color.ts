// Ink's colours ignore NO_COLOR, so we decide ourselves and render without colour props
// when it is off (the cursor row then relies on its marker).
export interface ColorFlags {
  /** `--no-color` on the command line. */
  noColor?: boolean;
  stdoutIsTTY: boolean;
  /** The colours `TERM`'s terminfo entry declares (terminfo.ts); undefined: no entry found. Without it, by name only. */
  terminfoColors?: (term: string) => number | undefined;
}

/**
 * Terminals known to have no colours, for when their terminfo entry is not installed (minimal
 * containers often ship none): the DEC VTs, `dumb`, and the `-mono`/`-m` variants.
 */
const MONOCHROME = /^(dumb|vt52|vt1\d\d|vt2\d\d|vt3\d\d|vt4\d\d)$|-(mono|m)$/;

/** Whether a terminal called `term` has colours, from terminfo when there is an entry, else by name. */
export function termHasColors(term: string | undefined, colors: (term: string) => number | undefined): boolean {
  if (term === undefined || term === '') return true;
  if (term === 'dumb') return false;
  const declared = colors(term);
  if (declared !== undefined) return declared >= 8;
  return !MONOCHROME.test(term);
}

/**
 * Whether to use colour and text attributes. Most explicit wins: `--no-color`, then
 * NO_COLOR (any non-empty value; a user's standing wish beats a FORCE_COLOR that tools
 * and CI often export), then FORCE_COLOR ('0' or 'false' disables, anything else enables),
 * then the terminal (TERM=dumb, vt100 and any terminal whose terminfo declares fewer than 8
 * colours), then whether stdout is a terminal.
 */
export function colorEnabled(env: NodeJS.ProcessEnv, flags: ColorFlags): boolean {
  if (flags.noColor === true) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (!flags.stdoutIsTTY) return false;
  return termHasColors(env.TERM, flags.terminfoColors ?? (() => undefined));
}
