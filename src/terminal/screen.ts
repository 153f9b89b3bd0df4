// Owning the terminal: Ink 6 has no alternate-screen option, so we switch screens ourselves
// and must switch back on every way out (normal exit, signals, crashes), or the user's
// shell is left on a blank screen with no cursor and no echo. Focus reporting, which the live
// view asks for, is turned off on the same way out.
import { hasExitClosers, runExitClosers, runExitHooks } from './exitHooks.js';
import { endAsHangup, terminalFds, terminalLost, type HangupProcess } from './hangup.js';
import { constants } from 'node:os';
import { isatty } from 'node:tty';
import { redact } from '../api/redact.js';
import { sanitize } from './sanitize.js';

export const ENTER_ALT_SCREEN = '\u001b[?1049h';
export const LEAVE_ALT_SCREEN = '\u001b[?1049l';
export const SHOW_CURSOR = '\u001b[?25h';
export const HIDE_CURSOR = '\u001b[?25l';
/**
 * Bracketed paste: the terminal wraps pasted text in ESC[200~ ... ESC[201~, so that a paste is
 * never taken for keys (keys/normalize.ts). Turned off with the alternate screen, or the shell
 * after us would see the markers around every paste.
 */
export const BRACKETED_PASTE_ON = '\u001b[?2004h';
export const BRACKETED_PASTE_OFF = '\u001b[?2004l';
/** Asks the terminal to report focus (ESC [I in, ESC [O out; tmux needs `set -g focus-events on`). */
export const ENABLE_FOCUS_EVENTS = '\u001b[?1004h';
export const DISABLE_FOCUS_EVENTS = '\u001b[?1004l';

/** The part of a writable stream we need; a fake is enough in tests. */
export interface TerminalOutput {
  write(chunk: string): unknown;
}

/** The part of stdin we need to undo raw mode. */
export interface RawModeInput {
  isTTY?: boolean;
  setRawMode?: (mode: boolean) => unknown;
}

// Per output stream: whether the last thing we did was restore it. A WeakMap rather than a
// module flag so that tests (and a second stream) do not share state.
const restored = new WeakMap<TerminalOutput, boolean>();
/** Outputs whose terminal was asked for focus reports, to be asked to stop on the way out. */
const reportingFocus = new WeakSet<TerminalOutput>();

/** Writes to a terminal that may already be gone (SIGHUP after an SSH drop): never throws. */
function safeWrite(out: TerminalOutput, chunk: string): void {
  try {
    out.write(chunk);
  } catch {
    // Nothing useful left to do with a closed terminal.
  }
}

/** Switches to the alternate screen, so the user's scrollback is untouched when we leave. */
export function enterAltScreen(out: TerminalOutput): void {
  safeWrite(out, ENTER_ALT_SCREEN + BRACKETED_PASTE_ON);
  restored.set(out, false);
}

/**
 * Asks for focus reports, so that the live view can pause while the terminal is not looked at.
 * A terminal that does not know the mode ignores it (and focus stays unknown, read as looked at).
 */
export function enableFocusEvents(out: TerminalOutput): void {
  safeWrite(out, ENABLE_FOCUS_EVENTS);
  reportingFocus.add(out);
}

/**
 * The terminal as the explorer keeps it: raw input first (a focus report the terminal sends at
 * once must not be echoed onto the screen), then the alternate screen and focus reports (the live
 * view pauses while the terminal is not looked at). `resumed` after a suspend: the cursor Ink hid
 * at start was shown on the way out, so it is hidden again here.
 */
export function takeTerminal(out: TerminalOutput, stdin: RawModeInput = process.stdin, resumed = false): void {
  if (stdin.isTTY === true && typeof stdin.setRawMode === 'function') stdin.setRawMode(true);
  enterAltScreen(out);
  enableFocusEvents(out);
  if (resumed) safeWrite(out, HIDE_CURSOR);
}

/**
 * Back to the main screen with a visible cursor and cooked input. Idempotent: exit paths
 * overlap (a signal handler restores, then process 'exit' fires), and a second
 * `?1049l` would restore a stale saved cursor position.
 */
export function restoreTerminal(out: TerminalOutput, stdin: RawModeInput = process.stdin): void {
  if (restored.get(out) === true) return;
  restored.set(out, true);
  // Left on, the shell after us would get ESC [I / ESC [O typed into it at every focus change.
  const focusOff = reportingFocus.delete(out) ? DISABLE_FOCUS_EVENTS : '';
  safeWrite(out, BRACKETED_PASTE_OFF + focusOff + LEAVE_ALT_SCREEN + SHOW_CURSOR);
  if (stdin.isTTY === true && typeof stdin.setRawMode === 'function') {
    try {
      stdin.setRawMode(false);
    } catch {
      // stdin already closed: the terminal driver resets it when the session ends.
    }
  }
}

