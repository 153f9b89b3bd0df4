// @module-tag cli
// Lost output is never a success: the built CLI with stdout on a full device, closed, or a pipe
// whose reader left. Only the last is a quiet exit 0; the others stop the walk and exit 74.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, assertBuilt, collectExit } from '../support/runCli.js';

assertBuilt();

/** Runs `line` in bash with $CLI set; the CLI's exit status is whatever `line` echoes. */
function sh(line: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('bash', ['-c', line], {
    env: { PATH: process.env.PATH, HOME: '/nonexistent', XDG_CONFIG_HOME: '/nonexistent', LANG: 'C.UTF-8', CLI, NODE: process.execPath },
  });
  return collectExit(child);
}

const requestsIn = (log: string): number => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((l) => l.includes(' getUsers ')).length : 0);

describe('scripting output errors', () => {
  it.runIf(existsSync('/dev/full'))('a full device (> /dev/full) stops the walk, says so in words and exits 74', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'oie-full-')), 'requests.log');
    const r = await sh(`"$NODE" "$CLI" users --demo --all --size 10 -o csv --log-file ${log} > /dev/full; echo "status=$?"`);
    expect(r.stdout).toBe('status=74\n');
    expect(r.stderr).toBe('openim-explorer: cannot write the output to stdout: no space left on the device (ENOSPC); what was written is incomplete\n');
    // The demo has hundreds of pages of 10: the walk stopped at the first failed write.
    expect(requestsIn(log)).toBeGreaterThanOrEqual(1);
    expect(requestsIn(log)).toBeLessThanOrEqual(3);
  });

  it('a closed stdout (>&-) sends nothing and exits 74', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'oie-closed-')), 'requests.log');
    const r = await sh(`"$NODE" "$CLI" users --demo --all -o ndjson --log-file ${log} >&-; echo "status=$?"`);
    expect(r.stdout).toBe('status=74\n');
    expect(r.stderr).toBe('openim-explorer: cannot write the output: stdout is closed (EBADF); nothing was sent\n');
    expect(requestsIn(log)).toBe(0);
  });

  it('a request log that cannot grow (ulimit -f: EFBIG) stops the walk: exit 74, in words', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'oie-fsize-')), 'requests.log');
    // SIGXFSZ ignored, as the shell hands it on: the write fails with EFBIG instead of killing.
    const r = await sh(`trap '' XFSZ; ulimit -f 1; "$NODE" "$CLI" users --demo --all --size 5 -o ndjson --log-file ${log} > /dev/null; echo "status=$?"`);
    expect(r.stdout).toBe('status=74\n');
    expect(r.stderr).toBe(`openim-explorer: --log-file ${log}: cannot write to the log file: the file is too large (EFBIG); stopped\n`);
    // 1 KB of log holds a handful of lines: the walk of hundreds of pages stopped there.
    expect(requestsIn(log)).toBeLessThan(20);
  });

  it('stdout to a file past a file-size limit (ulimit -f, SIGXFSZ left at its default): exit 74, in words', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'oie-fsize-out-')), 'users.ndjson');
    const r = await sh(`ulimit -f 1; "$NODE" "$CLI" users --demo --all --size 50 -o ndjson > ${out}; echo "status=$?"`);
    expect(r.stdout).toBe('status=74\n');
    expect(r.stderr).toBe('openim-explorer: cannot write the output to stdout: the file is too large (EFBIG); what was written is incomplete\n');
  });

  it('> /dev/null is not a closed stdout: exit 0', async () => {
    const r = await sh(`"$NODE" "$CLI" users --demo -o json > /dev/null; echo "status=$?"`);
    expect(r).toMatchObject({ stdout: 'status=0\n', stderr: '' });
  });

  it('a reader that leaves (| head -n 1) is a quiet success', async () => {
    const r = await sh(`"$NODE" "$CLI" users --demo --all --size 10 -o ndjson | head -n 1 >/dev/null; echo "status=\${PIPESTATUS[0]}"`);
    expect(r).toMatchObject({ stdout: 'status=0\n', stderr: '' });
  });
});
