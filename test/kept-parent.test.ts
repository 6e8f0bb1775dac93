// get_host of a virtualized host answered from the caller's kept copy: the service and host it runs on are found in the copy, not asked for (issue 31), and the answer is the one the requests give.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { SAMPLE_VERSIONS, sampleData } from '../src/sample-api/data.js';
import { buildInventory, type SampleHost } from '../src/sample-api/inventory-data.js';
import { useInventory } from '../src/sample-api/inventory-routes.js';
import { SAMPLE_HOSTS } from '../src/sample-api/names-data.js';
import type { RecordedRequest } from '../src/sample-api/server.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();

const guestOf = (hosts: readonly SampleHost[]) => {
  const guest = hosts.find((h) => h.name === 'lab-grafana');
  if (!guest?.virtualized_by) throw new Error('the sample has no virtualized lab-grafana');
  return { ...guest, parentService: guest.virtualized_by.service_id };
};

/** An answer without the "as of" line a kept copy adds (a warning): everything else must be the same. */
const answerOf = (result: CallToolResult) => {
  expect(result.isError, textOf(result)).toBeFalsy();
  const { warnings, ...rest } = result.structuredContent as { warnings?: string[] };
  const asOf = (line: string) => line.startsWith('Hosts as of ');
  const others = (warnings ?? []).filter((w) => !asOf(w));
  const text = textOf(result)
    .split('\n')
    .filter((line) => !asOf(line))
    .join('\n');
  return { ...rest, ...(others.length > 0 ? { warnings: others } : {}), text };
};

const pathsOf = (requests: readonly RecordedRequest[]) => requests.map((r) => r.path);

describe.each(SAMPLE_VERSIONS)('a virtualized host on Scanopy %s', (version) => {
  it('is answered warm with the probe and its SNMP interfaces alone, as the requests answer it', async () => {
    const guest = guestOf(buildInventory().hosts);
    const h = await start({ sample: { data: sampleData(version) } });
    const parentReads = [
      `/api/v1/services/${guest.parentService}`,
      `/api/v1/hosts/${SAMPLE_HOSTS.labDockerHost}`,
    ];
    const asked = async (host: string) => {
      const before = h.api.requests.length;
      const result = await h.call('get_host', { host });
      return { result, sent: h.api.requests.slice(before) };
    };
    // Cold, an id and an address read no copy: the parent service and host are asked for.
    const cold = new Map<string, CallToolResult>();
    for (const host of [guest.id, guest.address.ip]) {
      const { result, sent } = await asked(host);
      expect(pathsOf(sent)).toEqual(expect.arrayContaining(parentReads));
      cold.set(host, result);
    }
    await h.call('list_hosts', { counts_only: true });
    for (const host of [guest.id, guest.address.ip, 'lab-grafana']) {
      const { result, sent } = await asked(host);
      expect(textOf(result)).toContain('a copy checked now');
      expect(sent.length, JSON.stringify(pathsOf(sent))).toBeLessThanOrEqual(2);
      expect(pathsOf(sent).filter((path) => parentReads.includes(path))).toEqual([]);
      const fresh = cold.get(host);
      if (fresh) expect(answerOf(result)).toEqual(answerOf(fresh));
      expect(textOf(result)).toContain(`- runs on: "lab-docker" (${SAMPLE_HOSTS.labDockerHost})`);
    }
  });

  it('asks for the parent when its service is not in the copy, and answers as before', async () => {
    const data = sampleData(version);
    const inventory = buildInventory();
    useInventory(data, inventory);
    const guest = guestOf(inventory.hosts);
    const docker = inventory.hosts.find((h) => h.id === SAMPLE_HOSTS.labDockerHost) as SampleHost;
    const h = await start({ sample: { data } });
    const cold = await h.call('get_host', { host: guest.id });
    // The copy is read while the parent lists no such service; it appears after, as a change the
    // probe cannot see (a service added to a host it already counts) would.
    const at = docker.services.findIndex((s) => s.id === guest.parentService);
    const [service] = docker.services.splice(at, 1);
    await h.call('list_hosts', { counts_only: true });
    docker.services.splice(at, 0, service as SampleHost['services'][number]);
    const before = h.api.requests.length;
    const warm = await h.call('get_host', { host: guest.id });
    expect(pathsOf(h.api.requests.slice(before))).toEqual(
      expect.arrayContaining([
        `/api/v1/services/${guest.parentService}`,
        `/api/v1/hosts/${SAMPLE_HOSTS.labDockerHost}`,
      ]),
    );
    expect(textOf(warm)).toContain('a copy checked now');
    expect(textOf(warm)).toContain(`- runs on: "lab-docker" (${SAMPLE_HOSTS.labDockerHost})`);
    expect(answerOf(warm)).toEqual(answerOf(cold));
  });
});
