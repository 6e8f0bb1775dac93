// stdio mode: one connection over stdin/stdout in either protocol era, ended by stdin closing or a signal.
import {
  StdioServerTransport,
  serveStdio as serveBothEras,
} from '@modelcontextprotocol/server/stdio';
import type { Runtime } from '../compose.js';
import { refusePrototypeArguments } from '../mcp/strict-arguments.js';

/** However shutdown goes, the process is gone this soon after it starts. */
const FORCE_EXIT_MS = 500;

export async function serveStdio(runtime: Runtime, onClose: () => Promise<void>): Promise<void> {
  let closing = false;
  const transport = new StdioServerTransport();
  refusePrototypeArguments(transport);
  // The opening message picks the era (initialize: 2025-11-25; server/discover or an enveloped
  // request: 2026-07-28); the SDK then pins one server from this factory to the connection.
  const connection = serveBothEras(() => runtime.createServer(), {
    transport,
    onerror: () => {},
  });
  const shutdown = () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(0), FORCE_EXIT_MS).unref();
    // Closing the connection aborts every in-flight tool call (their signals abort the HTTP
    // requests); runtime.close() destroys the connection pool under anything still open.
    void Promise.allSettled([connection.close(), runtime.close(), onClose()]).then(() =>
      process.exit(0),
    );
  };
  process.stdin.on('end', shutdown);
  process.stdin.on('close', shutdown);
  // EPIPE: the client is gone, so nobody can read what we would write.
  process.stdout.on('error', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  process.on('SIGHUP', shutdown);
}
