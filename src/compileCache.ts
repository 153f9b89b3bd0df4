// The user's cache folder, and Node's own compile cache in it (module.enableCompileCache, Node
// 22.1 and later) for the ES modules: cli.js and its chunks where the bin runs them (not in a
// terminal: src/bin.ts). The program run in a terminal has V8's code cache there (codeCache.ts).
// A speed-up only: where the folder cannot be made, or with NODE_DISABLE_COMPILE_CACHE set (Node
// honours it itself; codeCache.ts is not used either), nothing happens, and nothing here throws.
import { mkdirSync, statSync } from 'node:fs';
import nodeModule from 'node:module';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';

type Enable = (directory?: string) => unknown;

/** `$XDG_CACHE_HOME/openim-explorer`, else `~/.cache/openim-explorer`. */
export function compileCacheDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CACHE_HOME;
  // The XDG spec: a relative path is invalid and is to be ignored.
  const base = xdg !== undefined && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.cache');
  return join(base, 'openim-explorer');
}

/** The cache folder, made 0700 if missing; undefined when caching is off or it cannot be made. */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  try {
    const dir = compileCacheDir(env);
    // The folder and ~/.cache are made, never a missing home or XDG_CACHE_HOME's own parent.
    if (!statSync(dirname(dirname(dir))).isDirectory()) return undefined;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  } catch {
    return undefined;
  }
}

/** Turns Node's compile cache on in the cache folder, where the runtime has it. */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env): void {
  const enable = (nodeModule as unknown as { enableCompileCache?: Enable }).enableCompileCache;
  if (typeof enable !== 'function') return;
  const dir = cacheFolder(env);
  if (dir === undefined) return;
  try {
    enable(dir);
  } catch {
    // a start without it
  }
}
