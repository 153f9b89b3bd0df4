// Losing the terminal (an SSH drop, a closed window, `tmux kill-server`) ends the process as a
// hangup does: killed by SIGHUP, which the shell reports as 129. Not by process.exit: at exit,
// Node puts back the modes each standard descriptor had at start (node::ResetStdio) and asserts
// that tcsetattr worked, which on a hung-up terminal it cannot (EIO): the process died of SIGABRT,
// with a native stack, and a core holding the token where cores are kept (nodejs/node #42433,
// #51519). A signal left at its default action ends the process in the kernel, before any of
// that runs, as it ends every program that does not catch SIGHUP. What must be undone first (an
// export's partial file: exitHooks.ts) is run before; nothing is written to the dead terminal.
import { isatty } from 'node:tty';
import { runExitHooks } from './exitHooks.js';

/** What ending as a hangup needs from `process`; injectable so it can be tested in-process. */
export interface HangupProcess {
  readonly pid: number;
  readonly platform: NodeJS.Platform;
  on(event: 'exit', listener: () => void): unknown;
  off(event: 'exit', listener: () => void): unknown;
  removeAllListeners(event: 'SIGHUP'): unknown;
  kill(pid: number, signal: 'SIGHUP'): unknown;
}

type IsTty = (fd: number) => boolean;

/** The standard descriptors (0, 1, 2) that are terminals now: the ones Node restores at exit. */
export function terminalFds(isTty: IsTty = isatty): number[] {
  return [0, 1, 2].filter((fd) => isTty(fd));
}

/**
 * Whether one of `fds` (terminals when they were taken) is one no more: isatty(3) asks the
 * terminal for its modes, as Node's restore would, and a hung-up terminal answers EIO, a closed
 * descriptor EBADF. Measured, not guessed from an error's code: a disk's EIO is not a hangup.
 */
export function terminalLost(fds: readonly number[], isTty: IsTty = isatty): boolean {
  return fds.some((fd) => !isTty(fd));
}

/**
 * Kills the process with SIGHUP at its default action (every listener removed: Node then gives
 * the signal back to the kernel). The signal is delivered before kill(2) returns; returns false
 * where there is no such signal (Windows, which restores no terminal modes at exit either).
 */
export function endAsHangup(proc: HangupProcess = process): boolean {
  if (proc.platform === 'win32') return false;
  proc.removeAllListeners('SIGHUP');
  try {
    proc.kill(proc.pid, 'SIGHUP');
  } catch {
    return false;
  }
  return true;
}

/**
 * From here to the end of the process, whatever ends it (a finished command, process.exit, an
 * uncaught error): when a standard descriptor that is a terminal now is lost by then, the exit
 * hooks run and the process ends as a hangup instead of going through Node's restore. Registered
 * before any other exit listener (cli.ts), so it runs first; returns its removal (tests).
 */
export function guardHangup(proc: HangupProcess = process, isTty: IsTty = isatty): () => void {
  const fds = terminalFds(isTty);
  const onExit = (): void => {
    if (!terminalLost(fds, isTty)) return;
    runExitHooks();
    endAsHangup(proc);
  };
  if (fds.length > 0) proc.on('exit', onExit);
  return () => {
    proc.off('exit', onExit);
  };
}
