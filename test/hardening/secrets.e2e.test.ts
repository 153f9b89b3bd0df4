// Secrets: the token and the secret, given in the environment, never appear on screen, in an
// error, in the request log, in what the app writes after it exits, or in any process's command
// line. The built CLI runs in tmux against a server that echoes the token back in its errors, the
// way real servers do (errDlt "1503 ... jwt parse error, token=<token>"), and in an HTML page, and
// in a body that is not JSON. Every byte written to the terminal is kept (tmux pipe-pane), every
// screen and the scrollback are captured, and all of it is searched.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultServer, type Fault, type FaultServer } from '../support/faultServer.js';
import { allCommandLines, assertTmux, startShell } from '../support/tmux.js';

// A token shaped like a real one, a second one the server hands out on re-login, and the secret.
const TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJVc2VySUQiOiJpbUFkbWluIiwiUGxhdGZvcm1JRCI6MTB9.aGFyZGVuaW5nLXRva2VuLXNpZ25hdHVyZQ';
const NEW_TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJVc2VySUQiOiJpbUFkbWluIiwicmVuZXdlZCI6dHJ1ZX0.cmVuZXdlZC10b2tlbi1zaWduYXR1cmU';
const SECRET = 'hardening-Secret-7f3a9c';
/** Distinctive pieces too: a leak of part of a value is a leak. */
const NEEDLES = [TOKEN, NEW_TOKEN, SECRET, TOKEN.split('.')[2]!, NEW_TOKEN.split('.')[2]!, SECRET.slice(-10)];

const ok = (data: unknown): Fault => ({ kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data } });
const users = Array.from({ length: 5 }, (_, i) => ({ userID: `user_${i + 1}`, nickname: `User ${i + 1}` }));

let dir: string;
let server: FaultServer;
let phase: 'auth' | 'ok' = 'auth';
beforeAll(async () => {
  assertTmux();
  dir = mkdtempSync(join(tmpdir(), 'oie-secrets-'));
  server = await startFaultServer((path, _attempt, body) => {
    const sent = server.requests.at(-1)?.headers.token;
    const echoed = typeof sent === 'string' ? sent : '';
    if (path === '/auth/get_admin_token') {
      return JSON.parse(body || '{}').secret === SECRET
        ? ok({ token: NEW_TOKEN, expireTimeSeconds: 3600 })
        : { kind: 'json', body: { errCode: 1002, errMsg: 'NoPermissionError', errDlt: `wrong secret ${String(JSON.parse(body || '{}').secret)}` } };
    }
    switch (path) {
      case '/user/get_users':
        return phase === 'auth'
          ? { kind: 'json', body: { errCode: 1503, errMsg: 'TokenMalformedError', errDlt: `1503 TokenMalformedError jwt parse error, token=${echoed}` } }
          : ok({ total: users.length, users });
      case '/conversation/get_sorted_conversation_list':
        return { kind: 'json', body: { errCode: 1505, errMsg: `signature is invalid ${echoed}`, errDlt: `1505 signature is invalid jwt parse error, token=${echoed}` } };
      case '/friend/get_black_list':
        return { kind: 'status', status: 502, body: `<html><head><title>502 for ${echoed}</title></head></html>` };
      case '/friend/get_self_friend_apply_list':
        return { kind: 'raw', body: `token: ${echoed} is not JSON` };
      default:
        return { kind: 'status', status: 404, body: `404 page not found ${echoed}`, contentType: 'text/plain' };
    }
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('secrets from the environment', () => {
  it('appear nowhere: screens, scrollback, terminal bytes, request log, after exit, ps', async () => {
    const raw = join(dir, 'terminal.bytes');
    const log = join(dir, 'requests.log');
    const term = startShell({ cols: 120, rows: 30, env: { OPENIM_TOKEN: TOKEN, OPENIM_SECRET: SECRET } });
    const screens: string[] = [];
    const capture = (): string => {
      const s = term.screen();
      screens.push(s);
      return s;
    };
    let commandLines = '';
    try {
      term.pipeTo(raw);
      await term.waitFor(/^[#$]\s*$/m);
      term.run(`node dist/cli.cjs --base-url ${server.url} --timeout 3 --log-file ${log}; echo "exit=$?"`);
      // The token is refused (1503, echoed back); the app logs in with the secret once and repeats
      // the request, which is refused again, with the new token echoed: an auth error on screen.
      await term.waitFor(/server error 1503/);
      expect(capture()).toMatch(/OPENIM_TOKEN/);
      commandLines = allCommandLines();
      phase = 'ok';
      term.send('r');
      await term.waitFor('user_5');
      capture();
      term.send('Enter'); // the user's conversations: 1505 echoing the token in errMsg and errDlt
      await term.waitFor(/server error 1505/);
      capture();
      term.send('2'); // blacklist: an HTML 502 page with the token in its title
      await term.waitFor(/HTTP 502/);
      capture();
      term.send('3'); // applications: a body that is not JSON, starting with the token
      await term.waitFor(/response is not JSON/);
      capture();
      term.send('Escape');
      await term.waitFor((s) => s.includes('user_5') && !s.includes('Convs'));
      term.send('y'); // copy a row through OSC 52: the bytes go to the terminal too
      await term.waitFor('copied');
      capture();
      term.send('q');
      await term.appGone();
      await term.waitFor(/exit=0/);
      capture();
      screens.push(term.everything());
    } finally {
      term.kill();
    }
    // Something was actually captured.
    expect(screens.join('\n')).toContain('‹redacted›');
    const logText = readFileSync(log, 'utf8');
    expect(logText).toMatch(/getUsers/);
    expect(statSync(log).mode & 0o777).toBe(0o600);
    const bytes = readFileSync(raw, 'utf8');
    expect(bytes.length).toBeGreaterThan(1000);
    const everything: [string, string][] = [
      ['screens', screens.join('\n')],
      ['terminal bytes', bytes],
      ['request log', logText],
      ['command lines (ps)', commandLines],
    ];
    for (const [where, text] of everything) {
      for (const needle of NEEDLES) expect(text.includes(needle), `${where} contains ${needle}`).toBe(false);
    }
    // The server did receive them: the test is not vacuous.
    expect(server.requests.some((r) => r.headers.token === TOKEN)).toBe(true);
    expect(server.requests.some((r) => r.headers.token === NEW_TOKEN)).toBe(true);
    expect(server.requests.some((r) => r.body.includes(SECRET))).toBe(true);
  }, 60_000);
});
