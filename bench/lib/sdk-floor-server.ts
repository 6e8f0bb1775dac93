// The smallest useful SDK server (one tool, stdio): bundled like dist/index.js, it is the start-up and memory floor.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';

const server = new McpServer({ name: 'sdk-floor', version: '1.0.0' });
server.registerTool(
  'echo',
  { description: 'Returns its text.', inputSchema: { text: z.string() } },
  ({ text }) => ({ content: [{ type: 'text', text }] }),
);
await server.connect(new StdioServerTransport());
