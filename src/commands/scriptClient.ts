// What every scripting command makes the same way: its client for the connection (run.ts, trace.ts)
// and, with --demo, the demo it reads, which only the entry point may start (handed in: StartDemo).
import { DEFAULT_CLIENT_CONFIG, OpenIMClient } from '../api/client.js';
import type { ExplorerOptions } from '../config/args.js';
import { clientConnection, connectionExtras, type Connection } from '../config/connection.js';
import type { RequestLog } from '../config/requestLog.js';

/** The demo, when `--demo`: started by the entry point, which alone may load it. */
export type StartDemo = () => Promise<{ baseUrl: string; secret: string; adminUserID: string; close(): Promise<void> }>;

/** The command's client: the connection's credentials, its deadlines and body cap, the request log. */
export function scriptClient(options: ExplorerOptions, connection: Connection, env: NodeJS.ProcessEnv, log: RequestLog | undefined): OpenIMClient {
  return new OpenIMClient({
    ...DEFAULT_CLIENT_CONFIG,
    ...clientConnection(connection),
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes,
    ...connectionExtras({ connection }, options.demo, env),
    ...(log ? { onRequest: log.onRequest } : {}),
  });
}
