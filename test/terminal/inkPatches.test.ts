// The bundle's patches to Ink and string-width (scripts/ink-patches.mjs) change speed, never what
// is drawn: the patched modules against the originals on seeded generated frames (writes side by
// side and over each other, clips, transformers, styled, wide, combining and zero-width text) and
// strings, each twice so that the patched caches answer the second time. The check itself is
// test/support/patchEquivalence.mjs, run by node alone (the patched copies import by URL).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../support/patchEquivalence.mjs', import.meta.url));

describe('patches to Ink and string-width', () => {
  it('draw the same frames and measure the same widths as the originals', () => {
    // tsx: the patched Output imports the app's cell widths (src/terminal/cellWidth.ts).
    const result = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, '1000'], { encoding: 'utf8', timeout: 120_000 });
    const report = JSON.parse(result.stdout) as { frames: number; strings: number; failures: number; first: unknown[] };
    expect(report.first).toEqual([]);
    expect(report.failures).toBe(0);
    expect(report.frames).toBe(1000);
    expect(result.status).toBe(0);
  }, 130_000);
});
