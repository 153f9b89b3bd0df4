// The command users run (package.json's bin), built as CommonJS into dist/cli.cjs. It answers
// `--help` and `--version` on their own, from text fixed at build time (scripts/build.mjs prints
// it with the built dist/cli.js: one source, config/helpText.ts), and runs cli.ts for every other
// command line, in one of two builds (scripts/build.mjs), chosen by the command (commandLine.ts):
// - the explorer, in a terminal (stdin and stdout): the program, dist/app.js, one script compiled
//   with V8's code cache (codeCache.ts) and handed what handover.ts describes (program.ts). No ES
//   module is loaded on this thread for it: Node's ES loader costs about a tenth of `node -e 0` to
//   start, and a module cannot be given a code cache;
// - every other command (the scripting commands, in a terminal or not, the completion scripts),
//   and the explorer's command line where it cannot run (cli.ts refuses it in words): dist/cli.js
//   and its chunks, ES modules that load only what the command needs (the program run for a
//   command held 6 MB more at a 200,000-user walk's peak outside a terminal, issue 38's fifth
//   pass; in a terminal, against the program with its code cache: docs/performance.md, issue 47).
import { printAnswer } from '../commands/answer.js';
import { ignoreUserSignals } from '../terminal/signals.js';
import { runsExplorer, type FlagTypes } from './commandLine.js';
import { isatty } from 'node:tty';

declare const __HELP__: string;
declare const __VERSION_LINE__: string;
declare const __FLAG_TYPES__: FlagTypes;

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
} else if (isatty(0) && isatty(1) && runsExplorer(args, __FLAG_TYPES__)) {
  // Loaded only here: what it needs (node:vm, node:crypto, node:worker_threads) is not --help's to load.
  void import('./program.js').then(({ runProgram }) => runProgram(args));
} else {
  // First: every chunk loaded from here on, cli.js included, can come from Node's compile cache.
  // Loaded here only: its folder checks (data/localFile.ts) are not --help's to load.
  void import('./compileCache.js').then(({ enableCompileCache }) => {
    enableCompileCache();
    return import('../cli.js');
  });
}
