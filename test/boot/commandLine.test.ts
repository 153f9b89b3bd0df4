// Which build the bin runs a command line with (src/boot/commandLine.ts): the program only for the
// explorer's, every command in the ES modules, whatever stdin and stdout are. The flags' types are
// the parser's own (config/flags.ts), as the build hands them to the bin.
import { describe, expect, it } from 'vitest';
import { runsExplorer } from '../../src/boot/commandLine.js';
import { FLAGS } from '../../src/config/flags.js';
import { SUBCOMMANDS } from '../../src/config/args.js';

const explorer = (...args: string[]): boolean => runsExplorer(args, FLAGS);

describe("the bin's choice of build", () => {
  it.each(Object.keys(SUBCOMMANDS))('%s is a command: the ES modules run it', (command) => {
    expect(explorer(command)).toBe(false);
    expect(explorer('--demo', command, '-o', 'table')).toBe(false);
  });

  it.each([
    [[]],
    [['--demo']],
    [['--profile', 'users']],
    [['--profile=users', '--no-color']],
    [['--page-size', '50', '--log-file', 'groups']],
    [['--unknown-flag']],
  ])('%j is the explorer: a word that is a flag\'s value is no command', (args) => {
    expect(explorer(...args)).toBe(true);
  });

  it.each([[['--help']], [['-h', '--demo']], [['--version', '--demo']], [['--demo', '--', 'users']], [['-o', 'json', 'users']]])(
    '%j is not the explorer',
    (args) => {
      expect(explorer(...args)).toBe(false);
    },
  );
});
