// Sets up the terminal, the connection and the store, renders the app, and puts the terminal
// back on every way out.
import { render } from 'ink';
import { OpenIMClient, DEFAULT_CLIENT_CONFIG } from './api/client.js';
import { App } from './App.js';
import type { ConnectionInfo } from './components/Header.js';
import { StoreContext } from './components/StoreContext.js';
import { ThemeContext } from './components/theme.js';
import type { ExplorerOptions } from './config/args.js';
import { recentUsersFile, recentUsersPath } from './config/recentUsers.js';
import { createAppStore } from './store/store.js';
import { colorEnabled } from './terminal/color.js';
import { osc52Copy } from './terminal/osc52.js';
import { enterAltScreen, installRestoreHandlers, restoreTerminal } from './terminal/screen.js';

export async function runExplorer(options: ExplorerOptions): Promise<number> {
  let baseUrl = options.baseUrl ?? '';
  let secret = options.secret;
  let token = options.token;
  let closeDemo: (() => Promise<void>) | undefined;
  if (options.demo) {
    const { startDemoServer } = await import('./demo/server.js');
    const demo = await startDemoServer({ users: options.demoUsers, latencyMs: options.demoLatencyMs });
    baseUrl = demo.url;
    secret = 'openIM123';
    token = undefined;
    closeDemo = () => demo.close();
  }

  const client = new OpenIMClient({
    ...DEFAULT_CLIENT_CONFIG,
    baseUrl,
    token,
    secret,
    adminUserID: options.adminUserID,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes,
  });
  const url = new URL(baseUrl);
  const info: ConnectionInfo = {
    host: url.host,
    identity: client.identity,
    insecure: url.protocol === 'http:' && !isLoopback(url.hostname),
    demo: options.demo,
  };

  const stdout = process.stdout;
  const color = colorEnabled(process.env, { noColor: options.noColor, stdoutIsTTY: stdout.isTTY === true });
  let instance: ReturnType<typeof render> | undefined;
  const store = createAppStore({
    client,
    pageSize: options.pageSize,
    copy: (text) => stdout.write(osc52Copy(text)),
    recent: recentUsersFile(recentUsersPath(process.env)),
    quit: () => instance?.unmount(),
  });

  const restore = (): void => restoreTerminal(stdout);
  const uninstall = installRestoreHandlers(restore);
  enterAltScreen(stdout);
  try {
    instance = render(
      <StoreContext.Provider value={store}>
        <ThemeContext.Provider value={{ color }}>
          <App info={info} />
        </ThemeContext.Provider>
      </StoreContext.Provider>,
      { exitOnCtrlC: false, patchConsole: false, maxFps: 120, incrementalRendering: process.env.OIE_INCREMENTAL === "1" },
    );
    store.getState().start();
    await instance.waitUntilExit();
  } finally {
    restore();
    uninstall();
    await closeDemo?.();
  }
  return 0;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\./.test(hostname);
}
