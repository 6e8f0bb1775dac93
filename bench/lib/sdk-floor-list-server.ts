// The per-call floor: a minimal SDK server whose one tool does the same GET of the same 50 discoveries and returns the body as text.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';

const base = process.env['NETWORK_DISCOVERY_BASE_URL'] ?? 'http://127.0.0.1:9';
const headers = {
  accept: 'application/json',
  authorization: `Bearer ${process.env['NETWORK_DISCOVERY_API_KEY'] ?? ''}`,
};

const server = new McpServer({ name: 'sdk-floor-list', version: '1.0.0' });
server.registerTool(
  'list_discoveries',
  { description: 'Lists discoveries.', inputSchema: { limit: z.number().optional() } },
  async ({ limit = 50 }) => {
    const response = await fetch(`${base}/api/v1/discovery?limit=${limit}&offset=0`, { headers });
    return { content: [{ type: 'text', text: await response.text() }] };
  },
);
await server.connect(new StdioServerTransport());
