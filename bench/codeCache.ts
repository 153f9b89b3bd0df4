// The program's V8 code cache (src/boot/codeCache.ts) as the bench's processes find it: in a folder of
// the bench's own (XDG_CACHE_HOME, inherited by every process it starts), written once before
// the figures by an explorer start held until the cache is there, as an operator's second start
// finds it. Figure 2 measures the first start, without it, beside.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeCacheHeader } from '../src/boot/codeCache.js';
import { sleep } from './harness.js';
import { CLI } from './procs.js';
import { runInPty } from './terminal.js';

let home: string | undefined;

/** The explorer's kind of cache is in the folder. */
function explorerCacheIn(dir: string): boolean {
  try {
    return readdirSync(dir).some((name) => name.endsWith('.v8cache') && codeCacheHeader(readFileSync(join(dir, name)))?.kind === 'explorer');
  } catch {
    return false;
  }
}

/** Points every process of the bench at its own cache folder and warms it; once. */
export async function warmCodeCache(): Promise<void> {
  if (home !== undefined) return;
  home = mkdtempSync(join(tmpdir(), 'oie-bench-cache-'));
  process.env.XDG_CACHE_HOME = home;
  const pty = runInPty([CLI, '--demo'], 200, 50);
  try {
    await pty.waitFor('user_000001', 20_000);
    const deadline = Date.now() + 20_000;
    while (!explorerCacheIn(join(home, 'openim-explorer'))) {
      if (Date.now() > deadline) throw new Error('the explorer did not write its code cache in 20 s');
      await sleep(50);
    }
  } finally {
    await pty.kill();
  }
}

export function removeCodeCache(): void {
  if (home !== undefined) rmSync(home, { recursive: true, force: true });
  home = undefined;
  delete process.env.XDG_CACHE_HOME;
}
