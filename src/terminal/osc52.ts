// Copy to the clipboard of the terminal the user sits at, even over SSH: OSC 52 travels
// in-band with the output, so no X server or pbcopy is needed on the remote side.

const ESC = '\u001b';
const BEL = '\u0007';

/**
 * The bytes that ask the terminal to put `text` on the clipboard. Inside tmux the sequence
 * is wrapped in tmux's DCS passthrough (every ESC doubled), which reaches the outer
 * terminal when tmux has `allow-passthrough on`.
 */
export function osc52Sequence(text: string, env: NodeJS.ProcessEnv): string {
  // BEL rather than ST as terminator: more terminals accept it, and it contains no ESC
  // that tmux would need doubled.
  const sequence = `${ESC}]52;c;${Buffer.from(text, 'utf8').toString('base64')}${BEL}`;
  if (!env.TMUX) return sequence;
  return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ESC}\\`;
}

/** Puts `text` on the clipboard by writing the sequence between Ink's frames (it moves no cursor). */
export function copyToClipboard(out: { write(data: string): unknown }, text: string, env: NodeJS.ProcessEnv = process.env): void {
  out.write(osc52Sequence(text, env));
}
