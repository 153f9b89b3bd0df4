// Entry point. Answers --help/--version and usage errors before any UI code is loaded: those
// must be fast and never print a stack trace.
import { HELP, parseCliArgs, UsageError, type ExplorerOptions } from './config/args.js';
import { VERSION } from './version.js';

const NO_SERVER = `openim-explorer: no server to connect to.
  Try the embedded demo:   openim-explorer --demo
  Or a real server:        OPENIM_BASE_URL=http://host:10002 OPENIM_SECRET=... openim-explorer
Run openim-explorer --help for every option.`;

async function main(): Promise<number> {
  let options: ExplorerOptions;
  try {
    options = parseCliArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`openim-explorer: ${error.message}\nRun openim-explorer --help for usage.\n`);
      return 2;
    }
    throw error;
  }
  switch (options.command) {
    case 'help':
      process.stdout.write(HELP + '\n');
      return 0;
    case 'version':
      process.stdout.write(VERSION + '\n');
      return 0;
    case 'demo-server': {
      const { runDemoServerCli } = await import('./demo/main.js');
      await runDemoServerCli({ port: options.port, host: options.host, users: options.demoUsers });
      return -1; // keeps running until a signal
    }
    case 'explore': {
      if (!options.demo && options.baseUrl === undefined) {
        process.stderr.write(NO_SERVER + '\n');
        return 2;
      }
      if (!process.stdout.isTTY || !process.stdin.isTTY) {
        process.stderr.write(
          `openim-explorer: needs an interactive terminal (${process.stdout.isTTY ? 'stdin' : 'stdout'} is not a TTY)\n`,
        );
        return 1;
      }
      // Ink turns itself non-interactive when CI is set (it draws nothing until exit). Ops boxes
      // sometimes export CI; on a real terminal the operator wants the UI, so the TTY decides.
      delete process.env.CI;
      delete process.env.CONTINUOUS_INTEGRATION;
      const { runExplorer } = await import('./runExplorer.js');
      return runExplorer(options);
    }
  }
}

main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    // Last resort: one line, no stack. The UI restores the terminal on its own exit paths.
    process.stderr.write(`openim-explorer: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
