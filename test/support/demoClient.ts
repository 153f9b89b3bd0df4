// A client logged in to an embedded demo server with its admin secret, as the tests use it:
// no retries (a failure should show at once) and a short deadline.
import { OpenIMClient, type ClientConfig } from '../../src/api/client.js';
import { DEMO } from 'openim-demo-server';
import { NO_RETRIES } from './retryPolicy.js';

export function demoClient(server: { url: string }, overrides: Partial<ClientConfig> = {}): OpenIMClient {
  return new OpenIMClient({
    baseUrl: server.url,
    secret: DEMO.secret,
    adminUserID: DEMO.adminUserID,
    timeoutMs: 5000,
    retryPolicy: NO_RETRIES,
    maxBodyBytes: 8 * 1024 * 1024,
    ...overrides,
  });
}
