// The SDK v2 client (@modelcontextprotocol/client) for the era tests: pinned to 2026-07-28 or in auto, over stdio or --http, answering forms as told.
import {
  Client,
  type ClientCapabilities,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { DIST_ENTRY, ROOT } from './build-dist.js';
import { TEST_API_KEY } from './fake-api.js';

/** `modern`: only 2026-07-28 (no fallback); `auto`: probe with server/discover, else 2025-11-25. */
export type EraMode = 'modern' | 'auto';

export type FormAnswer = 'accept' | 'decline' | 'cancel';

export interface EraClientOptions {
  readonly mode: EraMode;
  /** Declares forms and answers each this way; no forms when absent. */
  readonly form?: FormAnswer;
  readonly apps?: boolean;
}

export interface EraClient {
  readonly client: Client;
  /** Every form the client was asked to show. */
  readonly forms: unknown[];
  close(): Promise<void>;
}

function newClient(options: EraClientOptions, forms: unknown[]): Client {
  const capabilities: ClientCapabilities = {
    ...(options.form ? { elicitation: { form: {} } } : {}),
    ...(options.apps
      ? {
          extensions: {
            'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
          },
        }
      : {}),
  };
  const client = new Client(
    { name: `era-${options.mode}`, version: '1.0.0' },
    {
      capabilities,
      versionNegotiation: { mode: options.mode === 'modern' ? { pin: '2026-07-28' } : 'auto' },
    },
  );
  const answer = options.form;
  if (answer) {
    client.setRequestHandler('elicitation/create', async (request) => {
      forms.push(request.params);
      return answer === 'accept'
        ? { action: 'accept', content: { confirm: true } }
        : { action: answer };
    });
  }
  return client;
}

/** Spawns the built server over stdio (its environment: PATH and `env`). */
export async function eraStdio(
  options: EraClientOptions & { readonly baseUrl: URL; readonly env?: Record<string, string> },
): Promise<EraClient> {
  const forms: unknown[] = [];
  const client = newClient(options, forms);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [DIST_ENTRY],
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      NETWORK_DISCOVERY_BASE_URL: options.baseUrl.href,
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      ...options.env,
    },
    stderr: 'ignore',
  });
  await client.connect(transport);
  return { client, forms, close: () => client.close() };
}

/** Connects over Streamable HTTP with a bearer key. */
export async function eraHttp(
  options: EraClientOptions & { readonly url: URL; readonly apiKey: string },
): Promise<EraClient> {
  const forms: unknown[] = [];
  const client = newClient(options, forms);
  const transport = new StreamableHTTPClientTransport(options.url, {
    requestInit: { headers: { authorization: `Bearer ${options.apiKey}` } },
  });
  await client.connect(transport);
  return { client, forms, close: () => client.close() };
}
