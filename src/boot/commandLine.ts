// Which build the bin (bin.ts) runs a command line with. Only the explorer needs the program
// (dist/app.js, with the UI and V8's code cache); every other command runs the ES modules
// (dist/cli.js), which load only what it needs, whatever stdin and stdout are: a command then runs
// the same code in a terminal as in a pipe, never the UI's (measured in a terminal: a walk as fast
// and 0.7 MB lower at its peak, a single page about 30 ms slower; docs/performance.md, issue 47).
// The explorer's command line is the one without a word (`users`, `completion`, ...), --help or
// --version: the flags' types (config/flags.ts, fixed at build time) say which words are a
// flag's value (`--profile users` is the explorer, on the profile named users).
import { parseArgs } from 'node:util';

/** What node's parseArgs needs of each flag. */
export type FlagTypes = Readonly<Record<string, { type: 'string' | 'boolean'; short?: string }>>;

/** The command line is the explorer's: no command word, no --help or --version (cli.ts decides the rest). */
export function runsExplorer(args: readonly string[], flags: FlagTypes): boolean {
  try {
    // Not strict: an unknown or misused flag is cli.ts's to refuse, in words, in either build.
    const { values, positionals } = parseArgs({ args: [...args], options: flags, strict: false, allowPositionals: true });
    return positionals.length === 0 && values.help === undefined && values.version === undefined;
  } catch {
    return true;
  }
}
