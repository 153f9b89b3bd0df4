// The command users run (package.json's bin), built as CommonJS into dist/cli.cjs. Node puts an
// entry point that is an ES module behind its ES loader, about a tenth of `node -e 0`: all of
// --help's budget (bench figure 2). So this file answers `--help` and `--version` on their own,
// from text fixed at build time (scripts/build.mjs prints it with the built dist/cli.js: one
// source, config/helpText.ts), and hands every other command line to dist/cli.js.
import { printAnswer } from './commands/answer.js';
import { enableCompileCache } from './compileCache.js';
import { ignoreUserSignals } from './terminal/signals.js';
import { isatty } from 'node:tty';

declare const __HELP__: string;
declare const __VERSION_LINE__: string;

/** What the bin prints itself: exactly one of these words, nothing else on the line. */
const ANSWERS: Readonly<Record<string, string>> = {
  '--help': __HELP__,
  '-h': __HELP__,
  '--version': __VERSION_LINE__,
};

// Before anything holds a secret: SIGUSR1 would open Node's inspector to any local user.
ignoreUserSignals();
const args = process.argv.slice(2);
const answer = args.length === 1 ? ANSWERS[args[0] ?? ''] : undefined;
if (answer !== undefined) {
  void printAnswer(answer).then((code) => {
    process.exitCode = code;
  });
} else {
  // First: every chunk loaded from here on, cli.js included, can come from Node's compile cache.
  enableCompileCache();
  // The demo's worker (its thread's boot and the server's modules: what the first rows wait for
  // the longest) starts now, beside cli.js loading, not once cli.js has read the command line; it
  // is told its options then (openim-demo-server/embedded), and holds nothing up if never used.
  if (args.includes('--demo') && isatty(0) && isatty(1)) {
    import('openim-demo-server/embedded').then(
      (demo) => demo.prebootEmbeddedDemo(),
      () => undefined, // cli.js starts the demo as before, and says why it cannot
    );
  }
  void import('./cli.js');
}
