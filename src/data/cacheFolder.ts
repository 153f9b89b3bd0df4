// The user's cache folder: `$XDG_CACHE_HOME/openim-explorer`, else `~/.cache/openim-explorer`.
// Node's compile cache (compileCache.ts) and the program's V8 code cache (codeCache.ts) live in it,
// and both are code this process runs: Node checks a compile-cache entry by a CRC32 of the source
// and V8 only the source's length, so whoever can write in the folder can have their code run in
// place of the CLI (as root, with a cache home others can write or another user's under `sudo -E`).
// So it is used only when it is this user's own (or root's), not writable by group or others,
// not a link another user made (localFile.ts, folderTrustProblem), in folders nobody else can
// swap it in, and nothing it holds two levels down (Node keeps a folder per runtime, the compiled
// files in it) is another user's: a folder that was shared once may still hold a planted entry. Else the run goes on without it (slower, never
// failing), and the request log says why (cacheFolderProblem).
import { lstatSync, mkdirSync, readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { folderTrustProblem } from './localFile.js';

/** `$XDG_CACHE_HOME/openim-explorer`, else `~/.cache/openim-explorer`. */
export function compileCacheDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CACHE_HOME;
  // The XDG spec: a relative path is invalid and is to be ignored.
  const base = xdg !== undefined && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.cache');
  return join(base, 'openim-explorer');
}

/** The folder to use, or why it is not used (undefined both: caching is off, or it cannot be made). */
export interface CacheFolder {
  dir?: string;
  problem?: string;
}

/** Another user's (root's is trusted: root can change anything the user runs anyway). */
const foreign = (stats: Stats, uid: number): boolean => stats.uid !== uid && stats.uid !== 0;

/**
 * What in the folder is another user's (planted while others could write the folder), the first
 * one found, in words. Modes inside do not matter: nobody else can reach them through the folder.
 */
function plantedProblem(dir: string, depth: number): string | undefined {
  const uid = process.getuid?.();
  if (process.platform === 'win32' || uid === undefined) return undefined;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    let stats: Stats;
    try {
      stats = lstatSync(path);
    } catch {
      continue; // gone meanwhile
    }
    if (foreign(stats, uid)) return `it holds ${name}, which belongs to another user (uid ${stats.uid}): check it, then remove it`;
    const inner = depth > 1 && stats.isDirectory() && !stats.isSymbolicLink() ? plantedProblem(path, depth - 1) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * Whoever can rename the folder can swap it for their own between the check and Node's reads: so
 * every folder above it, as sshd walks them for authorized_keys, must be this user's or root's and
 * closed to writers unless sticky (/tmp: others cannot rename what is yours there), and a link on
 * the way must be this user's or root's. Another user's home under `sudo -E` fails here.
 */
function ancestorsProblem(dir: string, uid: number): string | undefined {
  for (let path = dir; path !== dirname(path); path = dirname(path)) {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink() && foreign(stats, uid)) return `${path} on its way is a symbolic link of another user's (uid ${stats.uid})`;
  }
  const real = realpathSync(dir);
  for (let path = dirname(real); ; path = dirname(path)) {
    const stats = statSync(path);
    if (foreign(stats, uid)) return `the folder it is in, ${path}, belongs to another user (uid ${stats.uid}), who can swap it`;
    if ((stats.mode & 0o022) !== 0 && (stats.mode & 0o1000) === 0) {
      return `the folder it is in, ${path}, is writable by others and not sticky (mode ${(stats.mode & 0o7777).toString(8).padStart(4, '0')}): they can swap it`;
    }
    if (path === dirname(path)) return undefined;
  }
}

/** The cache folder, made 0700 if missing, when it can be trusted (above); never throws. */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): CacheFolder {
  if (env.NODE_DISABLE_COMPILE_CACHE) return {};
  let dir: string;
  try {
    dir = compileCacheDir(env);
    // The folder and ~/.cache are made, never a missing home or XDG_CACHE_HOME's own parent.
    if (!statSync(dirname(dirname(dir))).isDirectory()) return {};
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch {
    return {};
  }
  try {
    const uid = process.getuid?.();
    const walk = process.platform === 'win32' || uid === undefined ? undefined : ancestorsProblem(dir, uid);
    const problem = folderTrustProblem(dir, 'the cache folder') ?? walk ?? plantedProblem(dir, 2);
    return problem === undefined ? { dir } : { problem: `${dir}: ${problem}; running without the compile cache (slower)` };
  } catch {
    return { problem: `${dir}: the cache folder cannot be read; running without the compile cache (slower)` };
  }
}
