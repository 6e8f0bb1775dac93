// The same smallest server on SDK v2 (`@modelcontextprotocol/server`, both protocol eras through serveStdio, as src/cli/stdio.ts serves): the v2 start-up and memory floor beside the v1 one.
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

serveStdio(
  () => {
    const server = new McpServer({ name: 'sdk-v2-floor', version: '1.0.0' });
    server.registerTool(
      'echo',
      { description: 'Returns its text.', inputSchema: z.object({ text: z.string() }) },
      ({ text }) => ({ content: [{ type: 'text', text }] }),
    );
    return server;
  },
  { transport: new StdioServerTransport() },
);
