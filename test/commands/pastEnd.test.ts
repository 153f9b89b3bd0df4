// @module-tag cli
// A page past the end of the list is not silent: stdout stays an empty list (a script reading it
// still gets valid output), exit 0, and stderr says how many pages there are.
import { describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from '../support/runCli.js';

assertBuilt();

describe('a page past the end', () => {
  it('users --page 999999: [] on stdout, exit 0, the number of pages on stderr', async () => {
    const r = await runCli(['users', '--demo', '--still', '--users', '95', '--page', '999999', '--size', '20']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    expect(r.stderr).toBe('openim-explorer: page 999999 is past the end: there are 5 pages of 20 (95 rows)\n');
  });

  it('the last page itself says nothing', async () => {
    const r = await runCli(['users', '--demo', '--still', '--users', '95', '--page', '5', '--size', '20', '-o', 'ndjson']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(15);
    expect(r.stderr).toBe('');
  });
});
