// The command users run (package.json's bin), built as CommonJS into dist/cli.cjs. It answers
// `--help` and `--version` on their own, from text fixed at build time (scripts/build.mjs prints
// it with the built dist/cli.js: one source, config/helpText.ts), and runs cli.ts for every other
// command line, in one of two builds (scripts/build.mjs):
// - in a terminal (stdin and stdout), where the explorer may run: the program, dist/app.js, one
//   script compiled with V8's code cache (codeCache.ts) and handed what host.ts describes. No ES
//   module is loaded on this thread for it: Node's ES loader costs about a tenth of `node -e 0`
//   to start, and a module cannot be given a code cache;
// - anywhere else (a pipe, a file: the scripting commands, the completion scripts), where cli.ts
//   refuses the explorer: dist/cli.js and its chunks, ES modules that load only what the command
//   needs. The program run there held 6 MB more at a 200,000-user walk's peak (1.15x a bare
//   node:http loop instead of 1.04x: docs/performance.md, issue 38's fifth pass).
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

declare const __HELP__: string;
declare const __VERSION_LINE__: string;

/** What the bin prints itself: exactly one of these words, nothing else on the line. */
const ANSWERS: Readonly<Record<string, string>> = {
  '--help': __HELP__,
  '-h': __HELP__,
  '--version': __VERSION_LINE__,
};

/** The program's function, as scripts/appScript.mjs wraps it. */
type Program = (require: NodeJS.Require, handover: Handover) => Promise<void>;

/** The program, with the demo's worker started first when `--demo` asks for it. */
function runProgram(args: readonly string[], dir: string | undefined): void {
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

// Before anything holds a secret: SIGUSR1 would open Node's inspector to any local user.
ignoreUserSignals();
const args = process.argv.slice(2);
const answer = args.length === 1 ? ANSWERS[args[0] ?? ''] : undefined;
if (answer !== undefined) {
  void printAnswer(answer).then((code) => {
    process.exitCode = code;
  });
} else if (isatty(0) && isatty(1)) {
  runProgram(args, cacheFolder());
} else {
  // First: every chunk loaded from here on, cli.js included, can come from Node's compile cache.
  enableCompileCache();
  void import('./cli.js');
}
