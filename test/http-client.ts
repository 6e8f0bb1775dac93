// An MCP client over Streamable HTTP for the HTTP-mode tests: optional bearer key, optional form support.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Connects, and adds the client to `opened` so the test file can close them all after each test. */
export async function connectHttp(
  opened: Client[],
  url: URL,
  options: { apiKey?: string | undefined; forms?: boolean; name: string },
): Promise<Client> {
  const { apiKey, forms = false, name } = options;
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: apiKey ? { headers: { authorization: `Bearer ${apiKey}` } } : {},
  });
  const client = new Client(
    { name, version: '1.0.0' },
    { capabilities: forms ? { elicitation: { form: {} } } : {} },
  );
  await client.connect(transport);
  opened.push(client);
  return client;
}

export const callHttp = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
