// The bundle's patches to Ink and string-width (scripts/ink-patches.mjs) change speed, never what
// is drawn: the patched modules against the originals on seeded generated frames (writes side by
// side and over each other, clips, transformers, styled, wide, combining and zero-width text) and
// strings, each twice so that the patched caches answer the second time. The check itself is
// test/support/patchEquivalence.mjs, run by node alone (the patched copies import by URL).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../support/patchEquivalence.mjs', import.meta.url));

describe('patches to Ink and string-width', () => {
  it('draw the same frames and measure the same widths as the originals', async () => {
    // tsx: the patched Output imports the app's cell widths (src/terminal/cellWidth.ts). Run
    // without a deadline of its own (about 25 s quiet, several times that beside a loaded suite):
    // the test's timeout below is the only one, and a failing check exits non-zero with its report.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', SCRIPT, '1000'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const report = JSON.parse(stdout) as { frames: number; strings: number; failures: number; first: unknown[] };
    expect(report.first).toEqual([]);
    expect(report.failures).toBe(0);
    expect(report.frames).toBe(1000);
  }, 600_000);
});
