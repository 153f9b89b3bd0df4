// Work that must be undone on every way out of the process (a signal, a crash, a normal exit):
// a partial export file to remove, for one. The terminal's restore handlers (screen.ts) run these
// hooks; whoever starts such work registers its undo here and removes it when the work is done.
// Hooks are synchronous: on a signal there is no event loop left to wait on.

type Hook = () => void;

const hooks = new Set<Hook>();

/** Registers `hook` to run on exit; returns the function that removes it again. */
export function addExitHook(hook: Hook): () => void {
  hooks.add(hook);
  return () => {
    hooks.delete(hook);
  };
}

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
