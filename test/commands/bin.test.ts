// The bin (dist/cli.cjs) answers --help, -h and --version itself and hands everything else to
// dist/cli.js: what the user sees must be the same either way, and a reader that leaves early
// (`--help | head -1`) or a full disk never gets a stack trace.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, CLI, CLI_ENV as ENV, CLI_NODE, collectExit, runCli, type CliExit } from '../support/runCli.js';

const ENTRY = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** The ES module entry run directly, as the bin runs it for every other command line. */
function runEntry(args: readonly string[]): Promise<Omit<CliExit, 'hung'>> {
  const child = spawn(CLI_NODE, [ENTRY, ...args], { env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  return collectExit(child);
}

beforeAll(assertBuilt);

describe('the bin', () => {
  it.each([['--help'], ['-h'], ['--version']])('answers %s as the CLI itself does', async (flag) => {
    const [bin, entry] = await Promise.all([runCli([flag]), runEntry([flag])]);
    expect(entry.code).toBe(0);
    expect(bin).toMatchObject({ code: 0, stdout: entry.stdout, stderr: '' });
    expect(bin.stdout.length).toBeGreaterThan(4);
  });

  it.each([[['users', '--help']], [['--version', 'users']], [['-V']], [['--help', '--demo']]])(
    'hands %j to the CLI (same output, same exit code)',
    async (args) => {
      const [bin, entry] = await Promise.all([runCli(args), runEntry(args)]);
      expect({ code: bin.code, stdout: bin.stdout, stderr: bin.stderr }).toEqual(entry);
    },
  );

  it('runs a command through the CLI: the demo answers a page', async () => {
    const r = await runCli(['users', '--demo', '--page-size', '2', '-o', 'ndjson']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { userID: string }).userID)).toEqual(['user_000001', 'user_000002']);
  });

  it.each([[['--help']], [['users', '--help']]])('%j to a reader that already left: exit 0, nothing on stderr', async (args) => {
    const child = spawn(CLI_NODE, [CLI, ...args], {
      env: ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The read end closes long before Node has started: the one write gets EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it.each([[['--help']], [['--version', 'users']]])('%j to a full disk: exit 74 and the reason in words', async (args) => {
    const { openSync, closeSync } = await import('node:fs');
    const full = openSync('/dev/full', 'w');
    try {
      const child = spawn(CLI_NODE, [CLI, ...args], {
        env: ENV,
        stdio: ['ignore', full, 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(74);
      expect(stderr).toBe('openim-explorer: cannot write to stdout: no space left on the device (ENOSPC)\n');
    } finally {
      closeSync(full);
    }
  });
});
