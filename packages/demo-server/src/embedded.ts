// The embedded demo server as the explorer (`--demo`) and the scripting commands start it: on a
// free loopback port, with the credentials a client needs to log in to it.
import { DEMO, startDemoServer } from './server.js';

export interface EmbeddedDemo {
  baseUrl: string;
  secret: string;
  adminUserID: string;
  close(): Promise<void>;
}

export interface EmbeddedDemoOptions {
  users: number;
  latencyMs: number;
  /** `--still`: the data does not change; otherwise the demo lives (activity.ts). */
  still?: boolean;
  /** Time between two events of the living demo, ms. */
  paceMs?: number;
}

export async function startEmbeddedDemo(options: EmbeddedDemoOptions): Promise<EmbeddedDemo> {
  const activity = options.still ? undefined : { ...(options.paceMs !== undefined ? { paceMs: options.paceMs } : {}) };
  const server = await startDemoServer({ users: options.users, latencyMs: options.latencyMs, ...(activity ? { activity } : {}) });
  return { baseUrl: server.url, secret: DEMO.secret, adminUserID: DEMO.adminUserID, close: () => server.close() };
}
