// One switch with 8,000 SNMP interfaces, its record alone over the response cap, through a real MCP client: the rest of the inventory answers, both channels name the host left out, and get_host reads it apart (0.17.21+) or says plainly why it cannot.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { SampleHost, SampleSnmpInterface } from '../src/sample-api/inventory-data.js';
import { hostLookupShape } from '../src/views/hosts/host-shapes.js';
import { TEST_API_KEY } from './fake-api.js';
import { type Harness, textOf, useHarness } from './harness.js';
import { sampleWithHost } from './sample-switch.js';

const start = useHarness();

/** Low enough that a page of ordinary hosts fits (~1 MB for 240) and the switch (~5 MB) does not. */
const CAP = 2_000_000;
const INTERFACES = 8_000;
/** A name with a quote in it: the note must show it quoted, the quote escaped. */
const SWITCH_NAME = 'core-sw "big"';

function bigSwitch(version: string) {
  const interfaces: SampleSnmpInterface[] = Array.from({ length: INTERFACES }, (_, i) => ({
    id: `99999999-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    index: i + 1,
    name: `Gi${Math.floor(i / 48)}/${i % 48}`,
    descr: `GigabitEthernet${Math.floor(i / 48)}/${i % 48} access port`,
    alias: `desk ${i}`,
    mac: `00:1a:2c:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:01`,
    oper_status: i % 3 === 0 ? 'Down' : 'Up',
  }));
  return sampleWithHost(
    version,
    (hosts) => hosts.find((h) => h.snmp_interfaces.length > 0) as SampleHost,
    (host) => Object.assign(host, { snmp_interfaces: interfaces, name: SWITCH_NAME }),
  );
}

/**
 * The sample writes the switch's 5 MB again for every page holding it (~3 s each, ~9 pages on
 * the way down): those pages, and the switch's own route, are answered with its record as the
 * sample wrote it once, a page cut there. The client stops reading at the cap either way.
 */
async function switchPagesFromCache(h: Harness, host: SampleHost, position: number) {
  const one = await fetch(new URL(`/api/v1/hosts/${host.id}`, h.api.url), {
    headers: { authorization: `Bearer ${TEST_API_KEY}` },
  });
  const record = JSON.stringify((JSON.parse(await one.text()) as { data: unknown }).data);
  h.api.setIntercept((req, res) => {
    const { query } = req;
    if (req.path === `/api/v1/hosts/${host.id}`) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"success":true,"data":${record},"meta":{"api_version":1}}`);
      return true;
    }
    if (req.path !== '/api/v1/hosts' || query.get('include_children') === 'false') return false;
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 50);
    if (query.get('order_by') || position < offset || position >= offset + limit) return false;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"success":true,"data":[${record}],"meta":{"api_version":1}}`);
    return true;
  });
}

const warningsOf = (result: CallToolResult) =>
  ((result.structuredContent as { warnings?: string[] }).warnings ?? []).join('\n');

describe.each([
  ['0.17.22', true],
  ['0.14.13', false],
] as const)('a host over the response cap on %s', (version, named) => {
  it('is left out with a note in both channels; every other host still answers', async () => {
    const { data, host, position, total } = bigSwitch(version);
    const h = await start({ sample: { data }, maxResponseBytes: CAP });
    await switchPagesFromCache(h, host, position);

    const counts = await h.call('list_hosts', { counts_only: true });
    expect(counts.isError, textOf(counts)).toBeFalsy();
    expect((counts.structuredContent as { counts: { hosts: number } }).counts.hosts).toBe(
      total - 1,
    );
    for (const channel of [warningsOf(counts), textOf(counts)]) {
      expect(channel).toContain('1 host left out of this answer');
      expect(channel).toContain('its interfaces were too large to read');
      if (named) {
        // Quoted as untrusted text: the inner quotes escaped, so the name cannot end early.
        expect(channel).toContain('"core-sw \\u0022big\\u0022"');
        expect(channel).toContain(`(id ${host.id})`);
      } else {
        expect(channel).toContain(`the host at position ${position} of the list`);
      }
    }

    // The next question is answered from the copy (no page read again) and says the same.
    const before = h.api.requests.filter((r) => r.path === '/api/v1/hosts').length;
    const rows = await h.call('list_hosts', { limit: 0, fields: ['name'] });
    expect(rows.isError, textOf(rows)).toBeFalsy();
    const after = h.api.requests.filter((r) => r.path === '/api/v1/hosts').length;
    expect(after - before).toBe(1);
    expect(textOf(rows)).toContain('its interfaces were too large to read');
    const listed = (rows.structuredContent as { rows: string[][] }).rows.flat();
    expect(listed).toHaveLength(total - 1);
    expect(listed.some((name) => name.includes('core-sw'))).toBe(false);
    // The halvings cost requests, not the quota: ~9 refused pieces on the way down to the switch.
    expect(after).toBeLessThan(30);
  }, 60_000);

  it('is left out of a first window read without a copy, with the same note', async () => {
    const { data, host, position } = bigSwitch(version);
    const h = await start({ sample: { data }, maxResponseBytes: CAP });
    await switchPagesFromCache(h, host, position);
    // No copy held and no filter: the window alone is asked of the service.
    const window = await h.call('list_hosts', { limit: position + 2, fields: ['name'] });
    expect(window.isError, textOf(window)).toBeFalsy();
    const names = (window.structuredContent as { rows: string[][] }).rows.flat();
    // The window fills from the hosts after the switch.
    expect(names).toHaveLength(position + 2);
    expect(names.some((name) => name.includes('core-sw'))).toBe(false);
    for (const channel of [warningsOf(window), textOf(window)]) {
      expect(channel).toContain('its interfaces were too large to read');
    }
  }, 60_000);
});

describe('get_host of the host over the response cap', () => {
  /** Said in both channels of a switch read apart: its interfaces not shown, and not none. */
  const expectApart = (result: CallToolResult, host: SampleHost) => {
    expect(result.isError, textOf(result)).toBeFalsy();
    const shape = hostLookupShape.parse(result.structuredContent);
    expect(shape.host?.id).toBe(host.id);
    expect(shape.host?.name).toContain('core-sw');
    // Never a host shown with no interfaces as if it had none: none listed, and said why.
    expect(shape.host?.snmp_interfaces).toBeUndefined();
    // What could be read is shown: its addresses and ports, read apart by host_id.
    expect(JSON.stringify(shape.host?.ips)).toContain(host.address.ip);
    expect(shape.host?.services?.length ?? 0).toBe(host.services.length);
    expect(host.services.length).toBeGreaterThan(0);
    for (const channel of [warningsOf(result), textOf(result)]) {
      expect(channel).toContain('read without its children and each list apart');
      expect(channel).toContain(`its ${INTERFACES.toLocaleString('en-US')} SNMP interfaces`);
      expect(channel).toContain('not none');
      expect(channel).toContain('raise NETWORK_DISCOVERY_MAX_RESPONSE_BYTES');
    }
  };

  it('on 0.17.22 answers by id, cold and from a copy, with its interfaces said too large to read', async () => {
    const { data, host, position } = bigSwitch('0.17.22');
    const h = await start({ sample: { data }, maxResponseBytes: CAP });
    await switchPagesFromCache(h, host, position);
    expectApart(await h.call('get_host', { host: host.id }), host);
    // With a copy held (which left the switch out), the same answer.
    expect((await h.call('list_hosts', { counts_only: true })).isError).toBeFalsy();
    expectApart(await h.call('get_host', { host: host.id }), host);
  }, 90_000);

  it('on 0.17.22 answers by name, cold (its page asked again without children) and from the copy', async () => {
    const { data, host, position } = bigSwitch('0.17.22');
    const h = await start({ sample: { data }, maxResponseBytes: CAP });
    await switchPagesFromCache(h, host, position);
    expectApart(await h.call('get_host', { host: SWITCH_NAME }), host);
    expect((await h.call('list_hosts', { counts_only: true })).isError).toBeFalsy();
    expectApart(await h.call('get_host', { host: SWITCH_NAME }), host);
  }, 90_000);

  it('on 0.14.13, which cannot send a host without its children, says so plainly and what to do', async () => {
    const { data, host, position } = bigSwitch('0.14.13');
    const h = await start({ sample: { data }, maxResponseBytes: CAP });
    await switchPagesFromCache(h, host, position);
    const result = await h.call('get_host', { host: host.id });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain('larger than one answer from the service may be');
    expect(text).toContain('0.17.21+ can');
    expect(text).toContain('raise NETWORK_DISCOVERY_MAX_RESPONSE_BYTES');
  }, 90_000);
});
