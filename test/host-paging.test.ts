// get_host within the result budget: a switch with 3,000 SNMP interfaces and 2,000 ports is shown a page at a time, the cut said in both channels, the rest asked for by offset.
import { describe, expect, it } from 'vitest';
import {
  inventoryId,
  type SampleHost,
  type SampleSnmpInterface,
} from '../src/sample-api/inventory-data.js';
import { INTERFACES_PAGE, PORTS_PAGE } from '../src/views/hosts/host-detail-view.js';
import { hostLookupShape } from '../src/views/hosts/host-shapes.js';
import { textOf, useHarness } from './harness.js';
import { sampleWithHost } from './sample-switch.js';

const start = useHarness();
/** config.ts: NETWORK_DISCOVERY_MAX_RESULT_BYTES' default. */
const RESULT_BUDGET = 100_000;
const INTERFACES = 3_000;
const PORTS = 2_000;

async function bigSwitch(version: string, interfaces = INTERFACES, ports = PORTS) {
  const { data, host } = sampleWithHost(
    version,
    (hosts) => hosts[0] as SampleHost,
    (host) => {
      (host as { snmp_interfaces: readonly SampleSnmpInterface[] }).snmp_interfaces = Array.from(
        { length: interfaces },
        (_, i) => ({
          id: inventoryId(0x77, i + 1),
          index: i + 1,
          name: `Gi1/0/${i + 1}`,
          descr: `GigabitEthernet1/0/${i + 1}`,
          alias: i % 2 ? `desk ${i}` : null,
          mac: `00:1b:${String(i % 100).padStart(2, '0')}:00:00:01`,
          oper_status: i % 3 ? 'Up' : 'Down',
        }),
      );
      host.ports.push(
        ...Array.from({ length: ports }, (_, i) => ({
          id: inventoryId(0x78, i + 1),
          number: 10_000 + i,
          protocol: 'Tcp' as const,
        })),
      );
    },
  );
  return { h: await start({ sample: { data } }), host };
}

const size = (result: { content: unknown; structuredContent?: unknown }) =>
  Buffer.byteLength(JSON.stringify(result.content)) +
  Buffer.byteLength(JSON.stringify(result.structuredContent));

describe.each(['0.14.13', '0.17.22'])('one large host on Scanopy %s', (version) => {
  it('get_host stays within the result budget and says what it cut', async () => {
    const { h, host } = await bigSwitch(version);
    const result = await h.call('get_host', { host: host.id });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(size(result)).toBeLessThan(RESULT_BUDGET);
    const shape = hostLookupShape.parse(result.structuredContent);
    expect(shape.host?.snmp_interfaces).toHaveLength(INTERFACES_PAGE);
    expect(shape.summary).toContain(`SNMP interfaces 1-${INTERFACES_PAGE} of ${INTERFACES}`);
    expect(shape.next_step).toContain(`offset ${INTERFACES_PAGE}`);
    const text = textOf(result);
    expect(text).toContain(`ports not bound to a service 1-${PORTS_PAGE} of`);
    expect(text).toContain(`host ${host.id} and offset ${INTERFACES_PAGE}`);
  });

  it('offset pages through the rest, and the last page says nothing more is left', async () => {
    const { h, host } = await bigSwitch(version);
    const second = hostLookupShape.parse(
      (await h.call('get_host', { host: host.id, offset: INTERFACES_PAGE })).structuredContent,
    );
    expect(second.host?.snmp_interfaces?.[0]?.index).toBe(INTERFACES_PAGE + 1);
    expect(second.host?.ports).toContain(`${10_000 + INTERFACES_PAGE}/tcp`);
    const last = await h.call('get_host', { host: host.id, offset: INTERFACES - 1 });
    const shape = hostLookupShape.parse(last.structuredContent);
    expect(shape.host?.snmp_interfaces?.map((i) => i.index)).toEqual([INTERFACES]);
    expect(shape.next_step).toBeUndefined();
    expect(size(last)).toBeLessThan(RESULT_BUDGET);
  });

  it('a host whose ports alone are cut (no more interfaces than a page) says where the rest is', async () => {
    const { h, host } = await bigSwitch(version, 3, PORTS);
    const first = await h.call('get_host', { host: host.id });
    const shape = hostLookupShape.parse(first.structuredContent);
    expect(shape.host?.snmp_interfaces).toHaveLength(3);
    expect(shape.host?.ports).not.toContain(`${10_000 + PORTS - 1}/tcp`);
    expect(textOf(first)).toContain(`ports not bound to a service 1-${PORTS_PAGE} of`);
    expect(shape.next_step).toContain(`host ${host.id} and offset ${INTERFACES_PAGE}`);
    expect(textOf(first)).toContain(`ports go on at ${PORTS_PAGE}`);
    const last = await h.call('get_host', { host: host.id, offset: PORTS - 1 });
    const lastShape = hostLookupShape.parse(last.structuredContent);
    expect(lastShape.host?.ports).toContain(`${10_000 + PORTS - 1}/tcp`);
    expect(lastShape.next_step).toBeUndefined();
  });
});
