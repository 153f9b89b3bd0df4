// What the bin (boot/bin.ts) hands the program it runs (dist/app.js, built by scripts/appScript.mjs).
// The build makes the program the body of a function that the bin calls with `require` and one
// object, this Handover: the program's `import.meta.url` is its `url`, and its dynamic imports of
// what is left outside it (the demo's ES modules) go through its `import`. The entry (cli.ts) reads
// it here, once, as the `Boot` it hands down (config/boot.ts); run from source (the tests, tsx) or
// as ES modules (dist/cli.js) there is no handover, and nothing is handed.
import { makeBoot, NO_BOOT, type Boot, type BootParts } from '../config/boot.js';

export interface Handover {
  url: string;
  import(specifier: string): Promise<unknown>;
  host: BootParts;
}

declare const __oie: Handover | undefined;

export const boot: Boot = typeof __oie === 'object' ? makeBoot(__oie.host) : NO_BOOT;
