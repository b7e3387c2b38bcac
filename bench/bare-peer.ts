// The peer every server bench measures against in the same run: a bare Node `http` server on
// loopback that reads the request and answers 204, the floor any Node HTTP service sits above.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BarePeer {
  port: number;
  close(): Promise<void>;
}

export async function startBarePeer(): Promise<BarePeer> {
  const server = createServer((req, res) => {
    // Drain the body (POST benches) so keep-alive connections stay reusable.
    req.resume();
    res.writeHead(204);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
