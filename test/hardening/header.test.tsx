// Plain http to a host that is not loopback gets a visible warning in the header. No traffic is
// sent anywhere: the Header is rendered alone with the connection info the app computes.
// (The loopback check itself lives in src/runExplorer.tsx and is not exported.)
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { Header, type ConnectionInfo } from '../../src/components/Header.js';
import { StoreContext } from '../../src/components/StoreContext.js';
import { ThemeContext } from '../../src/components/theme.js';
import { createAppStore } from '../../src/store/store.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

function header(info: ConnectionInfo, width: number, color = false): string {
  // The store is never started: no request is made.
  const client = new OpenIMClient({ baseUrl: `http://${info.host}`, adminUserID: 'imAdmin', timeoutMs: 1000, retryPolicy: NO_RETRIES, maxBodyBytes: 1024 });
  const store = createAppStore({ client, pageSize: 20 });
  const app = render(
    <StoreContext.Provider value={store}>
      <ThemeContext.Provider value={{ color }}>
        <Header info={info} width={width} />
      </ThemeContext.Provider>
    </StoreContext.Provider>,
  );
  unmount = () => app.unmount();
  return app.lastFrame() ?? '';
}

describe('the plain-http warning', () => {
  it.each([80, 100, 40])('shows "! plain http" for a remote host over http, at %i columns', (width) => {
    const frame = header({ host: '10.255.255.1:10002', identity: 'imAdmin', insecure: true, demo: false }, width);
    expect(frame).toContain('! plain http');
    expect(frame.split('\n')[0]!.length).toBeLessThanOrEqual(width);
  });

  it('keeps the warning when a long host name has to be cut', () => {
    const frame = header({ host: `${'very-long-host-name.'.repeat(8)}example:10002`, identity: 'imAdmin', insecure: true, demo: false, profile: 'production' }, 80);
    expect(frame).toContain('! plain http');
    expect(frame).toContain('…');
  });

  it('shows it in colour too', () => {
    expect(header({ host: '10.0.0.5:10002', identity: 'token', insecure: true, demo: false }, 100, true)).toContain('! plain http');
  });

  it('says nothing for loopback, https or the demo', () => {
    expect(header({ host: '127.0.0.1:10002', identity: 'imAdmin', insecure: false, demo: false }, 100)).not.toContain('plain http');
    expect(header({ host: 'im.example.org', identity: 'token', insecure: false, demo: false }, 100)).not.toContain('plain http');
  });
});
