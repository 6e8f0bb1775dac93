// The cache per caller over --http: two non-operator keys whose services answer differently each get their own names and side lists (networks, SNMP credentials, subnets, discoveries), call after call.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CREDENTIAL_ID, sampleData } from '../src/sample-api/data.js';
import { buildInventory } from '../src/sample-api/inventory-data.js';
import { useInventory } from '../src/sample-api/inventory-routes.js';
import { type SampleApi, startFakeApi } from './fake-api.js';
import { textOf } from './harness.js';
import { callHttp, connectHttp } from './http-client.js';
import { type HttpInstance, startHttpInstance } from './http-instance.js';

const KEY_OPERATOR = 'scp_u_OPERATOR0123456789abcdefABCDEF';
const KEY_ALICE = 'scp_u_ALICE00000123456789abcdefABCDE';
const KEY_BOB = 'scp_u_BOB0000000123456789abcdefABCDEF';

/** Bob's service: the same sample, its networks, credential and hosts his own. */
function bobsData() {
  const data = sampleData('0.16.2');
  const [credential] = data.credentials;
  if (credential) credential.name = 'Bob switches';
  const inventory = buildInventory();
  useInventory(data, {
    ...inventory,
    networks: inventory.networks.map((n) => ({ ...n, name: `Bob ${n.name}` })),
    hosts: inventory.hosts.slice(0, 30),
  });
  return data;
}

let alices: SampleApi;
let bobs: SampleApi;
let server: HttpInstance;
const clients: Client[] = [];

beforeAll(async () => {
  bobs = await startFakeApi({ data: bobsData(), apiKeys: [KEY_BOB] });
  // One base URL for the server; a request with Bob's key is answered by Bob's service.
  alices = await startFakeApi({
    data: sampleData('0.16.2'),
    apiKeys: [KEY_OPERATOR, KEY_ALICE, KEY_BOB],
    intercept: async (req, res) => {
      if (req.headers['authorization'] !== `Bearer ${KEY_BOB}`) return false;
      const query = req.query.toString();
      const answer = await fetch(new URL(`${req.path}${query ? `?${query}` : ''}`, bobs.url), {
        method: req.method,
        headers: { authorization: `Bearer ${KEY_BOB}`, 'content-type': 'application/json' },
        ...(req.method === 'GET' ? {} : { body: req.body }),
      });
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      res.end(await answer.text());
      return true;
    },
  });
  server = await startHttpInstance(alices.url, { NETWORK_DISCOVERY_API_KEY: KEY_OPERATOR });
});

afterAll(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server?.close();
  await alices?.close();
  await bobs?.close();
});

const as = (apiKey: string | undefined) =>
  connectHttp(clients, server.handle.url, { apiKey, name: 'http-callers' });

describe('two callers, two services, one --http server', () => {
  it('each caller reads its own names and side lists, first call and warm', async () => {
    for (let round = 0; round < 2; round++) {
      // Alice (and the operator) see the sample's names.
      for (const key of [KEY_ALICE, undefined]) {
        const client = await as(key);
        const hosts = await callHttp(client, 'list_hosts', {
          snmp_credential: 'Office switches',
          limit: 3,
        });
        expect(hosts.isError, textOf(hosts)).toBeFalsy();
        expect(textOf(hosts)).toContain('Network "Office"');
        expect(textOf(hosts)).not.toContain('Bob');
        const counts = await callHttp(client, 'list_hosts', { counts_only: true });
        expect(textOf(counts)).toContain('"Branch office"');
        expect((counts.structuredContent as { counts: { hosts: number } }).counts.hosts).toBe(240);
        const discoveries = await callHttp(client, 'list_discoveries', { network: 'Lab' });
        expect(discoveries.isError, textOf(discoveries)).toBeFalsy();
      }
      // Bob sees his: his network names, his credential's name, his 30 hosts.
      const bob = await as(KEY_BOB);
      const hosts = await callHttp(bob, 'list_hosts', {
        snmp_credential: 'Bob switches',
        limit: 3,
      });
      expect(hosts.isError, textOf(hosts)).toBeFalsy();
      expect(textOf(hosts)).toContain('Network "Bob Office"');
      expect(textOf(hosts)).toContain(`"Bob switches" = ${SAMPLE_CREDENTIAL_ID}`);
      const theirs = await callHttp(bob, 'list_hosts', { snmp_credential: 'Office switches' });
      expect(theirs.isError).toBe(true);
      expect(textOf(theirs)).toContain('"Bob switches"');
      const counts = await callHttp(bob, 'list_hosts', { counts_only: true });
      expect((counts.structuredContent as { counts: { hosts: number } }).counts.hosts).toBe(30);
      expect(textOf(counts)).toContain('"Bob Office"');
      expect(textOf(counts)).not.toMatch(/"Office"/);
      const discoveries = await callHttp(bob, 'list_discoveries', { network: 'Bob Lab' });
      expect(discoveries.isError, textOf(discoveries)).toBeFalsy();
      const notHis = await callHttp(bob, 'list_discoveries', { network: 'Lab' });
      expect(notHis.isError).toBe(true);
    }
  });

  it('each caller read its lists once with its own key, not once for all', () => {
    const reads = (api: SampleApi, key: string, path: string) =>
      api.requests.filter((r) => r.path === path && r.headers['authorization'] === `Bearer ${key}`)
        .length;
    // Bob's requests reach his service; the server's cache kept them per caller.
    expect(reads(bobs, KEY_BOB, '/api/v1/networks')).toBeGreaterThanOrEqual(1);
    expect(reads(alices, KEY_ALICE, '/api/v1/networks')).toBeGreaterThanOrEqual(1);
    expect(reads(alices, KEY_OPERATOR, '/api/v1/networks')).toBeGreaterThanOrEqual(1);
  });
});
