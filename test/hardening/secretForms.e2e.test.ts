// A secret holding `"` and `\` (and a space), echoed back by a server the way real error paths do:
// the request body inside errMsg (the secret JSON-escaped once), and again JSON-encoded inside
// errDlt (`{\"secret\":\"quo\\\"te…`: escaped twice), percent-encoded and in base64, and in an
// HTML error page. The built CLI, scripting (stderr) and the explorer in tmux (every screen and
// every byte written to the terminal), never shows any form of it, nor a distinctive piece.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultServer, type FaultServer } from '../support/faultServer.js';
import { runCli } from '../support/runCli.js';
import { assertTmux, startShell } from '../support/tmux.js';

const SECRET = 'quo"te\\back slash-Zq7x9k';
/** Pieces of it that no mask or message would hold by chance. */
const NEEDLES = ['Zq7x9k', 'slash-Z', 'back slash', 'back+slash', 'back%20slash', Buffer.from('slash-Zq7x9k').toString('base64').slice(2, 12)];

let dir: string;
let server: FaultServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'oie-secret-forms-'));
  server = await startFaultServer((path, _attempt, body) => {
    if (path === '/auth/get_admin_token') {
      return {
        kind: 'json',
        body: {
          errCode: 1001,
          errMsg: `ArgsError: bad request ${body}`,
          errDlt: `ArgsError ${JSON.stringify(body)} form=${new URLSearchParams({ body }).toString()} raw=${Buffer.from(body).toString('base64')}`,
        },
      };
    }
    return { kind: 'status', status: 500, body: `<html><title>500 ${body.replace(/"/g, '&quot;')}</title></html>` };
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function leaks(text: string): string[] {
  return NEEDLES.filter((needle) => text.includes(needle));
}

describe('a secret with quotes and backslashes, echoed escaped', () => {
  it('scripting: the error line on stderr holds no form of it', async () => {
    const r = await runCli(['users', '--base-url', server.url, '--timeout', '5'], { OPENIM_SECRET: SECRET });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('errCode=1001');
    expect(r.stderr).toContain('‹redacted›');
    expect(leaks(r.stderr + r.stdout)).toEqual([]);
    // The server did get it, and did echo it escaped: the test is not vacuous.
    expect(server.requests.some((q) => q.body.includes(JSON.stringify(SECRET)))).toBe(true);
  });

  it('the explorer: no screen, scrollback or byte written to the terminal holds it', async () => {
    assertTmux();
    const raw = join(dir, 'terminal.bytes');
    const term = startShell({ cols: 200, rows: 30, env: { OPENIM_SECRET: SECRET } });
    try {
      term.pipeTo(raw);
      await term.waitFor(/^[#$]\s*$/m);
      term.run(`node dist/cli.cjs --base-url ${server.url} --timeout 5; echo "exit=$?"`);
      const screen = await term.waitFor(/server error 1001/);
      expect(screen).toContain('‹redacted›');
      term.send('q');
      await term.waitFor(/exit=0/);
      expect(leaks(screen)).toEqual([]);
      expect(leaks(term.everything())).toEqual([]);
      expect(leaks(readFileSync(raw, 'utf8'))).toEqual([]);
    } finally {
      term.kill();
    }
  }, 30_000);
});
