// @module-tag cli
// The bench's walk figures compare the CLI with floors that print the same rows (bench/floors/,
// figures 6 and 8): a floor that prints less than the CLI must (raw bidi or C1 characters, which
// the CLI escapes) would make the figure's ratio about different work. Both floors' NDJSON and
// JSON must be the built CLI's bytes exactly, on a demo whose names hold such characters.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { assertBuilt, collectExit, runCli } from '../support/runCli.js';

const FLOORS = join(import.meta.dirname, '..', '..', 'bench', 'floors');

let demo: DemoServer;
beforeAll(async () => {
  assertBuilt();
  demo = await startDemoServer({ users: 450 });
});
afterAll(async () => {
  await demo.close();
});

function floor(name: string, format: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(FLOORS, name), demo.url, format, '--all'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return collectExit(child);
}

describe('the walk floors of the bench', () => {
  it.each(['ndjson', 'json'])('print what `users --all -o %s` prints, byte for byte', async (format) => {
    const cli = await runCli(['users', '--all', '-o', format, '--base-url', demo.url, '--secret', DEMO.secret]);
    expect(cli.code).toBe(0);
    // The demo's names hold characters the CLI escapes (U+202E among them): the comparison means something.
    expect(cli.stdout).toMatch(/\\u202e/);
    for (const name of ['httpLoop.mjs', 'fetchLoop.mjs']) {
      const out = await floor(name, format);
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout === cli.stdout, `${name} -o ${format} differs from the CLI`).toBe(true);
    }
  });
});
