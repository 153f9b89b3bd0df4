// Work that must be undone on every way out of the process (a signal, a crash, a normal exit):
// a partial export file to remove, for one. The terminal's restore handlers (screen.ts) run these
// hooks; whoever starts such work registers its undo here and removes it when the work is done.
// Hooks are synchronous: on a signal there is no event loop left to wait on. Closers are the
// asynchronous part a signal's exit waits for, within a deadline: a worker thread to stop before
// the process ends (the demo server's), since ending a process with a busy worker is ending the
// worker in the middle of whatever it does.

type Hook = () => void;

const hooks = new Set<Hook>();

/** Adds `item` to `set`; returns the function that removes it again. */
function register<T>(set: Set<T>, item: T): () => void {
  set.add(item);
  return () => {
    set.delete(item);
  };
}

/** Registers `hook` to run on exit; returns the function that removes it again. */
export const addExitHook = (hook: Hook): (() => void) => register(hooks, hook);

/** Runs every registered hook once (each is removed first, so overlapping exit paths run it once). */
export function runExitHooks(): void {
  for (const hook of [...hooks]) {
    hooks.delete(hook);
    try {
      hook();
    } catch {
      // One failed undo must not stop the others, nor the exit.
    }
  }
}

type Closer = () => Promise<void>;

const closers = new Set<Closer>();

/** Registers `close` to be awaited before a signal ends the process; returns its removal. */
export const addExitCloser = (close: Closer): (() => void) => register(closers, close);

/** Whether a signal's exit has anything to wait for. */
export function hasExitClosers(): boolean {
  return closers.size > 0;
}

/**
 * Runs every closer once (removed first) and resolves when all have settled, or after
 * `deadlineMs` whatever they do: a closer never keeps a signalled process alive.
 */
export function runExitClosers(deadlineMs: number): Promise<void> {
  const running = [...closers].map((close) => {
    closers.delete(close);
    return Promise.resolve().then(close).catch(() => undefined);
  });
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, deadlineMs);
    void Promise.all(running).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
