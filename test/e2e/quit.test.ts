// Quitting while the admin login hangs ends the process at once: the built CLI in tmux against a
// server that accepts the login and never answers it. The login has a 60 s deadline, so a
// process kept alive by that request (a pending fetch, its socket, its timer) would still be
// running long after the wait below; the app must end as soon as q is pressed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { assertTmux, startApp, type App } from '../support/tmux.js';

let server: TestServer;
let app: App | undefined;
beforeAll(async () => {
  assertTmux();
  server = await startTestServer(() => undefined); // receives the login, never answers
});
afterEach(() => {
  app?.kill();
  app = undefined;
});
afterAll(async () => {
  await server.close();
});

describe('quit while the login hangs', () => {
  it.each(['q', 'C-c'])('%s ends the process at once, with the terminal restored', async (key) => {
    const before = server.requests.length;
    app = startApp({ args: ['--base-url', server.url, '--timeout', '60'], env: { OPENIM_SECRET: 'quit-Secret-0b7f' } });
    await app.waitFor(server.url.replace('http://', ''));
    await expect.poll(() => server.requests.length, { timeout: 10_000 }).toBe(before + 1);
    expect(server.requests.at(-1)?.path).toBe('/auth/get_admin_token');
    app.send(key);
    // The shell prints __EXIT__ the moment the node process has exited: a condition with a
    // deadline far below the login's 60 s.
    const code = await app.exitCode(10_000);
    expect(code).toBe(0); // Ctrl-C is a key in raw mode: the same quit
    expect(app.display('#{alternate_on}')).toBe('0');
  });
});
