// The per-call floor on SDK v2: one tool that does the same GET of the same 50 discoveries and returns the body as text, served in both eras as src/cli/stdio.ts serves.
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

const base = process.env['NETWORK_DISCOVERY_BASE_URL'] ?? 'http://127.0.0.1:9';
const headers = {
  accept: 'application/json',
  authorization: `Bearer ${process.env['NETWORK_DISCOVERY_API_KEY'] ?? ''}`,
};

serveStdio(
  () => {
    const server = new McpServer({ name: 'sdk-v2-floor-list', version: '1.0.0' });
    server.registerTool(
      'list_discoveries',
      {
        description: 'Lists discoveries.',
        inputSchema: z.object({ limit: z.number().optional() }),
      },
      async ({ limit = 50 }) => {
        const response = await fetch(`${base}/api/v1/discovery?limit=${limit}&offset=0`, {
          headers,
        });
        return { content: [{ type: 'text', text: await response.text() }] };
      },
    );
    return server;
  },
  { transport: new StdioServerTransport() },
);
