// Strict parsers: IPv4 in dotted decimal only, dates that exist from 1970, and a host named like an address or a number found by its name.
import { describe, expect, it } from 'vitest';
import { sampleData } from '../src/sample-api/data.js';
import { buildInventory, type SampleHost } from '../src/sample-api/inventory-data.js';
import { useInventory } from '../src/sample-api/inventory-routes.js';
import { hostListShape, hostLookupShape } from '../src/views/hosts/host-shapes.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();

const setAddress = (host: SampleHost, ip: string) => {
  (host as { address: SampleHost['address'] }).address = { ...host.address, ip };
};

/**
 * Hosts planted where a guessing parser goes wrong: 8.8.40.8 (what 010.010.050.010 reads as in
 * octal), 10.0.0.10 (what 10.10 reads as), 10.10.50.12 (what the number 168440332 is), and hosts
 * named 2024, 168440332 and 10.99.99.99.
 */
async function planted(version: string) {
  const data = sampleData(version);
  const inventory = buildInventory();
  const [octal, short, numeric, year, number, dotted] = inventory.hosts as SampleHost[];
  setAddress(octal as SampleHost, '8.8.40.8');
  setAddress(short as SampleHost, '10.0.0.10');
  setAddress(numeric as SampleHost, '10.10.50.12');
  (year as SampleHost).name = '2024';
  (number as SampleHost).name = '168440332';
  (dotted as SampleHost).name = '10.99.99.99';
  useInventory(data, inventory);
  const h = await start({ sample: { data } });
  return {
    h,
    year: year as SampleHost,
    number: number as SampleHost,
    dotted: dotted as SampleHost,
  };
}

describe.each(['0.14.13', '0.17.22'])('strict parsers on Scanopy %s', (version) => {
  it.each([
    '010.010.050.010',
    '10.10',
    '10.0.0.010',
    '0x0a.0.0.10',
    '168440332',
    '010.010.050.0/24',
    '10.10/16',
  ])('list_hosts ip %s is refused, not guessed', async (ip) => {
    const { h } = await planted(version);
    const result = await h.call('list_hosts', { ip });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('dotted decimal');
  });

  it('list_hosts ip in dotted decimal still finds its host, and so does a CIDR', async () => {
    const { h } = await planted(version);
    for (const ip of ['8.8.40.8', '8.8.40.0/24', '::ffff:8.8.40.8']) {
      const result = await h.call('list_hosts', { ip });
      expect(result.isError, ip).toBeFalsy();
      const shape = hostListShape.parse(result.structuredContent);
      expect(shape.groups.flatMap((g) => g.hosts).map((x) => x.ips?.map((a) => a.ip))).toEqual([
        ['8.8.40.8'],
      ]);
    }
  });

  it.each([
    ['new_since', '2026-02-31'],
    ['new_since', '0099-12-31'],
    ['new_since', '1969-12-31'],
    ['not_seen_since', '2026-13-01'],
    ['not_seen_since', '2026-04-31T10:00:00Z'],
    ['new_since', '2026-11-20T24:00'],
    ['new_since', '2026-11-20T10:60:00+01:00'],
  ])('list_hosts %s %s (a date that does not exist) is refused', async (argument, date) => {
    const { h } = await planted(version);
    const result = await h.call('list_hosts', { [argument]: date });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('that exists');
  });

  it('list_discoveries finished 2026-02-31 is refused; 2026-02-28 is read', async () => {
    const { h } = await planted(version);
    const bad = await h.call('list_discoveries', { finished: '2026-02-31' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('dates must exist');
    expect((await h.call('list_discoveries', { finished: '2026-02-28' })).isError).toBeFalsy();
  });

  it.each([
    ['2024', 'year'],
    ['168440332', 'number'],
    ['10.99.99.99', 'dotted'],
  ] as const)('get_host %s finds the host of that name, and says so', async (name, which) => {
    const hosts = await planted(version);
    const result = await hosts.h.call('get_host', { host: name });
    expect(result.isError, textOf(result)).toBeFalsy();
    const shape = hostLookupShape.parse(result.structuredContent);
    expect(shape.host?.id).toBe(hosts[which].id);
    expect(textOf(result).split('\n')[0]).toMatch(/found by name/);
  });

  it('get_host by a dotted-decimal address still matches the address first', async () => {
    const { h } = await planted(version);
    const result = await h.call('get_host', { host: '10.10.50.12' });
    expect(textOf(result).split('\n')[0]).toContain('found by IP 10.10.50.12');
  });
});
