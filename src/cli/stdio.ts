// stdio mode: one server over stdin/stdout, ended by stdin closing or a signal.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Runtime } from '../compose.js';
import { refusePrototypeArguments } from '../mcp/strict-arguments.js';

/** However shutdown goes, the process is gone this soon after it starts. */
const FORCE_EXIT_MS = 500;

export async function serveStdio(runtime: Runtime, onClose: () => Promise<void>): Promise<void> {
  const server = runtime.createServer();
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(0), FORCE_EXIT_MS).unref();
    // server.close() aborts every in-flight tool call (their signals abort the HTTP requests);
    // runtime.close() destroys the connection pool under anything still open.
    void Promise.allSettled([server.close(), runtime.close(), onClose()]).then(() =>
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
  const transport = new StdioServerTransport();
  await server.connect(transport);
  refusePrototypeArguments(transport);
}
