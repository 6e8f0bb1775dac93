// A raw HTTP service on 127.0.0.1 for tests that write answers byte by byte; closed by the test's cleanups.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Cleanups = (() => Promise<void> | void)[];

/** Listens on a free port; `cleanups` gets the close, so the test's afterEach ends it. */
export async function serveLocally(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  cleanups: Cleanups,
): Promise<URL> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}
