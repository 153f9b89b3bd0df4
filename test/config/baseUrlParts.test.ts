// @module-tag cli
// A base URL is scheme, host, port and path: the built CLI refuses a query, a fragment or
// credentials with exit 2, naming the part (and never quoting it: a query may hold a token),
// from the flag, the environment and a profile, before any request is sent.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from '../support/runCli.js';

assertBuilt();
const tmp = mkdtempSync(join(tmpdir(), 'oie-baseurl-'));

describe('base URL parts', () => {
  it.each([
    ['http://127.0.0.1:9/api?token=Tq9', 'must not have a query (the part from ?)'],
    ['http://127.0.0.1:9/api?', 'must not have a query (the part from ?)'],
    ['http://127.0.0.1:9/api#Tq9', 'must not have a fragment (the part from #)'],
    ['http://127.0.0.1:9/#', 'must not have a fragment (the part from #)'],
    ['http://admin:Tq9@127.0.0.1:9', 'must not hold a user name or password (host 127.0.0.1:9)'],
  ])('--base-url %s is refused, naming the part', async (url, words) => {
    const r = await runCli(['users', '--base-url', url], { OPENIM_SECRET: 's' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--base-url ${words}`);
    expect(r.stderr).not.toContain('Tq9');
    expect(r.stdout).toBe('');
  });

  it('OPENIM_BASE_URL with a query is refused too', async () => {
    const r = await runCli(['users'], { OPENIM_BASE_URL: 'http://127.0.0.1:9/?a=Tq9', OPENIM_SECRET: 's' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('OPENIM_BASE_URL must not have a query (the part from ?)');
    expect(r.stderr).not.toContain('Tq9');
  });

  it("a profile's baseUrl with a fragment is refused", async () => {
    const path = join(tmp, 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { p: { baseUrl: 'http://127.0.0.1:9/x#Tq9', secret: 'z' } } }), { mode: 0o600 });
    const r = await runCli(['users', '--config', path, '--profile', 'p']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('baseUrl: must not have a fragment (the part from #)');
    expect(r.stderr).not.toContain('Tq9');
  });

  it('a path is kept: http://host:port/prefix is fine', async () => {
    // Port 9 (discard) on loopback refuses: exit 3 is a network error, not a usage error.
    const r = await runCli(['users', '--base-url', 'http://127.0.0.1:9/prefix/', '--timeout', '2'], { OPENIM_SECRET: 's' });
    expect(r.code).toBe(3);
  });
});
