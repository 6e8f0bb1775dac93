// list_changes' instants: a host created exactly at since is new, one last seen exactly at since is not gone, dates and times without a zone are UTC and durations count back from the server's clock, wherever the server runs.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { SAMPLE_NETWORKS } from '../src/sample-api/data.js';
import { buildInventory, EDGE_DATES, EDGE_HOSTS } from '../src/sample-api/inventory-data.js';
import { GENERATED_NETWORK_ID } from '../src/sample-api/names-data.js';
import { changeAnswer } from './change-answer.js';
import { TEST_NOW } from './clock.js';
import { useHarness } from './harness.js';

const start = useHarness();
const { hosts } = buildInventory();
const nth = (network: string, i: number) =>
  hosts.filter((h) => h.network_id === network)[i]?.id as string;
const midnightHost = nth(SAMPLE_NETWORKS.office, EDGE_HOSTS.createdAtMidnight);
const lastSeenHost = nth(GENERATED_NETWORK_ID, EDGE_HOSTS.lastSeenAtMidnight);

async function changed(
  call: (args: Record<string, unknown>) => Promise<CallToolResult>,
  args: Record<string, unknown>,
) {
  const out = changeAnswer(await call({ limit: 0, kinds: 'hosts', ...args }));
  const of = (kind: string) =>
    (out.changes ?? []).filter((c) => c.change === kind).map((c) => c.id);
  return { out, news: of('new'), gone: of('gone') };
}

describe.each(['0.14.13', '0.17.22'])('list_changes boundary instants on %s', (version) => {
  const open = async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    return (args: Record<string, unknown>) => h.call('list_changes', args);
  };

  it('a host created exactly at since is new; a millisecond later it is not', async () => {
    const call = await open();
    for (const since of [
      EDGE_DATES.createdAtMidnight,
      '2026-11-15',
      '2026-11-15T00:00',
      '2026-11-15T09:00+09:00',
    ]) {
      expect((await changed(call, { network: 'Office', since })).news, since).toContain(
        midnightHost,
      );
    }
    const later = await changed(call, { network: 'Office', since: '2026-11-15T00:00:00.001Z' });
    expect(later.news).not.toContain(midnightHost);
  });

  it('a host last seen exactly at since is not gone; a millisecond later it is', async () => {
    const call = await open();
    const at = await changed(call, {
      network: 'Branch office',
      since: EDGE_DATES.lastSeenAtMidnight,
    });
    expect(at.gone).not.toContain(lastSeenHost);
    const after = await changed(call, {
      network: 'Branch office',
      since: '2026-11-10T00:00:00.001Z',
    });
    expect(after.gone).toContain(lastSeenHost);
  });

  it('a duration counts back from the server clock: P7D is since seven days before now', async () => {
    const call = await open();
    const back = new Date(TEST_NOW - 7 * 86_400_000).toISOString();
    const byDuration = await changed(call, { since: 'P7D' });
    const byDate = await changed(call, { since: back });
    expect(byDuration.out.since).toBe('2026-11-18 12:00Z');
    expect(byDuration.news).toEqual(byDate.news);
    expect(byDuration.gone).toEqual(byDate.gone);
    expect((await changed(call, { since: 'P1W' })).news).toEqual(byDate.news);
    expect((await changed(call, { since: 'PT168H' })).news).toEqual(byDate.news);
  });
});
