// What the in-process heap benches share: a full collection before a heap reading, and an API client on a sample service in this process.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type ApiClient, createApiClient } from '../../src/api/client.js';
import { createTransport } from '../../src/api/transport/transport.js';
import { createRedactor } from '../../src/safety/redact.js';
import { API_KEY } from './server.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap in use after two full collections: what is live, not garbage waiting. */
export const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** A client of the server's own API layer on `baseUrl`, with a cap large enough for 20,000 hosts. */
export function benchClient(baseUrl: URL): { client: ApiClient; close(): Promise<void> } {
  const sender = createTransport({ timeoutMs: 60_000, maxResponseBytes: 24_000_000 });
  const client = createApiClient({
    baseUrl,
    apiKey: API_KEY,
    userAgent: 'bench',
    sender,
    redactor: createRedactor(),
  });
  return { client, close: () => sender.close() };
}
