// stdio mode: one server over stdin/stdout, ended by stdin closing or a signal.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Runtime } from '../compose.js';

export async function serveStdio(runtime: Runtime, onClose: () => Promise<void>): Promise<void> {
  const server = runtime.createServer();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await Promise.allSettled([server.close(), runtime.close(), onClose()]);
    process.exit(0);
  };
  process.stdin.on('end', shutdown);
  process.stdin.on('close', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  await server.connect(new StdioServerTransport());
}
