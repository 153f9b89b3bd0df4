// The profile names of the config file, for completion (`:profile`, and the shell's `--profile`).
// Names only: it neither validates the file nor reads a secret, and a missing or broken file
// simply has no names, since a completion must never fail or print an error.
import { readLocalFile } from '../data/localFile.js';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** What a profile may be called (profiles.ts checks the file with it too). */
export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * `$XDG_CONFIG_HOME/openim-explorer/config.json`, or under ~/.config. Here rather than in
 * profiles.ts so that the completion scripts find the file without loading the validator.
 */
export function defaultConfigPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'openim-explorer', 'config.json');
}

export function profileNamesIn(path: string): string[] {
  try {
    // Tab must never wait: a FIFO or a device at the path is no file of names (localFile.ts).
    const json: unknown = JSON.parse(readLocalFile(path, { maxBytes: 1024 * 1024, what: 'the config file', trusted: true }).bytes.toString('utf8'));
    const profiles = typeof json === 'object' && json !== null ? (json as { profiles?: unknown }).profiles : undefined;
    if (typeof profiles !== 'object' || profiles === null || Array.isArray(profiles)) return [];
    return Object.keys(profiles)
      .filter((name) => PROFILE_NAME.test(name))
      .sort();
  } catch {
    return [];
  }
}
