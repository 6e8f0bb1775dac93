// Spawns the built server (dist/index.js) over stdio with the SDK's client, pointed at a given API.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { DIST_ENTRY, ROOT } from './build-dist.js';
import { TEST_API_KEY } from './fake-api.js';

export interface StdioOptions {
  /** NETWORK_DISCOVERY_BASE_URL. */
  readonly baseUrl: URL;
  /** NETWORK_DISCOVERY_API_KEY; the fake API's key unless given. */
  readonly apiKey?: string;
  /** More environment variables; besides these the server sees only PATH. */
  readonly env?: Readonly<Record<string, string>>;
  /** Command-line arguments after dist/index.js, e.g. --demo. */
  readonly args?: readonly string[];
  /** What the client says it can do in initialize (e.g. render MCP Apps). */
  readonly capabilities?: ClientCapabilities;
}

/** The transport that spawns the built server, its stderr piped for the caller to read. */
export function serverTransport(options: StdioOptions): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: [DIST_ENTRY, ...(options.args ?? [])],
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      NETWORK_DISCOVERY_BASE_URL: options.baseUrl.href,
      NETWORK_DISCOVERY_API_KEY: options.apiKey ?? TEST_API_KEY,
      ...options.env,
    },
    stderr: 'pipe',
  });
}

export interface StdioServer {
  readonly client: Client;
  /** Everything the server has written to stderr so far. */
  stderr(): string;
  /** Closes the client, which ends the server. */
  close(): Promise<void>;
}

/**
 * Spawns the built server and connects a client to it, named `name` in initialize (or as
 * `clientInfo` says, name and version, to play a given host).
 */
export async function connectStdio(
  options: StdioOptions & {
    readonly name?: string;
    readonly clientInfo?: { readonly name: string; readonly version: string };
  },
): Promise<StdioServer> {
  const transport = serverTransport(options);
  const chunks: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  const client = new Client(
    options.clientInfo ?? { name: options.name ?? 'stdio-test', version: '1.0.0' },
    { capabilities: options.capabilities ?? {} },
  );
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close();
    throw error;
  }
  return { client, stderr: () => chunks.join(''), close: () => client.close() };
}
