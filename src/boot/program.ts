// The program as the bin (bin.ts) runs it for the explorer in a terminal: dist/app.js (cli.ts and all it loads,
// wrapped by scripts/appScript.mjs into a function of `require` and the handover, handover.ts),
// compiled with V8's code cache (codeCache.ts), with the demo's worker started first when
// `--demo` asks for it.
import { loadProgram } from './codeCache.js';
import { cacheFolder } from '../data/cacheFolder.js';
import type { Handover } from './handover.js';
import { startEarlyDemoWorker, type TakeEarlyWorker } from 'openim-demo-server/early';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The program's function, as scripts/appScript.mjs wraps it. */
type Program = (require: NodeJS.Require, handover: Handover) => Promise<void>;

export function runProgram(args: readonly string[]): void {
  // The demo's worker (its thread's boot and the server's modules: what the first rows wait for
  // the longest) starts first, beside the program's compiling, not once the program has read the
  // command line; it is told its options then, and holds nothing up if never used.
  let takeDemo: TakeEarlyWorker | undefined;
  if (args.includes('--demo')) {
    try {
      takeDemo = startEarlyDemoWorker(join(__dirname, 'demo.js'));
    } catch {
      // the program starts the demo as before, and says why it cannot
    }
  }
  const file = join(__dirname, 'app.js');
  const program = loadProgram(file, cacheFolder().dir);
  const url = pathToFileURL(file).href;
  void (program.value as Program)(createRequire(file), {
    url,
    import: (specifier) => import(new URL(specifier, url).href),
    host: {
      takeDemoWorker: () => takeDemo?.(),
      saveCodeCache: (kind) => program.save(kind),
    },
  });
}
