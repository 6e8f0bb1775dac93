// Contract tests of the inventory: the client's host, IP, SNMP-interface, subnet and network requests, and the sample API's inventory payloads, against Scanopy's OpenAPI documents.
import { afterEach, describe, expect, it } from 'vitest';
import { startSampleApi } from '../src/sample-api/server.js';
import { TEST_API_KEY } from './fake-api.js';
import { textOf, useHarness } from './harness.js';
import { type Item, served, startContractClient } from './openapi/contract-client.js';
import type { ContractApiOptions } from './openapi/contract-server.js';
import { FIXTURE_VERSIONS, loadDocument } from './openapi/documents.js';

const NETWORK = '0b6c2f0e-5d7a-4c1e-9a4b-2f1d3c4b5a69';

/** The operation ids of each route by version, as the documents name them. */
const OPERATIONS = {
  hosts: 'get_all_hosts',
  host: 'get_host_by_id',
  subnets: 'list_subnets',
  service: 'get_service_by_id',
};
const ipOperation = (version: string) =>
  version === '0.16.2' ? 'list_ip_addresses' : 'list_interfaces';
const snmpOperation = (version: string) =>
  version === '0.16.2' ? 'list_interfaces' : 'list_iftable_entries';
const networkOperation = (version: string) =>
  version === '0.14.13' ? 'list_networks' : 'get_all_networks';

describe.each(FIXTURE_VERSIONS)('inventory against the Scanopy %s document', (version) => {
  const doc = loadDocument(version);
  const open: { close(): Promise<unknown> }[] = [];
  const harness = useHarness();
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });

  const start = (options: ContractApiOptions = {}) => startContractClient(doc, open, options);

  it("hosts, one host, IPs, SNMP interfaces, subnets, networks and a service: every request declared and valid, this version's routes", async () => {
    const { api, client } = await start();
    const page = await client.listHosts({
      network_id: NETWORK,
      tag_id: NETWORK,
      limit: 1000,
      offset: 0,
    });
    const hosts = served(api, OPERATIONS.hosts);
    expect(page.skipped).toBe(0);
    expect(page.items.map((h) => [h.id, h.name])).toEqual(hosts.map((h) => [h['id'], h['name']]));
    // Every sampled child is read: IPs from 0.14-0.15 `interfaces`, 0.16 `ip_addresses`.
    const ips = version === '0.16.2' ? 'ip_addresses' : 'interfaces';
    expect(page.items.map((h) => h.addresses.map((a) => a.ip))).toEqual(
      hosts.map((h) => (h[ips] as Item[]).map((a) => a['ip_address'])),
    );
    expect(page.items.map((h) => h.ports.map((p) => p.number))).toEqual(
      hosts.map((h) => (h['ports'] as Item[]).map((p) => p['number'])),
    );
    const first = page.items[0];
    if (!first) throw new Error('the document sampled no host');
    await client.getHost(first.id);
    await client.listAddresses(NETWORK);
    await client.listSnmpInterfaces(first.id);
    await client.listSubnets(NETWORK);
    await client.listNetworks();
    await client.getServiceHost(NETWORK);
    expect(api.violations).toEqual([]);
    expect(api.sampleProblems).toEqual([]);
    const used = new Set(api.requests.map((r) => r.operationId));
    for (const operation of [
      OPERATIONS.hosts,
      OPERATIONS.host,
      ipOperation(version),
      snmpOperation(version),
      OPERATIONS.subnets,
      networkOperation(version),
      OPERATIONS.service,
    ]) {
      expect(used, operation).toContain(operation);
    }
    // 0.14-0.16 filter hosts by network_id, nothing of 0.17.21's.
    const listing = api.requests.find((r) => r.operationId === OPERATIONS.hosts);
    expect(listing?.query).toMatchObject({ network_id: NETWORK });
    expect(listing?.query['service_names']).toBeUndefined();
  });

  it('the sample API serves hosts, IPs, SNMP interfaces, subnets and networks the document accepts', async () => {
    const sample = await startSampleApi({ scanopyVersion: version, apiKey: TEST_API_KEY });
    open.push(sample);
    const read = async (path: string) => {
      const response = await fetch(new URL(`${path}?limit=5`, sample.url), {
        headers: { authorization: `Bearer ${TEST_API_KEY}` },
      });
      return ((await response.json()) as { data: Item[] }).data;
    };
    const ipPath = version === '0.16.2' ? '/api/v1/ip-addresses' : '/api/v1/interfaces';
    const lists = {
      [OPERATIONS.hosts]: await read('/api/v1/hosts'),
      [ipOperation(version)]: await read(ipPath),
      [snmpOperation(version)]: await read('/api/v1/if-entries'),
      [OPERATIONS.subnets]: await read('/api/v1/subnets'),
      [networkOperation(version)]: await read('/api/v1/networks'),
    };
    for (const [operation, items] of Object.entries(lists))
      expect(items.length, operation).toBeGreaterThan(0);
    const { api, client } = await start({ lists });
    await client.listHosts({ limit: 5, offset: 0 });
    await client.listAddresses(undefined);
    await client.listSnmpInterfaces(NETWORK);
    await client.listSubnets(undefined);
    await client.listNetworks();
    expect(api.sampleProblems).toEqual([]);
    expect(api.violations).toEqual([]);
  });

  it('list_hosts and get_host over MCP show the sampled hosts, their IPs and ports', async () => {
    const { api } = await start();
    const h = await harness({ baseUrl: api.url });
    const result = await h.call('list_hosts', { limit: 0 });
    expect(result.isError, textOf(result)).toBeFalsy();
    const hosts = served(api, OPERATIONS.hosts);
    const text = textOf(result);
    const json = JSON.stringify(result.structuredContent);
    for (const host of hosts) {
      expect(text).toContain(String(host['id']));
      expect(json).toContain(String(host['id']));
    }
    const one = await h.call('get_host', { host: String(hosts[0]?.['id']) });
    expect(one.isError, textOf(one)).toBeFalsy();
    expect(api.violations).toEqual([]);
  });
});
