// What the bin (bin.ts) hands the program it runs (dist/app.js, built by scripts/appScript.mjs),
// and what the program tells it back. The build makes the program the body of a function that
// the bin calls with `require` and one object, this Handover: the program's `import.meta.url` is
// its `url`, and its dynamic imports of what is left outside it (the demo's ES modules) go
// through its `import`. Run from source (the tests, tsx), there is no bin and nothing is handed.
import type { Worker } from 'node:worker_threads';

/** What the program says once it has run what its next start needs (bin.ts saves V8's code cache then). */
export type SettledKind = 'explorer' | 'script';

export interface Host {
  /** The demo's worker the bin started before the program was compiled (`--demo` in a terminal), once. */
  takeDemoWorker(): Worker | undefined;
  /** Said once the first answer is on screen (the explorer) or a command is done (the scripting ones). */
  settled(kind: SettledKind): void;
}

export interface Handover {
  url: string;
  import(specifier: string): Promise<unknown>;
  host: Host;
}

declare const __oie: Handover | undefined;

const NO_BIN: Host = { takeDemoWorker: () => undefined, settled: () => undefined };

export const host: Host = typeof __oie === 'object' ? __oie.host : NO_BIN;
