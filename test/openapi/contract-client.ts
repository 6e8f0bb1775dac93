// The contract tests' set-up: the API client against a mock of one Scanopy document, and what the mock answered.
import { type ApiClient, createApiClient } from '../../src/api/client.js';
import { createTransport } from '../../src/api/transport/transport.js';
import { createRedactor } from '../../src/safety/redact.js';
import { TEST_API_KEY } from '../fake-api.js';
import { type ContractApi, type ContractApiOptions, startContractApi } from './contract-server.js';
import type { ScanopyDocument } from './documents.js';

export type Item = Record<string, unknown>;

/** A mock of the document and a client pointed at it; both are pushed to `open` for closing. */
export async function startContractClient(
  doc: ScanopyDocument,
  open: { close(): Promise<unknown> }[],
  options: ContractApiOptions = {},
): Promise<{ api: ContractApi; client: ApiClient }> {
  const api = await startContractApi(doc, options);
  open.push(api);
  const client = createApiClient({
    baseUrl: api.url,
    apiKey: TEST_API_KEY,
    userAgent: 'network-discovery-mcp/contract-test',
    sender: createTransport({ timeoutMs: 5_000, maxResponseBytes: 10_000_000 }),
    redactor: createRedactor(),
  });
  open.push(client);
  return { api, client };
}

/**
 * The data of the last answer to an operation; `networkId` picks the listing sent for that network
 * (0.16.2+ also reads every run record to link outcomes, a second listing outside the filter).
 */
export function served(api: ContractApi, operationId: string, networkId?: string): Item[] {
  const request = api.requests
    .filter((r) => r.operationId === operationId)
    .filter((r) => networkId === undefined || r.query['network_id'] === networkId)
    .at(-1);
  const data = (request?.answer as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as Item[]) : data ? [data as Item] : [];
}
