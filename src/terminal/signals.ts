// Signals that do not end the process: job control (Ctrl-Z, SIGTSTP, SIGCONT), and SIGUSR1/SIGUSR2,
// which do nothing. The ones that end it are installRestoreHandlers' (screen.ts).

/** What the handlers need from `process`; injectable so they can be tested in-process. */
export interface SignalProcess {
  readonly pid: number;
  on(event: string, listener: () => void): unknown;
  off(event: string, listener: () => void): unknown;
  kill(pid: number, signal: NodeJS.Signals): unknown;
}

/**
 * SIGUSR1 would open Node's inspector on 127.0.0.1:9229 (and print over the UI): any local user
 * could then run code in the process that holds the token and the secret. A listener stops
 * that; debugging is `node --inspect dist/cli.js`. SIGUSR2, whose default ends the process
 * without restoring the terminal, is ignored alike. Returns the undo.
 */
export function ignoreUserSignals(proc: SignalProcess = process): () => void {
  const nothing = (): void => undefined;
  proc.on('SIGUSR1', nothing);
  proc.on('SIGUSR2', nothing);
  return () => {
    proc.off('SIGUSR1', nothing);
    proc.off('SIGUSR2', nothing);
  };
}

export interface JobControl {
  /** Gives the terminal back (leave) and stops the process; `back` runs when it is continued. */
  suspend(): void;
  uninstall(): void;
}

/**
 * Job control as less and vim do it: Ctrl-Z (the app calls suspend(), since raw mode turns it
 * into a byte) or SIGTSTP from outside run `leave` (the terminal as the shell wants it), then stop
 * the process; SIGCONT (`fg`) runs `back`. SIGCONT also comes after a SIGSTOP from outside, during
 * which the shell may have reset the terminal: `back` then puts it as the app wants it again.
 */
export function installJobControl(terminal: { leave(): void; back(): void }, proc: SignalProcess = process): JobControl {
  const suspend = (): void => {
    terminal.leave();
    // SIGSTOP, not SIGTSTP: the process listens for SIGTSTP, so raising it would only call this again.
    proc.kill(proc.pid, 'SIGSTOP');
  };
  const onContinue = (): void => terminal.back();
  proc.on('SIGTSTP', suspend);
  proc.on('SIGCONT', onContinue);
  return {
    suspend,
    uninstall: () => {
      proc.off('SIGTSTP', suspend);
      proc.off('SIGCONT', onContinue);
    },
  };
}

/**
 * Sends what Node and libraries would print while the UI is up (warnings, deprecations) to
 * `sink` (the request log), or nowhere: on stderr it would land in the middle of the frame.
 * Returns the undo, which gives the previous listeners back.
 */
export function routeWarnings(sink: ((line: string) => void) | undefined, proc: NodeJS.Process = process): () => void {
  const previous = proc.listeners('warning');
  proc.removeAllListeners('warning');
  const onWarning = (warning: Error): void => {
    sink?.(`${warning.name}: ${warning.message}`);
  };
  proc.on('warning', onWarning);
  return () => {
    proc.off('warning', onWarning);
    for (const listener of previous) proc.on('warning', listener);
  };
}
