// The profile names of the config file, for completion (`:profile`, and the shell's `--profile`).
// Names only: it neither validates the file nor reads a secret, and a missing or broken file
// simply has no names, since a completion must never fail or print an error.
import { readFileSync } from 'node:fs';

/** What a profile may be called (profiles.ts checks the file with it too). */
export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function profileNamesIn(path: string): string[] {
  try {
    const json: unknown = JSON.parse(readFileSync(path, 'utf8'));
    const profiles = typeof json === 'object' && json !== null ? (json as { profiles?: unknown }).profiles : undefined;
    if (typeof profiles !== 'object' || profiles === null || Array.isArray(profiles)) return [];
    return Object.keys(profiles)
      .filter((name) => PROFILE_NAME.test(name))
      .sort();
  } catch {
    return [];
  }
}
