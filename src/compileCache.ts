// Node's on-disk compile cache (module.enableCompileCache, Node 22.1 and later): the chunks this
// process loads after the call (the explorer's UI chunk is about 420 KB) are compiled from V8's
// cache on the next start instead of parsed again. A speed-up only: where the runtime lacks it
// (Node 20), where the folder cannot be made, or with NODE_DISABLE_COMPILE_CACHE set (Node
// honours it itself), nothing happens, and nothing here ever throws.
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

/** Turns the cache on in the user's cache folder (made 0700); says where, or undefined when not. */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const enable = (nodeModule as unknown as { enableCompileCache?: Enable }).enableCompileCache;
  if (typeof enable !== 'function') return undefined;
  try {
    const dir = compileCacheDir(env);
    // The folder and ~/.cache are made, never a missing home or XDG_CACHE_HOME's own parent.
    if (!statSync(dirname(dirname(dir))).isDirectory()) return undefined;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    enable(dir);
    return dir;
  } catch {
    return undefined;
  }
}
