// Copy to the clipboard of the terminal the user sits at, even over SSH: OSC 52 travels
// in-band with the output, so no X server or pbcopy is needed on the remote side. What is copied
// is built inert first (api/inertText.ts); this module only carries it.
import { execFileSync } from 'node:child_process';

const ESC = '\u001b';
const BEL = '\u0007';

/**
 * The bytes that ask the terminal to put `text` on the clipboard.
 *
 * Inside tmux (TMUX set) two copies are sent, because tmux has two ways to deliver it and an
 * operator has set up one or the other:
 * - the plain OSC 52, which tmux itself takes with `set -g set-clipboard on`: it makes a paste
 *   buffer and sets the outer terminal's clipboard (with the default `external`, or `off`, tmux
 *   ignores it);
 * - the same sequence wrapped in tmux's DCS passthrough (`ESC P tmux; … ESC \`, every ESC inside
 *   doubled), which tmux hands to the outer terminal unread with `allow-passthrough on` (and
 *   drops whole without it).
 * With both options on, the outer terminal is told twice; the clipboard ends up the same.
 */
export function osc52Sequence(text: string, env: NodeJS.ProcessEnv): string {
  // BEL rather than ST as terminator: more terminals accept it, and it contains no ESC
  // that tmux would need doubled.
  const sequence = `${ESC}]52;c;${Buffer.from(text, 'utf8').toString('base64')}${BEL}`;
  if (!env.TMUX) return sequence;
  return sequence + `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ESC}\\`;
}

/** Puts `text` on the clipboard by writing the sequence between Ink's frames (it moves no cursor). */
export function copyToClipboard(out: { write(data: string): unknown }, text: string, env: NodeJS.ProcessEnv = process.env): void {
  out.write(osc52Sequence(text, env));
}

/**
 * How the status line says a copy travelled. Inside tmux without `set-clipboard on` (its default is
 * `external`) tmux takes no OSC 52 and makes no paste buffer, so the option to set is named;
 * `setClipboard` is tmux's value of it, undefined when it could not be asked.
 */
export function copyNote(env: NodeJS.ProcessEnv, setClipboard: string | undefined): string {
  if (!env.TMUX || setClipboard === 'on') return 'OSC 52';
  return 'OSC 52; in tmux set set-clipboard on';
}

/**
 * tmux's `set-clipboard`, asked of the server the app runs in (tmux finds it by $TMUX): a fixed
 * command of 2 to 3 ms, run at each copy so that an option set after a hint is seen at the next.
 */
export function tmuxSetClipboard(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.TMUX) return undefined;
  // Only what finds tmux and its server: a secret in the environment stays in this process.
  const own: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'TMUX', 'TMUX_TMPDIR', 'HOME']) if (env[name] !== undefined) own[name] = env[name];
  try {
    return execFileSync('tmux', ['show-options', '-sv', 'set-clipboard'], { env: own, encoding: 'utf8', timeout: 1000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined; // no tmux on PATH, or its server is gone
  }
}
