// The command users run (package.json's bin), built as CommonJS into dist/cli.cjs. It answers
// `--help` and `--version` on their own, from text fixed at build time (scripts/build.mjs prints
// it with the program itself: one source, config/helpText.ts), and runs the program (dist/app.js,
// cli.ts and all it loads) for every other command line: compiled from V8's code cache when one
// is there (codeCache.ts), handed what host.ts describes.
//
// No ES module is loaded on this thread for it: Node's ES loader costs about a tenth of
// `node -e 0` to start (all of --help's budget, bench figure 2) and a module cannot be given a
// code cache.
import { printAnswer } from './commands/answer.js';
import { loadProgram } from './codeCache.js';
import { cacheFolder, enableCompileCache } from './compileCache.js';
import type { Handover } from './host.js';
import { ignoreUserSignals } from './terminal/signals.js';
import { startEarlyDemoWorker, type TakeEarlyWorker } from 'openim-demo-server/early';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isatty } from 'node:tty';
import { pathToFileURL } from 'node:url';

// Undefined in the build's first pass, which prints them with the program (scripts/build.mjs).
declare const __HELP__: string | undefined;
declare const __VERSION_LINE__: string | undefined;

/** What the bin prints itself: exactly one of these words, nothing else on the line. */
const ANSWERS: Readonly<Record<string, string | undefined>> = {
  '--help': typeof __HELP__ === 'string' ? __HELP__ : undefined,
  '-h': typeof __HELP__ === 'string' ? __HELP__ : undefined,
  '--version': typeof __VERSION_LINE__ === 'string' ? __VERSION_LINE__ : undefined,
};

/** The program's function, as scripts/appScript.mjs wraps it. */
type Program = (require: NodeJS.Require, handover: Handover) => Promise<void>;

// Before anything holds a secret: SIGUSR1 would open Node's inspector to any local user.
ignoreUserSignals();
const args = process.argv.slice(2);
const answer = args.length === 1 ? ANSWERS[args[0] ?? ''] : undefined;
if (answer !== undefined) {
  void printAnswer(answer).then((code) => {
    process.exitCode = code;
  });
} else {
  const dir = cacheFolder();
  if (dir !== undefined) enableCompileCache(dir);
  // The demo's worker (its thread's boot and the server's modules: what the first rows wait for
  // the longest) starts first, beside the program's compiling, not once the program has read the
  // command line; it is told its options then, and holds nothing up if never used.
  let takeDemo: TakeEarlyWorker | undefined;
  if (args.includes('--demo') && isatty(0) && isatty(1)) {
    try {
      takeDemo = startEarlyDemoWorker(join(__dirname, 'demo.js'));
    } catch {
      // the program starts the demo as before, and says why it cannot
    }
  }
  const file = join(__dirname, 'app.js');
  const program = loadProgram(file, dir);
  const url = pathToFileURL(file).href;
  void (program.value as Program)(createRequire(file), {
    url,
    import: (specifier) => import(new URL(specifier, url).href),
    host: {
      takeDemoWorker: () => takeDemo?.(),
      settled: (kind) => program.save(kind),
    },
  });
}
