// The entry point the bin (boot/bin.ts, which has ignored the stray signals and answered a bare
// --help or --version already) hands over to, in either build; it hands the explorer and the
// commands what the start gives them (`boot`: config/boot.ts), and nothing below imports boot/. Answers the rest of help, the completion
// scripts and usage errors before any UI code is loaded: those must be fast and never print a
// stack trace. The scripting commands never load the UI either.
import { printAnswer } from './commands/answer.js';
import { EXIT_OUTPUT, EXIT_USAGE } from './commands/exitCodes.js';
import { demoOptions, parseCliArgs, UsageError, type ExplorerOptions } from './config/args.js';
import { HELP } from './config/helpText.js';
import { addExitCloser } from './terminal/exitHooks.js';
import { guardHangup } from './terminal/hangup.js';
import { sanitize } from './terminal/sanitize.js';
import { VERSION } from './version.js';
import { boot } from './boot/handover.js';
import type { EmbeddedDemo } from 'openim-demo-server/embedded';

/** Where the profiles are, as the operator would write it: XDG_CONFIG_HOME when it is set (and absolute: config/profileNames.ts). */
function noServer(env: NodeJS.ProcessEnv): string {
  const config = env.XDG_CONFIG_HOME?.startsWith('/') ? '$XDG_CONFIG_HOME' : '~/.config';
  return `openim-explorer: no server to connect to.
  Try the embedded demo:   openim-explorer --demo
  Or a real server:        OPENIM_BASE_URL=http://host:10002 OPENIM_SECRET=... openim-explorer
  Or a profile:            openim-explorer --profile NAME   (profiles live in ${config}/openim-explorer/config.json)
Run openim-explorer --help for every option.`;
}

