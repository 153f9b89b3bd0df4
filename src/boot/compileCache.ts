// Node's own compile cache (module.enableCompileCache, Node 22.1 and later) for the ES modules:
// cli.js and its chunks where the bin runs them (every command but the explorer: bin.ts), in the user's
// cache folder when it can be trusted (data/cacheFolder.ts). The program the explorer runs in has
// V8's code cache there (codeCache.ts). A speed-up only: where the folder cannot be made or
// trusted, or with NODE_DISABLE_COMPILE_CACHE set (Node honours it itself; codeCache.ts is not used
// either), nothing happens, and nothing here throws.
import nodeModule from 'node:module';
import { cacheFolder } from '../data/cacheFolder.js';

type Enable = (directory?: string) => unknown;

/** Turns Node's compile cache on in the cache folder, where the runtime has it. */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env): void {
  const enable = (nodeModule as unknown as { enableCompileCache?: Enable }).enableCompileCache;
  if (typeof enable !== 'function') return;
  const { dir } = cacheFolder(env);
  if (dir === undefined) return;
  try {
    enable(dir);
  } catch {
    // a start without it
  }
}
