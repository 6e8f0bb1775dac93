// Dates and schedules on their edges: a next run exactly at a window's end or start, a date-time without a zone read as UTC wherever the server runs (outside-utc.test.ts reruns this file in far zones).
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_DAEMONS,
  SAMPLE_NETWORKS,
  SAMPLE_VERSIONS,
  sampleData,
} from '../src/sample-api/data.js';
import { buildInventory } from '../src/sample-api/inventory-data.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { discoveriesOf, textOf, useHarness } from './harness.js';

const start = useHarness();
type Raw = Record<string, unknown>;
const runOf = (d: Raw) => d['run_type'] as Record<string, unknown>;

/** A scheduled job; the harness's clock is Wednesday 2026-11-25 12:00Z. */
const job = (n: number, cron: string, timezone: string | null): Raw => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Job ${n}`,
  network_id: SAMPLE_NETWORKS.office,
  daemon_id: SAMPLE_DAEMONS.office,
  discovery_type: { type: 'Network', subnet_ids: [] },
  run_type: { type: 'Scheduled', cron_schedule: cron, enabled: true, last_run: null, timezone },
  tags: [],
});

const EDGE_JOBS = [
  job(1, '0 0 * * 0', 'UTC'), // Sunday 00:00Z: the end of Saturday's window, not in it
  job(2, '0 0 * * 6', 'UTC'), // Saturday 00:00Z: the start of Saturday's window, in it
  job(3, '0 0 * * 0', 'Asia/Tokyo'), // Sunday 00:00 in Tokyo = Saturday 15:00Z
  job(4, '59 23 * * 6', null), // Saturday 23:59 UTC: the last minute in it
];

const lastDigits = (result: object) =>
  discoveriesOf(result)
    .map((d) => String(d['id']).slice(-1))
    .sort();

describe.each(SAMPLE_VERSIONS)('schedules and dates on their edges, Scanopy %s', (version) => {
  it("next_run for a day holds a run at its first instant, never one at the next day's", async () => {
    const h = await start({ sample: { data: { ...sampleData(version), discoveries: EDGE_JOBS } } });
    const saturday = await h.call('list_discoveries', { next_run: '2026-11-28/2026-11-28' });
    expect(lastDigits(saturday), textOf(saturday)).toEqual(['2', '3', '4']);
    const sunday = await h.call('list_discoveries', { next_run: '2026-11-29/2026-11-29' });
    expect(lastDigits(sunday), textOf(sunday)).toEqual(['1']);
    const weekend = await h.call('list_discoveries', { next_run: '2026-11-28/2026-11-29' });
    expect(lastDigits(weekend)).toEqual(['1', '2', '3', '4']);
  });

  it("daily midnight jobs of the realistic sample run tomorrow, not in today's window", async () => {
    const raw = realisticDiscoveries(137);
    const h = await start({ sample: { data: { ...sampleData(version), discoveries: raw } } });
    const midnight = raw
      .filter((d) => {
        const run = runOf(d);
        return (
          run['type'] === 'Scheduled' &&
          run['enabled'] !== false &&
          run['cron_schedule'] === '0 0 * * *' &&
          (run['timezone'] === null || run['timezone'] === 'UTC')
        );
      })
      .map((d) => String(d['id']).toLowerCase());
    expect(midnight.length).toBeGreaterThan(0);
    const ids = async (next_run: string) =>
      discoveriesOf(await h.call('list_discoveries', { next_run, limit: 0 })).map((d) =>
        String(d['id']).toLowerCase(),
      );
    const today = await ids('2026-11-25/2026-11-25');
    for (const id of midnight) expect(today).not.toContain(id);
    const tomorrow = await ids('2026-11-26/2026-11-26');
    for (const id of midnight) expect(tomorrow).toContain(id);
  });

  it('new_since with a date-time and no zone is UTC, as the service writes times', async () => {
    const h = await start({ sample: { data: sampleData(version) }, maxResultBytes: 2_000_000 });
    const hosts = buildInventory().hosts;
    for (const [given, instant] of [
      ['2026-11-15T03:30', '2026-11-15T03:30:00Z'],
      ['2026-11-15T03:30:00', '2026-11-15T03:30:00Z'],
      ['2026-11-15T03:30:00+09:00', '2026-11-14T18:30:00Z'],
      ['2026-11-15', '2026-11-15T00:00:00Z'],
    ] as const) {
      const wanted = hosts.filter((x) => Date.parse(x.created_at) >= Date.parse(instant)).length;
      const counts = (await h.call('list_hosts', { new_since: given, counts_only: true }))
        .structuredContent as { counts: { hosts: number } };
      expect(counts.counts.hosts, given).toBe(wanted);
    }
    // The sample has hosts between 18:30Z on the 14th and 03:30Z on the 15th: the zone matters.
    const between = hosts.filter(
      (x) => x.created_at >= '2026-11-14T18:30:00Z' && x.created_at < '2026-11-15T03:30:00Z',
    );
    expect(between.length).toBeGreaterThan(0);
  });
});
