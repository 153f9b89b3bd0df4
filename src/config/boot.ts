// What the start (src/boot/: the bin and the program it compiles) hands the explorer and the
// scripting commands, through the entry (cli.ts), and what they tell it back. No layer imports
// boot/ (a dependency-cruiser rule): this is its whole face, passed down as a value.
//
// V8 refuses a code cache taken under other flags than the next start's, so the heap flags
// (explorer/heap.ts, commands/heap.ts) must be set after the cache is taken. That order is a type
// here: the only way to set them is the `Settled` that `settled()` returns (and eslint refuses
// setFlagsFromString anywhere else in src/).
import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';

/** What the program says it has run, which its next start compiles from the cache: the explorer's first answer, a command. */
export type SettledKind = 'explorer' | 'script';

/** What the start hands down once the code cache is taken: the heap flags, which must come after it. */
export interface Settled {
  setHeapFlags(flags: string): void;
}

export interface Boot {
  /** The demo's worker the bin started before the program was compiled (`--demo` in a terminal), once. */
  takeDemoWorker(): Worker | undefined;
  /** Said once the first answer is on screen (the explorer) or a command is done: the code cache is taken then. */
  settled(kind: SettledKind): Settled;
}

/** What the bin itself provides (boot/program.ts); the rest of `Boot` is made here. */
export interface BootParts {
  takeDemoWorker(): Worker | undefined;
  saveCodeCache(kind: SettledKind): void;
}

export function makeBoot(parts: BootParts): Boot {
  const settled: Settled = { setHeapFlags: (flags) => setFlagsFromString(flags) };
  return {
    takeDemoWorker: () => parts.takeDemoWorker(),
    settled: (kind) => {
      parts.saveCodeCache(kind);
      return settled;
    },
  };
}

/** Run from source (the tests, tsx) or as ES modules (dist/cli.js): no early worker, no code cache. */
export const NO_BOOT: Boot = makeBoot({ takeDemoWorker: () => undefined, saveCodeCache: () => undefined });
