// @module-tag cli
// The bin (dist/cli.cjs) answers --help, -h and --version itself, from text the build printed with
// the program (dist/app.js), and hands everything else to the program: what the user sees must be
// the same either way, and a reader that leaves early (`--help | head -1`) or a full disk never
// gets a stack trace.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { HELP } from '../../src/config/helpText.js';
import { VERSION } from '../../src/version.js';
import { assertBuilt, CLI, CLI_ENV as ENV, CLI_NODE, runCli } from '../support/runCli.js';

beforeAll(assertBuilt);

const BUILTINS_LOG = fileURLToPath(new URL('../support/builtinsLog.mjs', import.meta.url));

describe('the bin', () => {
  it.each([
    ['--help', HELP],
    ['-h', HELP],
    ['--version', VERSION],
  ])('answers %s itself, with what the program prints for it', async (flag, text) => {
    // The same flag with another word is handed to the program, which answers it alone.
    const [bin, program] = await Promise.all([runCli([flag]), runCli(flag === '--version' ? ['--version', 'users'] : [flag, '--demo'])]);
    expect(bin).toMatchObject({ code: 0, stdout: text + '\n', stderr: '' });
    expect(program).toMatchObject({ code: 0, stdout: bin.stdout, stderr: '' });
  });

  it.each([['--help'], ['--version']])('answers %s loading none of what the program needs (node:crypto, node:vm, node:worker_threads)', async (flag) => {
    // Each loaded with what the bin answers alone cost it a tenth of `node -e 0`'s start (bench figure 2).
    const log = join(mkdtempSync(join(tmpdir(), 'oie-bin-builtins-')), 'builtins.txt');
    try {
      const r = await runCli([flag], { NODE_OPTIONS: `--import ${BUILTINS_LOG}`, OIE_BUILTINS_LOG: log });
      expect(r.code).toBe(0);
      const loaded = readFileSync(log, 'utf8').split('\n');
      expect(loaded).toContain('NativeModule fs');
      expect(loaded.filter((name) => /^NativeModule (crypto|vm|worker_threads|internal\/crypto\/)/.test(name))).toEqual([]);
    } finally {
      rmSync(dirname(log), { recursive: true, force: true });
    }
  });

  it.each([
    [['users', '--help'], HELP + '\n', ''],
    [['-V'], '', 'openim-explorer: unknown option -V\nRun openim-explorer --help for usage.\n'],
  ])('hands %j to the program', async (args, stdout, stderr) => {
    const r = await runCli(args);
    expect({ stdout: r.stdout, stderr: r.stderr }).toEqual({ stdout, stderr });
    expect(r.code).toBe(stderr === '' ? 0 : 2);
  });

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
