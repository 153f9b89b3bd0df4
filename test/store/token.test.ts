// The token's real expiry: a given token is read with /auth/parse_token at start (its time is
// absolute), the secret's is known from the login; a given token warns in its last hour and says
// when it expired (fake timers move it on); a refused one is said in words at once. Against the
// demo over HTTP and a loopback server answering in the real shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { tokenHeaderText } from '../../src/components/tokenText.js';
import { LAST_HOUR_MS, refusedTokenWords, tokenPhase } from '../../src/store/tokenSlice.js';
import { createAppStore } from '../../src/store/store.js';
import { demoClient } from '../support/demoClient.js';
import { startFaultServer, type FaultServer } from '../support/faultServer.js';

let demo: DemoServer;
let loopback: FaultServer;
/** The absolute expiry the loopback server answers parse_token with (Unix seconds). */
const LOOPBACK_EXPIRY_S = 1_900_000_000;
beforeAll(async () => {
  demo = await startDemoServer({ users: 20 });
  loopback = await startFaultServer((path) =>
    path === '/auth/parse_token'
      ? { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { userID: 'imAdmin', platformID: 10, expireTimeSeconds: LOOPBACK_EXPIRY_S } } }
      : { kind: 'status', status: 404, body: '404 page not found', contentType: 'text/plain' },
  );
});
afterAll(async () => {
  await demo.close();
  await loopback.close();
});

const withToken = (server: { url: string }, token: string) => createAppStore({ client: demoClient(server, { secret: undefined, token }), pageSize: 20 });
const known = async (store: ReturnType<typeof withToken>) => {
  store.getState().checkToken();
  await expect.poll(() => store.getState().token.state, { timeout: 5000 }).not.toBe('unknown');
  return store.getState().token;
};

describe('the token\'s expiry', () => {
  it('of a given token comes from parse_token, sent without a token header, as an absolute time', async () => {
    const store = withToken(loopback, 'some.admin.token');
    expect(await known(store)).toEqual({ state: 'known', expiresAt: LOOPBACK_EXPIRY_S * 1000, renews: false, phase: 'valid' });
    const asked = loopback.requests.find((r) => r.path === '/auth/parse_token')!;
    expect(asked.headers.token).toBeUndefined();
    expect(JSON.parse(asked.body)).toEqual({ token: 'some.admin.token' });
  });

  it('of the secret\'s token is the login\'s duration, with no request of its own, and never warns', async () => {
    const before = demo.requestCount('/auth/parse_token');
    const store = createAppStore({ client: demoClient(demo), pageSize: 20 });
    const token = await known(store);
    expect(token).toMatchObject({ state: 'known', renews: true, phase: 'valid' });
    const days = ((token as { expiresAt: number }).expiresAt - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    expect(demo.requestCount('/auth/parse_token')).toBe(before);
  });

  it('warns in the last hour of a given token, then says it expired, moved on by a timer', async () => {
    // A clock of the test's: the store's timers fire when the test moves it.
    let now = Date.now();
    let pending: { at: number; run: () => void }[] = [];
    const tokenTimers = {
      now: () => now,
      setTimeout: (run: () => void, ms: number) => pending.push({ at: now + ms, run }),
      clearTimeout: () => undefined,
    };
    const advance = (ms: number): void => {
      now += ms;
      const due = pending.filter((p) => p.at <= now);
      pending = pending.filter((p) => p.at > now);
      for (const timer of due) timer.run();
    };
    const store = createAppStore({ client: demoClient(demo, { secret: undefined, token: demo.mintToken(DEMO.adminUserID, { ttlSeconds: 2 * 3600 }) }), pageSize: 20, tokenTimers });
    expect(await known(store)).toMatchObject({ state: 'known', phase: 'valid' });
    expect(tokenHeaderText(store.getState().token)).toMatchObject({ text: expect.stringMatching(/^token until \d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d$/), warn: false });
    advance(3600 * 1000 - 60_000);
    expect(store.getState().token).toMatchObject({ phase: 'valid' });
    advance(61_000);
    expect(store.getState().token).toMatchObject({ phase: 'lastHour' });
    expect(tokenHeaderText(store.getState().token)).toMatchObject({ text: expect.stringMatching(/^! token expires \d\d:\d\d [+-]\d\d:\d\d$/), warn: true, optional: false });
    advance(3600 * 1000);
    expect(store.getState().token).toMatchObject({ phase: 'expired' });
    expect(tokenHeaderText(store.getState().token)?.text).toBe('! token expired');
  });

  it.each([
    ['malformed', () => 'abc', 1503, 'is malformed'],
    ['expired', () => demo.mintToken(DEMO.adminUserID, { ttlSeconds: -60 }), 1501, 'has expired'],
    ['signed by another secret', () => demo.mintToken(DEMO.adminUserID, { secret: 'other' }), 1505, "was not signed with this server's secret"],
  ])('a %s token is said in words at start, never the token itself', async (_what, token, code, words) => {
    const given = token();
    const store = withToken(demo, given);
    expect(await known(store)).toEqual({ state: 'refused', code });
    const flash = store.getState().flash!;
    expect(flash.level).toBe('error');
    expect(flash.text).toContain(`the token ${words}`);
    expect(flash.text).toContain('--token or OPENIM_TOKEN');
    expect(flash.text).not.toContain(given);
  });

  it('stays unknown, and silent, where the server cannot say', async () => {
    // Nothing listens on port 1: the read fails. Wait for that failure to be handled, not for a time.
    const client = demoClient({ url: loopback.url.replace(/\d+$/, '1') }, { secret: undefined, token: 't' });
    const read = client.tokenExpiry.bind(client);
    let answered = false;
    client.tokenExpiry = (signal) => read(signal).finally(() => (answered = true));
    const store = createAppStore({ client, pageSize: 20 });
    store.getState().checkToken();
    await expect.poll(() => answered, { timeout: 5000 }).toBe(true);
    expect(store.getState().token).toEqual({ state: 'unknown' });
    expect(store.getState().flash).toBeNull();
  });
});

describe('tokenPhase and the words', () => {
  it('counts the last hour and the end', () => {
    expect(tokenPhase(10 * LAST_HOUR_MS, 8 * LAST_HOUR_MS)).toBe('valid');
    expect(tokenPhase(10 * LAST_HOUR_MS, 9 * LAST_HOUR_MS)).toBe('lastHour');
    expect(tokenPhase(10 * LAST_HOUR_MS, 10 * LAST_HOUR_MS)).toBe('expired');
    expect(refusedTokenWords(1507)).toMatch(/^the token is not known to the server/);
    expect(refusedTokenWords(1599)).toMatch(/^the token was refused \(1599\)/);
  });
});
