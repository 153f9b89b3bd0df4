// The user picker's history, kept between runs in the XDG state folder, readable by the owner only.
// Read through data/localFile.ts: a FIFO or a link to /dev/zero planted there must neither hang
// the explorer's start nor eat its memory; a file that is not what we wrote is ignored with a note.
import { closeSync, mkdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { LocalFileError, openLocalFileForWrite, readLocalFile } from '../data/localFile.js';

/** Twenty IDs of at most a few hundred bytes each: far below this. */
export const MAX_RECENT_BYTES = 64 * 1024;

export function recentUsersPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(base, 'openim-explorer', 'recent-users.json');
}

export interface RecentUsersFile {
  load(): string[];
  save(ids: string[]): void;
  /** Why the last load ignored the file (for a note on screen); undefined when it was fine or absent. */
  readonly problem: string | undefined;
}

export function recentUsersFile(path: string): RecentUsersFile {
  let problem: string | undefined;
  return {
    get problem() {
      return problem;
    },
    load() {
      problem = undefined;
      let text: string;
      try {
        text = readLocalFile(path, { maxBytes: MAX_RECENT_BYTES, what: 'the recent-users file' }).bytes.toString('utf8');
      } catch (error) {
        if (!(error instanceof LocalFileError)) problem = 'the recent-users file cannot be read';
        else if (error.code !== 'ENOENT') problem = error.problem;
        return [];
      }
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed.filter((v): v is string => typeof v === 'string');
      } catch {
        // said below
      }
      problem = 'the recent-users file is not a JSON list of user IDs';
      return [];
    },
    save(ids) {
      // A new file renamed over the old one: a link planted at the path is replaced, never followed.
      const temporary = `${path}.${process.pid}.tmp`;
      try {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        const fd = openLocalFileForWrite(temporary, { what: 'the recent-users file', append: false });
        try {
          writeSync(fd, JSON.stringify(ids));
        } finally {
          closeSync(fd);
        }
        renameSync(temporary, path);
      } catch {
        // History is a convenience: a read-only home must not break the app.
        try {
          unlinkSync(temporary);
        } catch {
          // never created
        }
      }
    },
  };
}
