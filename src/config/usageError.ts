// The errors of what the operator gave (a flag, a variable, the config file): one line on stderr,
// exit code 2 (cli.ts). In a module of its own so that every config module can throw them.
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The config file is another user's, or others can write it: refused even where a missing file is not. */
export class UntrustedConfigError extends UsageError {}

/** The problems shown on the one line; the rest are counted (fixing the first ones often clears them). */
const SHOWN = 10;

/** What is wrong with the config file's content (validate.ts), every problem in words, after the file's path. */
export class ConfigFileError extends UsageError {
  constructor(
    readonly path: string,
    readonly problems: readonly string[],
  ) {
    const more = problems.length > SHOWN ? `; and ${problems.length - SHOWN} more` : '';
    super(`${path}: ${problems.slice(0, SHOWN).join('; ')}${more}`);
  }
}
