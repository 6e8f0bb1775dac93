// The same one-tool SDK server with `import { z } from 'zod'`: the floor of earlier bench runs, shown for comparison only.
// A copy of sdk-floor-server.ts, not a shared body: the import is what is measured, and handing zod
// to shared code as a value would make esbuild keep all of it in both builds.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'sdk-floor', version: '1.0.0' });
server.registerTool(
  'echo',
  { description: 'Returns its text.', inputSchema: { text: z.string() } },
  ({ text }) => ({ content: [{ type: 'text', text }] }),
);
await server.connect(new StdioServerTransport());
