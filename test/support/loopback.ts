// What every purpose-built test server shares: listening on 127.0.0.1 on a free port, counting its
// connections, and closing at once (clients' connections destroyed) so no test waits on a client.
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Listening {
  url: string;
  /** Connections accepted, including ones that sent nothing whole. */
  accepted(): number;
  /** Connections still open. */
  open(): number;
  close(): Promise<void>;
}

export async function listenOnLoopback(server: Server): Promise<Listening> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  server.on('connection', (socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accepted: () => accepted,
    open: () => sockets.size,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
