// @module-tag cli
// The demo's regex search has a time budget per request, answered as a real server's query
// timeout (MongoDB's MaxTimeMSExpired through OpenIM's ServerInternalError, errCode 500). The
// budget is made tiny here (OIE_DEMO_REGEX_BUDGET_MS) so that any search over the data set
// passes it, whatever the machine's speed.
import { describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from '../support/runCli.js';

assertBuilt();

describe("the demo's regex search budget", () => {
  it('a search past the budget is the server timeout error, exit 1', async () => {
    const r = await runCli(['users', '--demo', '--still', '--users', '200000', '--search', 'zzz', '--regex'], { OIE_DEMO_REGEX_BUDGET_MS: '0.001' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^openim-explorer: getUsers: operationID=\d+ errCode=500 errMsg="ServerInternalError" errDlt="mongo failed to count documents in collection: mongo count: \(MaxTimeMSExpired\) operation exceeded time limit"\n$/,
    );
  });

  it('within the default budget, the same search answers', async () => {
    const r = await runCli(['users', '--demo', '--still', '--users', '2000', '--search', 'user_00000[12]$', '--regex', '-o', 'ndjson']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
  });
});
