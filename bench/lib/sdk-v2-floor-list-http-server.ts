// The SDK v2 list floor with node:http (a keep-alive Agent, as src/api/transport/http.ts uses) instead of fetch: fetch loads undici on its first call, which a server on node:http never pays.
import { Agent, get } from 'node:http';
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

const base = process.env['NETWORK_DISCOVERY_BASE_URL'] ?? 'http://127.0.0.1:9';
const agent = new Agent({ keepAlive: true });
const headers = {
  accept: 'application/json',
  authorization: `Bearer ${process.env['NETWORK_DISCOVERY_API_KEY'] ?? ''}`,
};

/** The body of one GET as text. */
const bodyOf = (url: string) =>
  new Promise<string>((resolve, reject) => {
    get(url, { headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      response.on('error', reject);
    }).on('error', reject);
  });

serveStdio(
  () => {
    const server = new McpServer({ name: 'sdk-v2-floor-list-http', version: '1.0.0' });
    server.registerTool(
      'list_discoveries',
      {
        description: 'Lists discoveries.',
        inputSchema: z.object({ limit: z.number().optional() }),
      },
      async ({ limit = 50 }) => ({
        content: [
          { type: 'text', text: await bodyOf(`${base}/api/v1/discovery?limit=${limit}&offset=0`) },
        ],
      }),
    );
    return server;
  },
  { transport: new StdioServerTransport() },
);