async function main(): Promise<number> {
  try {
    const code = await run(parseCliArgs(process.argv.slice(2), process.env));
    // What this command ran is what its next start compiles from the cache (the explorer's is
    // taken earlier, at its first answer, and is not replaced by this).
    boot.settled('script');
    return code;
  } catch (error) {
    if (error instanceof UsageError) {
      // Messages may carry names from the command line or the config file: no raw control bytes.
      process.stderr.write(`openim-explorer: ${sanitize(error.message)}\nRun openim-explorer --help for usage.\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

async function run(parsed: ExplorerOptions): Promise<number> {
  switch (parsed.command) {
    case 'help':
      return printAnswer(HELP + '\n');
    case 'version':
      return printAnswer(VERSION + '\n');
    case 'completion': {
      const { completionScript } = await import('./config/shellCompletion.js');
      return printAnswer(completionScript(parsed.shell ?? 'bash'));
    }
    case 'config-schema': {
      // The keymap gives the action names; no UI is loaded, no file read.
      const [{ configJsonSchema }, { KEYMAP_VOCABULARY }] = await Promise.all([import('./config/jsonSchema.js'), import('./keys/effective.js')]);
      return printAnswer(JSON.stringify(configJsonSchema(KEYMAP_VOCABULARY), null, 2) + '\n');
    }
    case 'complete-profiles': {
      // Called by the completion scripts on every Tab after --profile: fast, silent, never failing.
      const { defaultConfigPath, profileNamesIn } = await import('./config/profileNames.js');
      const names = profileNamesIn(parsed.configPath ?? defaultConfigPath(process.env));
      await printAnswer(names.map((n) => n + '\n').join(''));
      return 0;
    }
    case 'demo-server': {
      const { runDemoServerCli } = await import('openim-demo-server');
      await runDemoServerCli({
        port: parsed.port,
        host: parsed.host,
        users: parsed.demoUsers,
        latencyMs: parsed.demoLatencyMs,
        still: parsed.demoStill,
        server: parsed.demoServer,
        ...(parsed.demoDiscovery !== undefined ? { discovery: parsed.demoDiscovery } : {}),
        ...(parsed.demoPaceMs !== undefined ? { paceMs: parsed.demoPaceMs } : {}),
      });
      return -1; // keeps running until a signal
    }
    case 'list':
    case 'trace':
    case 'cluster':
    case 'explore':
      break;
  }
  // --demo: the demo's worker boots on the other core while this thread loads the rest (on Node
  // 24 that was a third of the start). Only where the explorer is to run: a TTY on both sides.
  const demo =
    parsed.command === 'explore' && parsed.demo && process.stdout.isTTY && process.stdin.isTTY ? startDemo(parsed) : undefined;
  let closing: Promise<void> | undefined;
  const closeDemo = (): Promise<void> => (closing ??= demo ? demo.then((d) => d.close(), () => undefined) : Promise.resolve());
  // A signal (TERM, HUP, INT) ends the process from its handler (terminal/screen.ts): the worker
  // is stopped first there too, never torn down mid-request by the exit itself.
  const unregister = demo ? addExitCloser(closeDemo) : undefined;
  try {
    return await explore(parsed, demo);
  } finally {
    // Whichever way out (a usage error, the explorer's end): the worker would keep the process up.
    unregister?.();
    await closeDemo();
  }
}

function startDemo(parsed: ExplorerOptions): Promise<EmbeddedDemo> {
  const starting = import('openim-demo-server/embedded').then((m) => m.startEmbeddedDemo(demoOptions(parsed), boot.takeDemoWorker()));
  // Awaited by the explorer, which shows a failure; until then it is no unhandled rejection.
  starting.catch(() => undefined);
  return starting;
}

/** The scripting commands and the explorer: the profile, the checks, then the one that runs. */
async function explore(parsed: ExplorerOptions, demo: Promise<EmbeddedDemo> | undefined): Promise<number> {
  // Loaded here, not above: --help and --version load nothing they do not print.
  const { localeIsUtf8, setAsciiMode } = await import('./terminal/glyphs.js');
  setAsciiMode(parsed.ascii || !localeIsUtf8(process.env));
  const { resolveDemoPreferences, resolveProfile } = await import('./config/profiles.js');
  // The action names the config file's `keys` may use are the keymap's: one check of the file
  // (config/validate.ts) for the explorer and the scripting commands, so both refuse the same file.
  const [{ KEYMAP_VOCABULARY }, { makeSession }] = await Promise.all([import('./keys/effective.js'), import('./keys/session.js')]);
  // --demo needs no server, so a broken profile must not stand in its way; its keys, columns and theme apply.
  const options = parsed.demo ? resolveDemoPreferences(parsed, process.env, KEYMAP_VOCABULARY) : resolveProfile(parsed, process.env, KEYMAP_VOCABULARY);
  // Checked above: the keys in force (help and the footer read them), handed down in the session.
  const session = makeSession({ keys: options.preferences?.keys, where: options.preferences?.path ?? 'config' });
  if (!options.demo && options.connection === undefined) {
    process.stderr.write(noServer(process.env) + '\n');
    return EXIT_USAGE;
  }

  // Only the entry point loads the demo: the commands are handed its start.
  const startScriptDemo = async () => (await import('openim-demo-server/embedded')).startEmbeddedDemo(demoOptions(options));
  if (options.command === 'trace') {
    const { runTraceCommand } = await import('./commands/trace.js');
    return runTraceCommand(options, { stdout: process.stdout, stderr: process.stderr, env: process.env }, startScriptDemo);
  }
  if (options.command === 'cluster') {
    const { runClusterCommand } = await import('./commands/cluster.js');
    return runClusterCommand(options, { stdout: process.stdout, stderr: process.stderr, env: process.env }, startScriptDemo);
  }
  if (options.command === 'list') {
    const { stdoutClosedAtStart } = await import('./commands/output.js');
    if (stdoutClosedAtStart()) {
      // `>&-`: every row would go nowhere; no request is sent.
      process.stderr.write('openim-explorer: cannot write the output: stdout is closed (EBADF); nothing was sent\n');
      return EXIT_OUTPUT;
    }
    const [{ runListCommand }, { tuneHeapForWalk }] = await Promise.all([import('./commands/run.js'), import('./commands/heap.js')]);
    // The heap flag only after the code cache is taken (config/boot.ts).
    if (options.request?.all === true) tuneHeapForWalk(boot.settled('script'));
    return runListCommand(options, { stdout: process.stdout, stderr: process.stderr, env: process.env });
  }

  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    process.stderr.write(
      `openim-explorer: needs an interactive terminal (${process.stdout.isTTY ? 'stdin' : 'stdout'} is not a TTY)\n`,
    );
    return 1;
  }
  const [{ canAddressCursor }, { readTerminfoFile }] = await Promise.all([import('./terminal/terminfo.js'), import('./data/terminfoFile.js')]);
  if (!canAddressCursor(process.env.TERM, process.env, readTerminfoFile)) {
    const term = process.env.TERM ? `TERM=${sanitize(process.env.TERM)}` : 'TERM is not set: the terminal';
    process.stderr.write(
      `openim-explorer: ${term} cannot move the cursor, which the explorer needs; the scripting commands work on any terminal: openim-explorer users -o table (see --help)\n`,
    );
    return 1;
  }
  // Ink turns itself non-interactive when CI is set (it draws nothing until exit). Ops boxes
  // sometimes export CI; on a real terminal the operator wants the UI, so the TTY decides.
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  const { runExplorer } = await import('./explorer/runExplorer.js');
  return runExplorer(options, parsed, demo, boot, session);
}

// Before any other exit listener: a command or the explorer ending after its terminal was lost
// ends as a hangup, never through Node's restore of the lost terminal (terminal/hangup.ts).
guardHangup();
main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    // Last resort: one line, no stack. The UI restores the terminal on its own exit paths.
    process.stderr.write(`openim-explorer: ${sanitize(error instanceof Error ? error.message : String(error))}\n`);
    process.exitCode = 1;
  },
);