/** What the handlers need from `process`; injectable so they can be tested in-process. */
export interface ProcessLike extends HangupProcess {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener: (...args: unknown[]) => void): unknown;
  exit(code: number): void;
  stderr: TerminalOutput;
}

/** The events of stdin that may mean the terminal is gone. */
export interface InputEvents {
  on(event: 'end' | 'error', listener: (error?: unknown) => void): unknown;
  off(event: 'end' | 'error', listener: (error?: unknown) => void): unknown;
}

/** How long a signal's exit waits for the closers (a worker to stop) before it exits anyway. */
const CLOSE_WAIT_MS = 3000;

// SIGQUIT (Ctrl-\) too: its default core dump would leave the terminal raw, on the alternate screen.
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const;

/** One line for a crash: the message only, since a stack trace means nothing to the user. */
export function crashLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Whatever threw may have quoted a server reply: no JWT and no token=… in the crash line either.
  return `openim-explorer: ${sanitize(redact(message)) || 'unexpected error'}\n`;
}

/**
 * Calls `restore` on every way out: normal exit, SIGINT/SIGTERM/SIGQUIT (then exits with 128 +
 * signal number, as a shell expects), and uncaught errors or rejections (then prints one line to
 * stderr and exits 1). SIGHUP, and any way out once the terminal is lost (hangup.ts: a write that
 * failed with EIO is how a hangup often shows first), end the process as a hangup: restored only
 * while the terminal is still there, the exit hooks run, no crash line, no wait for the closers
 * (killed by a signal, the process has no teardown a busy worker could trip). `input` (stdin)
 * ending or failing is looked at too: in raw mode a terminal's input ends only when it hangs up,
 * and without a SIGHUP (the shell that would pass it on ignores it) that is the only sign. `isTty`
 * is injectable for tests. Returns a function that removes the handlers.
 */
export function installRestoreHandlers(
  restore: () => void,
  proc: ProcessLike = process,
  { input, isTty = isatty }: { input?: InputEvents; isTty?: (fd: number) => boolean } = {},
): () => void {
  // The terminals the explorer draws on, from now on: one of them gone is a hangup.
  const fds = terminalFds(isTty);
  const lost = (): boolean => terminalLost(fds, isTty);
  const safeRestore = (): void => {
    try {
      // Nothing is written to a terminal that is gone: it could only fail.
      if (!lost()) restore();
    } catch {
      // Restoring must never stop us from exiting.
    }
    runExitHooks();
  };
  const hangUp = (): void => {
    safeRestore();
    if (!endAsHangup(proc)) proc.exit(128 + constants.signals.SIGHUP);
  };

  let closing = false;
  const onSignal = (signal: (typeof SIGNALS)[number]) => (): void => {
    if (signal === 'SIGHUP' || lost()) return hangUp();
    const code = 128 + constants.signals[signal];
    // A second signal while the closers run: the operator insists.
    if (closing) return proc.exit(code);
    safeRestore();
    if (!hasExitClosers()) return proc.exit(code);
    // The terminal is back already; the demo's worker stops before the process ends (exitHooks.ts).
    closing = true;
    void runExitClosers(CLOSE_WAIT_MS).then(() => (lost() ? hangUp() : proc.exit(code)));
  };
  const onCrash = (error: unknown): void => {
    if (lost()) return hangUp();
    safeRestore();
    safeWrite(proc.stderr, crashLine(error));
    proc.exit(1);
  };
  const onExit = (): void => (lost() ? hangUp() : safeRestore());
  const onInputGone = (): void => {
    if (lost()) hangUp();
  };

  const handlers: [string, (...args: unknown[]) => void][] = [
    ['exit', onExit],
    ...SIGNALS.map((signal): [string, () => void] => [signal, onSignal(signal)]),
    ['uncaughtException', onCrash],
    ['unhandledRejection', onCrash],
  ];
  for (const [event, handler] of handlers) proc.on(event, handler);
  input?.on('end', onInputGone);
  // Failing on a terminal still there is a crash as any other (one line, exit 1).
  input?.on('error', onCrash);
  return () => {
    for (const [event, handler] of handlers) proc.off(event, handler);
    input?.off('end', onInputGone);
    input?.off('error', onCrash);
  };
}
