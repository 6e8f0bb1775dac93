// When this server has no room to keep a host copy (NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS, shared by every caller), list_links and list_changes say so and name the fix, rather than claiming the service lists more than 25,000 hosts.
import { describe, expect, it } from 'vitest';
import { sampleData } from '../src/sample-api/data.js';
import { linkChangesRefused, linksRefusedText } from '../src/views/links/copy-refused.js';
import { changeAnswer } from './change-answer.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();

describe('no room for a host copy', () => {
  it.each(['0.14.13', '0.17.22'])(
    'Scanopy %s: list_links names the ceiling, the hosts and the fix',
    async (version) => {
      const h = await start({ sample: { data: sampleData(version) }, inventoryMaxHosts: 10 });
      const result = await h.call('list_links', { network: 'Office' });
      expect(result.isError).toBe(true);
      const text = textOf(result);
      expect(text).toMatch(/no room for one now/);
      expect(text).toMatch(/held to 10 hosts \(NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS\)/);
      expect(text).toMatch(/this key's list has 240/);
      expect(text).toMatch(/raise NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS/);
      expect(text).not.toMatch(/more than 25000|more than 25,000/);
    },
  );

  it('Scanopy 0.17.22: list_changes counts what it can and says why links are not counted', async () => {
    const h = await start({ sample: { data: sampleData('0.17.22') }, inventoryMaxHosts: 10 });
    const result = await h.call('list_changes', { since: 'P7D', kinds: 'links' });
    const out = changeAnswer(result);
    expect(out.not_known).toEqual([
      expect.objectContaining({
        kind: 'links',
        why: expect.stringMatching(
          /no room for one \(NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS, 10 hosts/,
        ),
        would_tell: expect.stringMatching(/asking again in a few minutes/),
      }),
    ]);
    expect(textOf(result)).not.toMatch(/refused beyond 25000/);
  });

  it("a list past one copy's cap is said as such, counts grouped as people read them", () => {
    const size = { reason: 'size' as const, hosts: 31_207, ceiling: 25_000 };
    expect(linksRefusedText(size)).toBe(
      'The service lists more than 25,000 hosts (31,207): links are read from a kept copy of them all, which is refused at that size. Nothing was listed.',
    );
    expect(linkChangesRefused(size).why).toMatch(/refused beyond 25,000 hosts/);
    // A read that outgrew the cap its probe was under: no count is made up.
    expect(linksRefusedText({ reason: 'size', ceiling: 25_000 })).toBe(
      'The service lists more than 25,000 hosts: links are read from a kept copy of them all, which is refused at that size. Nothing was listed.',
    );
    const room = { reason: 'room' as const, hosts: 12_000, ceiling: 50_000 };
    expect(linksRefusedText(room)).toMatch(/held to 50,000 hosts .* this key's list has 12,000\./);
  });
});
