// `openim-explorer demo-server`: runs the demo server in the foreground until SIGINT/SIGTERM.
import { DEMO } from './well-known.js';
import { startDemoServer } from './server.js';
import type { ServerGeneration } from './generation.js';
import type { DiscoveryMode } from './cluster.js';

/** Resolves once the server has closed after a signal. */
export async function runDemoServerCli(args: {
  port: number;
  host: string;
  users: number;
  /** `--latency`: every answer this late, to try a client over a slow link. */
  latencyMs?: number;
  still?: boolean;
  paceMs?: number;
  /** `--server`: the release (default) or main (generation.ts). */
  server?: ServerGeneration;
  /** `--discovery none`: the discovery routes answer `[]` (cluster.ts). */
  discovery?: DiscoveryMode;
}): Promise<void> {
  const activity = args.still ? undefined : { ...(args.paceMs !== undefined ? { paceMs: args.paceMs } : {}) };
  const latencyMs = args.latencyMs ?? 0;
  const generation = args.server ?? 'release';
  const server = await startDemoServer({ port: args.port, host: args.host, users: args.users, latencyMs, server: generation, nowMs: Date.now(), cluster: { discovery: args.discovery ?? 'etcd' }, ...(activity ? { activity } : {}) });
  const lives = (generation === 'main' ? 'answers as main; ' : '') + (activity ? 'messages, applications and users arrive while it runs' : 'still') + (latencyMs > 0 ? `; answers ${latencyMs} ms late` : '');
  // The handlers before the line that says it is up: whoever waits for that line and then sends
  // SIGTERM (a supervisor, a test) must find them there, not the default action that kills.
  const stopped = new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  process.stdout.write(`openim demo server on ${server.url} (admin secret ${DEMO.secret}, admin user ${DEMO.adminUserID}; ${lives})\n`);
  // Where the metrics are, when the discovery routes do not say (--discovery none): what --metrics takes.
  if (args.discovery === 'none') process.stdout.write(`metrics targets (not listed by discovery): ${Object.values(server.metricsTargets()).flat().join(',')}\n`);
  await stopped;
  await server.close();
}
