// Ink's colours ignore NO_COLOR, so we decide ourselves and render without colour props
// when it is off (the cursor row then relies on its marker).

export interface ColorFlags {
  /** `--no-color` on the command line. */
  noColor?: boolean;
  stdoutIsTTY: boolean;
}

/**
 * Whether to use colour and text attributes. Most explicit wins: `--no-color`, then
 * NO_COLOR (any non-empty value; a user's standing wish beats a FORCE_COLOR that tools
 * and CI often export), then FORCE_COLOR ('0' or 'false' disables, anything else enables),
 * then TERM=dumb, then whether stdout is a terminal.
 */
export function colorEnabled(env: NodeJS.ProcessEnv, flags: ColorFlags): boolean {
  if (flags.noColor === true) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.TERM === 'dumb') return false;
  return flags.stdoutIsTTY;
}
