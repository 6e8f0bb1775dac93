// Tells whether the API client picks its endpoints by the service version (issue 9 part A) or not yet.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '../../src/api/client.js';
import { createTransport } from '../../src/api/transport/transport.js';
import { createRedactor } from '../../src/safety/redact.js';

/**
 * SNMP credentials moved between releases (0.14 /snmp-credentials, 0.15+ /credentials), so a
 * version-aware client must learn the version before it can list them: its first request is
 * GET /api/version, while today's client (0.14 paths only) goes straight to
 * /api/v1/snmp-credentials. One listing against a bare server on 127.0.0.1 that records paths
 * tells which client this is. Cases only a version-aware client can pass skip on the old one.
 */
export async function clientIsVersionAware(): Promise<boolean> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const meta = { api_version: 1, server_version: '0.16.2' };
    const version = { api_version: 1, server_version: '0.16.2' };
    const body = req.url?.startsWith('/api/version')
      ? { success: true, data: version, meta }
      : { success: true, data: [], meta };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = createApiClient({
    baseUrl: new URL(`http://127.0.0.1:${port}/`),
    apiKey: 'scp_u_PROBE',
    userAgent: 'network-discovery-mcp/contract-probe',
    sender: createTransport({ timeoutMs: 5_000, maxResponseBytes: 1_000_000 }),
    redactor: createRedactor(),
  });
  try {
    await client.listSnmpCredentials({});
  } catch {
    // The answer does not matter, only the order of the requests.
  } finally {
    await client.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return paths[0] === '/api/version';
}
