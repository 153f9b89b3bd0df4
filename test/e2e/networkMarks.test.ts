// What the explorer's header says about the path to the server, on the built CLI in tmux, with a
// recording proxy in the environment as on an ops box: a server reached through the proxy shows
// `via proxy HOST:PORT` and `! plain http`; a loopback server never goes through it and shows
// neither. With NODE_TLS_REJECT_UNAUTHORIZED=0 inherited, a self-signed server still fails, and
// Node's warning that verification is off (false here) is neither on the screen nor behind it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { PROXY_NAME, startProxy, type Proxy } from '../support/recordingProxy.js';
import { assertTmux, startApp, startShell, type App } from '../support/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'oie-marks-'));
let demo: DemoServer;
let proxy: Proxy;
let selfSigned: Server;
let selfSignedUrl: string;
let httpsRequests = 0;
let app: App | undefined;

beforeAll(async () => {
  assertTmux();
  demo = await startDemoServer({ users: 30 });
  proxy = await startProxy();
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '2'], { cwd: dir, stdio: 'ignore' });
  selfSigned = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
    httpsRequests += 1;
    res.end('{}');
  });
  await new Promise<void>((resolve) => selfSigned.listen(0, '127.0.0.1', resolve));
  selfSignedUrl = `https://127.0.0.1:${(selfSigned.address() as AddressInfo).port}`;
}, 60_000);
afterEach(() => {
  app?.kill();
  app = undefined;
});
afterAll(async () => {
  selfSigned.close();
  await proxy.close();
  await demo.close();
});

const env = (): Record<string, string> => ({ OPENIM_SECRET: DEMO.secret, HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url });

describe('the header names the proxy and plain http', () => {
  it('a server reached through the proxy: `via proxy` and `! plain http`, never the proxy\'s credentials', async () => {
    const named = demo.url.replace('127.0.0.1', PROXY_NAME);
    const withCredentials = proxy.url.replace('http://', 'http://ops:hunter22@');
    app = startApp({ args: ['--base-url', named], env: { ...env(), HTTP_PROXY: withCredentials }, cols: 120 });
    const screen = await app.waitFor((s) => s.includes('user_') && s.includes('connected'));
    expect(screen.split('\n')[0]).toContain(`${named.replace('http://', '')} via proxy ${proxy.host}`);
    expect(screen.split('\n')[0]).toContain('! plain http');
    expect(screen).not.toMatch(/ops|hunter22/);
    expect(proxy.absolute.some((a) => a.url === `${named}/user/get_users`)).toBe(true);
  });

  it.each([
    ['127.0.0.1', () => demo.url],
    ['localhost', () => demo.url.replace('127.0.0.1', 'localhost')],
  ])('a loopback server (%s) never goes through the proxy: neither mark', async (_, url) => {
    const before = proxy.connections();
    app = startApp({ args: ['--base-url', url()], env: env(), cols: 120 });
    const screen = await app.waitFor((s) => s.includes('user_') && s.includes('connected'));
    expect(screen.split('\n')[0]).not.toMatch(/via proxy|plain http/);
    expect(proxy.connections()).toBe(before);
  });
});

describe('NODE_TLS_REJECT_UNAUTHORIZED=0 inherited by the explorer', () => {
  it('a self-signed server still fails in words; Node\'s warning is not printed, before, over or after the screen; the log says it once', async () => {
    const raw = join(dir, 'terminal.bytes');
    const log = join(dir, 'requests.log');
    const term = (app = startShell({ cols: 120, rows: 30, env: { ...env(), NODE_TLS_REJECT_UNAUTHORIZED: '0' } }));
    term.pipeTo(raw);
    await term.waitFor(/^[#$]\s*$/m);
    term.run(`node dist/cli.cjs --base-url ${selfSignedUrl} --timeout 5 --log-file ${log}; echo "exit=$?"`);
    const screen = await term.waitFor(/self-signed/);
    expect(screen).not.toContain('connected');
    term.send('q');
    await term.waitFor(/exit=0/);
    const everything = term.everything();
    const bytes = readFileSync(raw, 'utf8');
    for (const text of [screen, everything, bytes]) expect(text).not.toMatch(/Warning|makes TLS connections|insecure/);
    expect(readFileSync(log, 'utf8').match(/NODE_TLS_REJECT_UNAUTHORIZED=0 is ignored: certificates are verified/g)).toHaveLength(1);
    // No request reached the server: the handshake failed before the secret was sent.
    expect(httpsRequests).toBe(0);
  }, 30_000);
});
