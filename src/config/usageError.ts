// The error of what the operator gave (a flag, a variable, the config file): one line on stderr,
// exit code 2 (cli.ts). In a module of its own so that the modules args.ts reads can throw it.
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
