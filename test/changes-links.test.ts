// list_changes' links through a real client on 0.14.13, 0.16.2 and 0.17.22: a cable moved between the lab's runs counted gone where link sightings are kept, what cannot be told said in both channels.
import { describe, expect, it } from 'vitest';
import { buildInventory } from '../src/sample-api/inventory-data.js';
import { sampleLinks } from '../src/sample-api/links-data.js';
import { changeAnswer } from './change-answer.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();
const moved = sampleLinks(buildInventory()).moved;

const answer = changeAnswer;

describe('the sample moves a cable between the lab runs', () => {
  it('a lab printer, from one switch port to another', () => {
    expect(moved).toBeDefined();
    expect(moved?.from.host.id).not.toBe(moved?.to.host.id);
  });
});

describe('Scanopy 0.17.22: links gone from when each link was last seen', () => {
  const version = '0.17.22';
  // Ends in host-name order.
  const gone = `- link gone: "${moved?.host.name}" "Gi0/1" <-> "${moved?.from.host.name}" "${moved?.from.port}" · LLDP · seen 2026-11-12T22:03Z · now "${moved?.host.name}" "Gi0/1" <-> "${moved?.to.host.name}" "${moved?.to.port}" · LLDP · seen 2026-11-19T22:02Z`;

  it.each([
    ['since a date', { network: 'Lab', since: '2026-11-15' }],
    ['since P7D', { network: 'Lab', since: 'P7D' }],
    ['the latest run', { run: 'Lab unified discovery' }],
  ])(
    '%s: the moved cable is gone, its port now linked elsewhere, in both channels',
    async (_, args) => {
      const h = await start({ sample: { scanopyVersion: version } });
      const result = await h.call('list_changes', { ...args, kinds: 'links' });
      const out = answer(result);
      const text = textOf(result);
      expect(out.counts).toEqual({ links_gone: 1 });
      expect(out.link_changes).toEqual([gone]);
      expect(text).toContain(gone);
      expect(text).toMatch(/: 1 link gone\./);
      // Which half cannot be told: said, with what would tell it, never a 0.
      expect(out.counts).not.toHaveProperty('links_appeared');
      expect(out.not_known).toEqual([expect.objectContaining({ kind: 'links' })]);
      expect(text).toMatch(
        /Not known \(links\): Scanopy 0\.17\.22 sends when a link was last seen \(neighbor_seen_at\), not when it was first seen: links that appeared are not known/,
      );
      // The partial switch's links are kept from an earlier scan: not judged, and said so.
      expect(out.notes).toContainEqual(expect.stringMatching(/partial .* not judged/));
      expect(text).toMatch(/partial .* not judged/);
    },
  );

  it('links come from the kept bundles: a warm question with every kind sends at most 2 requests', async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    answer(await h.call('list_changes', { since: 'P7D' }));
    const before = h.api.requests.length;
    answer(await h.call('list_changes', { network: 'Lab', since: '2026-11-15' }));
    const warm = h.api.requests.slice(before);
    expect(warm.length).toBeLessThanOrEqual(2);
    expect(warm.filter((r) => r.path === '/api/v1/topology/data')).toEqual([]);
  });

  it('before the earlier run, nothing is gone: a real 0, with the link lines empty', async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    const out = answer(await h.call('list_changes', { network: 'Lab', since: '2026-11-10' }));
    expect(out.counts.links_gone).toBe(0);
    expect(out.link_changes).toEqual([]);
  });

  it('scope: Office has no moved cable; one host has it', async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    const office = answer(await h.call('list_changes', { network: 'Office', since: '2026-11-15' }));
    expect(office.counts.links_gone).toBe(0);
    const printer = answer(
      await h.call('list_changes', { host: moved?.host.name, since: '2026-11-15' }),
    );
    expect(printer.counts.links_gone).toBe(1);
  });

  it('counts_only keeps the count and drops the lines; fields keep both', async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    const counted = await h.call('list_changes', {
      network: 'Lab',
      since: '2026-11-15',
      counts_only: true,
    });
    expect(answer(counted).counts.links_gone).toBe(1);
    expect(answer(counted).link_changes).toBeUndefined();
    expect(textOf(counted)).not.toContain('- link gone');
    const compact = await h.call('list_changes', {
      network: 'Lab',
      since: '2026-11-15',
      fields: 'change,name',
    });
    expect(compact.isError, textOf(compact)).toBeFalsy();
    expect((compact.structuredContent as { counts: object }).counts).toMatchObject({
      links_gone: 1,
    });
    expect(textOf(compact)).toContain(gone);
  });
});

describe.each(['0.14.13', '0.16.2'])('Scanopy %s keeps no link sightings', (version) => {
  it('says so in both channels with what would tell it, never a count or an empty list', async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    const result = await h.call('list_changes', { network: 'Lab', since: '2026-11-15' });
    const out = answer(result);
    const text = textOf(result);
    expect(out.counts).not.toHaveProperty('links_gone');
    expect(out.counts).not.toHaveProperty('links_appeared');
    expect(out.link_changes).toBeUndefined();
    const links = out.not_known?.find((k) => k.kind === 'links');
    expect(links?.why).toBe(
      `Scanopy ${version} keeps no link sightings (a neighbour is a field of its interface row, with no time): links that appeared or went away are not known on this version`,
    );
    expect(links?.would_tell).toMatch(/^Scanopy 0\.17\.15 or later/);
    expect(text).toContain(
      `Not known (links): ${links?.why}. What would tell it: ${links?.would_tell}.`,
    );
    // Nothing beyond the hosts is read for it.
    expect(h.api.requests.some((r) => r.path === '/api/v1/topology/data')).toBe(false);
  });
});
