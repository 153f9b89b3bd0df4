// The header's marks about the path to the server: `! plain http` when the token goes in clear to a
// host that is not this machine, and `via proxy HOST:PORT` when a proxy carries the connection.
// The Header is rendered alone with the marks of a real client (api/wireMarks.ts); no traffic is
// sent anywhere: a reply's peer address is told to the client's watch as a reply would tell it.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { proxySettingsFromEnv } from '../../src/api/proxy.js';
import { Header } from '../../src/components/Header.js';
import { StoreContext } from '../../src/components/StoreContext.js';
import { ThemeContext } from '../../src/components/theme.js';
import { createAppStore } from '../../src/store/store.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

interface Shown {
  frame: () => string;
  client: OpenIMClient;
}

function header(baseUrl: string, width: number, options: { color?: boolean; profile?: string; demo?: boolean; env?: NodeJS.ProcessEnv } = {}): Shown {
  const proxies = options.env ? proxySettingsFromEnv(options.env) : undefined;
  // The store is never started: no request is made.
  const client = new OpenIMClient({ baseUrl, adminUserID: 'imAdmin', timeoutMs: 1000, retryPolicy: NO_RETRIES, maxBodyBytes: 1024, ...(proxies ? { proxies } : {}) });
  const store = createAppStore({ client, pageSize: 20 });
  const info = { host: new URL(baseUrl).host, identity: 'imAdmin', wire: client.wire, demo: options.demo ?? false, ...(options.profile ? { profile: options.profile } : {}) };
  const app = render(
    <StoreContext.Provider value={store}>
      <ThemeContext.Provider value={{ color: options.color ?? false }}>
        <Header info={info} width={width} />
      </ThemeContext.Provider>
    </StoreContext.Provider>,
  );
  unmount = () => app.unmount();
  return { frame: () => app.lastFrame() ?? '', client };
}

describe('the plain-http warning', () => {
  it.each([80, 100, 40])('shows "! plain http" for a remote host over http, at %i columns', (width) => {
    const frame = header('http://10.255.255.1:10002', width).frame();
    expect(frame).toContain('! plain http');
    expect(frame.split('\n')[0]!.length).toBeLessThanOrEqual(width);
  });

  it('keeps the warning when a long host name has to be cut', () => {
    const frame = header(`http://${'very-long-host-name.'.repeat(8)}example:10002`, 80, { profile: 'production' }).frame();
    expect(frame).toContain('! plain http');
    expect(frame).toContain('…');
  });

  it('shows it in colour too', () => {
    expect(header('http://10.0.0.5:10002', 100, { color: true }).frame()).toContain('! plain http');
  });

  it.each(['http://127.0.0.1:10002', 'http://127.8.9.10:10002', 'http://[::1]:10002', 'http://localhost:10002', 'https://im.example.org', 'https://10.0.0.5'])(
    'says nothing for %s',
    (url) => {
      expect(header(url, 100).frame()).not.toContain('plain http');
    },
  );

  it('is decided on the address connected to, not on the name: 127.example.com is a name like any other', async () => {
    const shown = header('http://127.example.com:10002', 100);
    expect(shown.frame()).toContain('! plain http');
    // Its replies come from a remote address: the mark stays.
    shown.client.wire.saw('192.0.2.7');
    expect(shown.frame()).toContain('! plain http');
    // A name that turns out to be this machine loses it once a reply says so.
    shown.client.wire.saw('127.0.0.1');
    await vi.waitFor(() => expect(shown.frame()).not.toContain('plain http'));
  });

  it('localhost that answers from a remote address gets the mark after the reply', async () => {
    const shown = header('http://localhost:10002', 100);
    expect(shown.frame()).not.toContain('plain http');
    shown.client.wire.saw('::ffff:192.0.2.7');
    await vi.waitFor(() => expect(shown.frame()).toContain('! plain http'));
  });
});

describe('the proxy mark', () => {
  const env = { HTTP_PROXY: 'http://ops:hunter22@proxy.internal:3128', HTTPS_PROXY: 'http://ops:hunter22@proxy.internal:3128' };

  it('names the proxy that carries the connection, never its credentials', () => {
    const frame = header('https://openim.example.org', 120, { env }).frame();
    expect(frame).toContain('openim.example.org via proxy proxy.internal:3128');
    expect(frame).not.toMatch(/ops|hunter22/);
    expect(frame).not.toContain('plain http');
  });

  it('plain http through a proxy is in clear whatever the address the reply came from', () => {
    const shown = header('http://10.0.0.5:10002', 120, { env });
    shown.client.wire.saw('127.0.0.1');
    expect(shown.frame()).toContain('10.0.0.5:10002 via proxy proxy.internal:3128');
    expect(shown.frame()).toContain('! plain http');
  });

  it.each(['http://127.0.0.1:10002', 'http://[::1]:10002', 'http://localhost:10002'])('loopback %s never goes through it: no mark', (url) => {
    const frame = header(url, 120, { env }).frame();
    expect(frame).not.toContain('via proxy');
    expect(frame).not.toContain('plain http');
  });

  it('NO_PROXY naming the host: no mark', () => {
    expect(header('http://[fd00::10]:10002', 120, { env: { ...env, NO_PROXY: 'fd00::10' } }).frame()).not.toContain('via proxy');
  });
});
