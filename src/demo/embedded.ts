// The embedded demo server as the explorer (`--demo`) and the scripting commands start it: on a
// free loopback port, with the credentials a client needs to log in to it.
import { DEMO, startDemoServer } from './server.js';

export interface EmbeddedDemo {
  baseUrl: string;
  secret: string;
  adminUserID: string;
  close(): Promise<void>;
}

export async function startEmbeddedDemo(options: { users: number; latencyMs: number }): Promise<EmbeddedDemo> {
  const server = await startDemoServer({ users: options.users, latencyMs: options.latencyMs });
  return { baseUrl: server.url, secret: DEMO.secret, adminUserID: DEMO.adminUserID, close: () => server.close() };
}
