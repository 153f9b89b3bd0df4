// `openim-explorer demo-server`: runs the demo server in the foreground until SIGINT/SIGTERM.
import { DEMO } from './well-known.js';
import { startDemoServer } from './server.js';

/** Resolves once the server has closed after a signal. */
export async function runDemoServerCli(args: { port: number; host: string; users: number }): Promise<void> {
  const server = await startDemoServer({ port: args.port, host: args.host, users: args.users });
  process.stdout.write(`openim demo server on ${server.url} (admin secret ${DEMO.secret}, admin user ${DEMO.adminUserID})\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
}
