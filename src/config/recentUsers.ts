// The user picker's history, kept between runs in the XDG state folder, readable by the owner
// only, one list per server (a profile's name, else the base URL as parsed, or the demo): the IDs
// of a demo or a staging server are never offered against production. Read through
// data/localFile.ts: a FIFO or a link to /dev/zero planted there must neither hang the explorer's
// start nor eat its memory; a file that is not what we wrote is ignored with a note. The state
// folder itself must be this user's and closed to others (as the config file): else the explorer
// runs without a history, and says why.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { errnoCode, errnoWords } from '../data/errno.js';
import { folderTrustProblem, LocalFileError, readLocalFile, replaceFileSync } from '../data/localFile.js';

/** Twenty IDs of at most a few hundred bytes each, for each of the servers kept: far below this. */
export const MAX_RECENT_BYTES = 256 * 1024;

/** The servers whose histories are kept (the ones saved to last). */
const MAX_SERVERS = 32;

export function recentUsersPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(base, 'openim-explorer', 'recent-users.json');
}

/**
 * Which server a history belongs to: the embedded demo (its port changes every run), the
 * profile's name, else the base URL as parsed (case of the host, default port, trailing slash
 * and `.` segments do not make another server).
 */
export function recentUsersServer(connection: { profile?: string | undefined; baseUrl?: string | undefined }, demo: boolean): string {
  if (demo) return 'demo';
  if (connection.profile !== undefined) return `profile ${connection.profile}`;
  try {
    const url = new URL(connection.baseUrl ?? '');
    return `url ${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return `url ${connection.baseUrl ?? ''}`;
  }
}

/** One server's history, as the store uses it. */
export interface RecentUsers {
  load(): string[];
  /** Undefined when saved; else why not, in words. */
  save(ids: string[]): string | undefined;
}

export interface RecentUsersFile {
  forServer(server: string): RecentUsers;
  /** Why the last load ignored the file (for a note on screen); undefined when it was fine or absent. */
  readonly problem: string | undefined;
}

/** The file as written: each server's IDs, the server saved to last first. */
interface Stored {
  servers: Record<string, string[]>;
}

type Read = { stored: Stored } | { problem: string | undefined };

function readStored(path: string): Read {
  let text: string;
  try {
    text = readLocalFile(path, { maxBytes: MAX_RECENT_BYTES, what: 'the recent-users file', trusted: true }).bytes.toString('utf8');
  } catch (error) {
    if (!(error instanceof LocalFileError)) return { problem: 'the recent-users file cannot be read' };
    return { problem: error.code === 'ENOENT' ? undefined : error.problem };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: 'the recent-users file is not JSON' };
  }
  // An older version kept one list for every server: whose IDs they are is not known.
  if (Array.isArray(parsed)) return { problem: 'the recent-users file is one list for every server (an older version wrote it)' };
  const servers = typeof parsed === 'object' && parsed !== null ? (parsed as { servers?: unknown }).servers : undefined;
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) return { problem: 'the recent-users file is not what this version writes' };
  // A null prototype: a server named `__proto__` is only a name.
  const clean: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [server, ids] of Object.entries(servers)) {
    if (Array.isArray(ids)) clean[server] = ids.filter((v): v is string => typeof v === 'string');
  }
  return { stored: { servers: clean } };
}

/**
 * The history file at `path`. When its folder is another user's, others can write it, or it is a
 * link another user made (they could plant files where the app writes its own, or choose where it
 * writes), the explorer goes on without a history: nothing is read or written there, `problem`
 * says why from the start, and each save returns it.
 */
export function recentUsersFile(path: string): RecentUsersFile {
  const untrusted = folderTrustProblem(dirname(path), 'the state folder');
  if (untrusted) {
    const why = `${dirname(path)}: ${untrusted}`;
    return { problem: why, forServer: () => ({ load: () => [], save: () => why }) };
  }
  let problem: string | undefined;
  const forServer = (server: string): RecentUsers => ({
    load() {
      const read = readStored(path);
      problem = 'problem' in read ? read.problem : undefined;
      if (!('stored' in read)) return [];
      return Object.hasOwn(read.stored.servers, server) ? (read.stored.servers[server] ?? []) : [];
    },
    save(ids) {
      // Read again: another run may have saved another server's list since.
      const read = readStored(path);
      const others = 'stored' in read ? Object.entries(read.stored.servers).filter(([name]) => name !== server) : [];
      const stored: Stored = { servers: Object.fromEntries([[server, ids], ...others.slice(0, MAX_SERVERS - 1)]) };
      return writeReplacing(path, JSON.stringify(stored));
    },
  });
  return {
    get problem() {
      return problem;
    },
    forServer,
  };
}

/** The history written whole over the old one (replaceFileSync); the failure in words. */
function writeReplacing(path: string, text: string): string | undefined {
  let step = 'cannot make the state folder';
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    step = 'cannot write the recent-users file';
    replaceFileSync(path, text, 'the recent-users file');
    return undefined;
  } catch (error) {
    return error instanceof LocalFileError ? error.problem : `${step}: ${errnoWords(errnoCode(error))}`;
  }
}
