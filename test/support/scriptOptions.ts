// The options a scripting command runs with, made as cli.ts makes them: the flags read, then the
// connection taken from one place (config/connection.ts), with no config file (not the runner's).
import { parseCliArgs, type ExplorerOptions } from '../../src/config/args.js';
import { resolveProfile } from '../../src/config/profiles.js';
import { KEYMAP_VOCABULARY } from '../../src/keys/effective.js';

export function scriptOptions(argv: readonly string[], env: NodeJS.ProcessEnv): ExplorerOptions {
  const clean = { ...env, XDG_CONFIG_HOME: '/nonexistent' };
  return resolveProfile(parseCliArgs(argv, clean), clean, KEYMAP_VOCABULARY);
}
