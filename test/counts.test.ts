// list_discoveries counts_only: jobs apart from run records, by network, daemon, type and outcome, both channels < 2,000 bytes.
import { describe, expect, it } from 'vitest';
import { quote } from '../src/safety/quote.js';
import { SAMPLE_TAGS, SAMPLE_VERSIONS, sampleData } from '../src/sample-api/data.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import {
  countsText,
  type DiscoveryCountsView,
} from '../src/views/discoveries/discovery-counts-view.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();

type Raw = Record<string, unknown>;
const run = (d: Raw) => d['run_type'] as Raw;
const isRecord = (d: Raw) => run(d)['type'] === 'Historical';

const withCount = (version: string, count: number, ignore = false) => ({
  sample: {
    data: { ...sampleData(version), discoveries: realisticDiscoveries(count) },
    ...(ignore ? { ignoreDiscoveryFilters: true } : {}),
  },
});

type Row = { id: string | null; name?: string; jobs: number; run_records: number; total: number };
type Counts = {
  networks?: Row[];
  sites?: Row[];
  daemons: Row[];
  jobs: {
    total: number;
    by_run_type: Record<string, number>;
    scheduled: { enabled: number; disabled: number };
    last_run: Record<string, number>;
  };
  run_records: { total: number; by_type: Record<string, number>; by_phase: Record<string, number> };
};
const countsOf = (result: { structuredContent?: unknown }) =>
  (result.structuredContent as { counts: Counts }).counts;

describe.each(SAMPLE_VERSIONS)('Scanopy %s', (version) => {
  it.each([137, 20_000])(
    'counts %i discoveries, both channels under 2,000 bytes',
    async (count) => {
      const h = await start(withCount(version, count));
      const result = await h.call('list_discoveries', { counts_only: true });
      expect(result.isError, textOf(result)).toBeFalsy();
      const raw = realisticDiscoveries(count);
      const counts = countsOf(result);
      const jobs = raw.filter((d) => !isRecord(d));
      expect(counts.jobs.total).toBe(jobs.length);
      expect(counts.run_records.total).toBe(raw.length - jobs.length);
      const office = (counts.networks ?? counts.sites ?? []).find((r) => r.name === 'Office');
      expect(office?.jobs).toBe(
        jobs.filter((d) => d['name']?.toString().startsWith('Office')).length,
      );
      expect(office?.total).toBe((office?.jobs ?? 0) + (office?.run_records ?? 0));
      // Every network the key can see has its row, the one without discoveries too.
      expect(
        (counts.networks ?? counts.sites ?? []).find((r) => r.name === 'Branch office'),
      ).toMatchObject({ jobs: 0, run_records: 0, total: 0 });
      expect(counts.jobs.by_run_type['Scheduled']).toBe(
        jobs.filter((d) => run(d)['type'] === 'Scheduled').length,
      );
      expect(counts.jobs.scheduled.disabled).toBe(
        jobs.filter((d) => run(d)['type'] === 'Scheduled' && run(d)['enabled'] === false).length,
      );
      expect(counts.jobs.last_run['never']).toBe(jobs.filter((d) => !run(d)['last_run']).length);
      expect(counts.run_records.by_phase['Failed']).toBe(
        raw.filter((d) => isRecord(d) && (run(d)['results'] as Raw)['phase'] === 'Failed').length,
      );
      const text = textOf(result);
      expect(text).toContain(`${jobs.length} jobs, ${raw.length - jobs.length} run records`);
      expect(text).toMatch(/Scheduled jobs: \d+ enabled, \d+ disabled/);
      expect(text).toContain(
        `"Office" ${office?.total} = ${office?.jobs} + ${office?.run_records}`,
      );
      expect(text).toContain('"Branch office" 0');
      expect(Buffer.byteLength(text)).toBeLessThan(2000);
      expect(Buffer.byteLength(JSON.stringify(result.structuredContent))).toBeLessThan(2000);
      expect((result.structuredContent as { groups: unknown[] }).groups).toEqual([]);
    },
  );

  it('takes the same filters', async () => {
    const h = await start(withCount(version, 137));
    const result = await h.call('list_discoveries', {
      counts_only: true,
      tag: 'core',
      run_type: 'Scheduled',
    });
    const tagged = realisticDiscoveries(137).filter(
      (d) =>
        (d['tags'] as string[]).some((t) => t.toLowerCase() === SAMPLE_TAGS.core) &&
        run(d)['type'] === 'Scheduled',
    );
    expect(tagged.length).toBeGreaterThan(0);
    expect(countsOf(result).jobs.total).toBe(tagged.length);
    expect(countsOf(result).run_records.total).toBe(0);
    expect(textOf(result)).toContain('matching tag "core", run_type Scheduled');
  });
});

describe('Scanopy 0.17.22 counts run records with group_by', () => {
  it('asks for group counts, reads only the jobs, and agrees with a service that ignores it', async () => {
    const grouped = await start(withCount('0.17.22', 20_000));
    const ignored = await start(withCount('0.17.22', 20_000, true));
    const a = await grouped.call('list_discoveries', { counts_only: true });
    const b = await ignored.call('list_discoveries', { counts_only: true });
    const asked = grouped.api.requests.filter((r) => r.path === '/api/v1/discovery');
    expect(asked.map((r) => r.query.get('group_by')).filter(Boolean)).toEqual([
      'site_id',
      'daemon_id',
      'discovery_type',
      'phase',
    ]);
    expect(asked.filter((r) => r.query.get('historical') === 'false').length).toBe(16);
    expect(countsOf(a)).toMatchObject({ jobs: countsOf(b).jobs });
    expect(countsOf(a).run_records).toEqual(countsOf(b).run_records);
    expect(textOf(a)).toContain("the service's group counts");
    expect(textOf(b)).toContain('reading 20000 items');
  });
});

describe('counts text quotes what the service named', () => {
  it('a network or daemon name cannot add a tally of its own; a lone run record is singular', () => {
    const forged = 'Office 3, Lab 0; Scheduled jobs: 0 enabled';
    const row = (id: string, name: string, jobs: number) => ({
      id,
      name,
      counts: { jobs, run_records: 0 },
      total: jobs,
    });
    const view: DiscoveryCountsView = {
      jobs: {
        total: 3,
        by_type: new Map([
          ['Network', 2],
          ['Docker, Unified', 1],
        ]),
        by_run_type: new Map([['Scheduled', 3]]),
        scheduled: { enabled: 3, disabled: 0 },
        last_run: { failed: 0, succeeded: 0, never: 3, unknown: 0 },
      },
      run_records: { total: 1, by_type: new Map(), by_phase: new Map() },
      networks: [row('n1', forged, 3)],
      daemons: [row('d1', 'gw "1"', 3)],
      place: 'network',
      service: [],
      server: [],
      countedBy: 'reading 4 items',
      outcomesInRecordsOnly: false,
      notes: [],
    };
    const text = countsText(view);
    expect(text).toContain('(3 jobs, 1 run record)');
    expect(text).toContain(`${quote(forged)} 3 = 3 + 0`);
    expect(text).not.toContain('Lab 0;');
    expect(text).toContain(`${quote('gw "1"')} 3 = 3 + 0`);
    expect(text).toContain(`Jobs by type: Network 2, ${quote('Docker, Unified')} 1`);
    // No filters: no "Filters applied by" line with nothing after it.
    expect(text).not.toContain('Filters applied');
  });
});
