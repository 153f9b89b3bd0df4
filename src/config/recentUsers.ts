// The user picker's history, kept between runs in the XDG state folder, readable by the owner only.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export function recentUsersPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(base, 'openim-explorer', 'recent-users.json');
}

export function recentUsersFile(path: string): { load(): string[]; save(ids: string[]): void } {
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
        return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
      } catch {
        return [];
      }
    },
    save(ids) {
      try {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        writeFileSync(path, JSON.stringify(ids), { mode: 0o600 });
      } catch {
        // History is a convenience: a read-only home must not break the app.
      }
    },
  };
}
