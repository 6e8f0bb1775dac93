// list_discoveries' question filters over 137 realistic discoveries, through a real MCP client, on each sample version.
import { describe, expect, it } from 'vitest';
import { SAMPLE_NETWORKS, SAMPLE_TAGS, SAMPLE_VERSIONS } from '../src/sample-api/data.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { idsOf, type Raw, realistic, run, structured } from './discovery-sample.js';
import { discoveriesOf, textOf, useHarness } from './harness.js';

const start = useHarness();

const kind = (d: Raw) => (d['discovery_type'] as Raw)['type'];

/** Ids compare without case: the sample names some in capitals, as a service may. */
const carries = (d: Raw, tag: string) =>
  (d['tags'] as string[]).some((t) => t.toLowerCase() === tag);

/** Each filter with the raw items it should select (the service's own view of them). */
const CASES: [string, Record<string, unknown>, (d: Raw) => boolean][] = [
  ['tag by name', { tag: 'core' }, (d) => carries(d, SAMPLE_TAGS.core)],
  ['tag by id', { tag: SAMPLE_TAGS.printers }, (d) => carries(d, SAMPLE_TAGS.printers)],
  [
    'tag by id in capitals',
    { tag: SAMPLE_TAGS.core.toUpperCase() },
    (d) => carries(d, SAMPLE_TAGS.core),
  ],
  ['discovery_type', { discovery_type: 'docker' }, (d) => kind(d) === 'Docker'],
  ['run_type Historical', { run_type: 'Historical' }, (d) => run(d)['type'] === 'Historical'],
  ['run_type AdHoc', { run_type: 'AdHoc' }, (d) => run(d)['type'] === 'AdHoc'],
  [
    'enabled false',
    { enabled: false },
    (d) => run(d)['type'] === 'Scheduled' && run(d)['enabled'] === false,
  ],
  [
    'search',
    { search: 'lab docker' },
    (d) => String(d['name']).toLowerCase().includes('lab docker'),
  ],
  [
    'last_run failed on run records',
    { run_type: 'Historical', last_run: 'failed' },
    (d) => run(d)['type'] === 'Historical' && (run(d)['results'] as Raw)['phase'] === 'Failed',
  ],
  [
    'last_run never',
    { last_run: 'never' },
    (d) => ['Scheduled', 'AdHoc'].includes(String(run(d)['type'])) && !run(d)['last_run'],
  ],
  [
    'network, run_type and enabled combined',
    { network: 'Lab', run_type: 'Scheduled', enabled: true },
    (d) =>
      d['network_id'] === SAMPLE_NETWORKS.lab &&
      run(d)['type'] === 'Scheduled' &&
      run(d)['enabled'] === true,
  ],
];

describe.each(SAMPLE_VERSIONS)('Scanopy %s', (version) => {
  it.each(CASES)(
    '%s: exactly the matching items, in both channels',
    async (_name, args, wanted) => {
      const h = await start(realistic(version));
      const result = await h.call('list_discoveries', { ...args, limit: 0 });
      expect(result.isError, textOf(result)).toBeFalsy();
      const expected = realisticDiscoveries(137)
        .filter(wanted)
        .map((d) => d['id']);
      expect(expected.length).toBeGreaterThan(0);
      // Items come grouped by network and daemon, so in another order than the service's.
      expect(idsOf(result).sort()).toEqual(expected.map(String).sort());
      const text = textOf(result);
      for (const id of expected) expect(text).toContain(String(id));
      expect(text.split('\n')[0]).toContain(`: ${expected.length} shown`);
      expect(text).toMatch(/^Filters .*applied by/m);
      const filters = structured(result)['filters'] as Record<string, unknown>;
      expect(filters['matched']).toBe(expected.length);
      expect((filters['server'] as string[]).length).toBeGreaterThan(0);
    },
  );

  it('a page of matches says where to go on, and the next call finds the rest', async () => {
    const h = await start(realistic(version));
    const expected = realisticDiscoveries(137)
      .filter((d) => kind(d) === 'Docker')
      .map((d) => d['id']);
    const seen: unknown[] = [];
    let offset = 0;
    for (let calls = 0; calls < 10; calls++) {
      const result = await h.call('list_discoveries', {
        discovery_type: 'Docker',
        limit: 10,
        offset,
      });
      seen.push(...idsOf(result));
      const next = /call again with offset (\d+)/.exec(String(structured(result)['next_step']));
      if (!next) break;
      offset = Number(next[1]);
    }
    expect(seen.map(String).sort()).toEqual(expected.map(String).sort());
  });

  it('an unknown tag name is refused with the known ones, and nothing is listed', async () => {
    const h = await start(realistic(version));
    const result = await h.call('list_discoveries', { tag: 'nope' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('No tag is named "nope"');
    expect(textOf(result)).toContain('"core"');
    expect(h.api.requests.some((r) => r.path === '/api/v1/discovery')).toBe(false);
  });
});

describe('Scanopy 0.17.22 applies what it can itself', () => {
  const args = {
    discovery_type: 'Network',
    run_type: 'Historical',
    last_run: 'failed',
    search: 'office',
  };

  it('sends discovery_types, historical, phases and search, and says the service applied them', async () => {
    const h = await start(realistic('0.17.22'));
    const result = await h.call('list_discoveries', args);
    const sent = h.api.requests.findLast((r) => r.path === '/api/v1/discovery');
    expect(sent?.query.get('discovery_types')).toBe('Network');
    expect(sent?.query.get('historical')).toBe('true');
    expect(sent?.query.get('phases')).toBe('Failed');
    expect(sent?.query.get('search')).toBe('office');
    const filters = structured(result)['filters'] as Record<string, string[]>;
    expect(filters['service']).toEqual(['discovery_type', 'run_type', 'last_run', 'search']);
    expect(filters['server']).toEqual(['discovery_type', 'run_type', 'last_run', 'search']);
    expect(textOf(result)).toContain(
      'applied by service: discovery_type, run_type, last_run, search',
    );
  });

  it('gives the same answer when the service ignores those parameters', async () => {
    const applied = await start(realistic('0.17.22'));
    const ignored = await start({
      sample: { ...realistic('0.17.22').sample, ignoreDiscoveryFilters: true },
    });
    const a = await applied.call('list_discoveries', { ...args, limit: 0 });
    const b = await ignored.call('list_discoveries', { ...args, limit: 0 });
    expect(idsOf(a).length).toBeGreaterThan(0);
    expect(idsOf(b)).toEqual(idsOf(a));
    expect(structured(b)['groups']).toEqual(structured(a)['groups']);
  });

  it('older versions are sent none of them', async () => {
    const h = await start(realistic('0.16.2'));
    const result = await h.call('list_discoveries', args);
    const sent = h.api.requests.findLast((r) => r.path === '/api/v1/discovery');
    for (const key of ['discovery_types', 'historical', 'phases', 'search']) {
      expect(sent?.query.has(key)).toBe(false);
    }
    expect((structured(result)['filters'] as Record<string, string[]>)['service']).toEqual([]);
  });
});

describe('jobs and their runs', () => {
  it.each(['0.16.2', '0.17.22'])(
    'on %s a job carries its newest run outcome, and last_run filters on it',
    async (version) => {
      const h = await start(realistic(version));
      const result = await h.call('list_discoveries', { limit: 0 });
      const items = discoveriesOf(result) as unknown as {
        id: string;
        run_type: string;
        last_outcome?: { phase: string; error?: string; record_id: string };
      }[];
      const raw = realisticDiscoveries(137);
      // Each job's newest record, whatever the order they are listed in and the case of the id.
      const newest = new Map<string, Raw>();
      for (const record of raw.filter((d) => run(d)['type'] === 'Historical')) {
        const results = run(record)['results'] as Raw;
        const job = String(results['discovery_id']).toLowerCase();
        const known = newest.get(job);
        const at = (r: Raw) => String((run(r)['results'] as Raw)['finished_at']);
        if (!known || at(known) < at(record)) newest.set(job, record);
      }
      expect(newest.size).toBeLessThan(raw.filter((d) => run(d)['type'] === 'Historical').length);
      for (const [jobId, record] of newest) {
        const job = items.find((item) => item.id === jobId);
        expect(job?.last_outcome?.phase).toBe((run(record)['results'] as Raw)['phase']);
        expect(job?.last_outcome?.record_id).toBe(record['id']);
      }
      const failedJobs = items.filter(
        (i) => i.run_type !== 'Historical' && i.last_outcome?.phase === 'Failed',
      );
      expect(failedJobs.length).toBeGreaterThan(0);
      const filtered = await h.call('list_discoveries', {
        last_run: 'failed',
        run_type: 'Scheduled',
        limit: 0,
      });
      expect(idsOf(filtered).sort()).toEqual(failedJobs.map((j) => j.id).sort());
      const counts = await h.call('list_discoveries', { counts_only: true });
      const jobs = (structured(counts)['counts'] as { jobs: { last_run: Record<string, number> } })
        .jobs;
      expect(jobs.last_run['failed']).toBe(failedJobs.length);
    },
  );

  it('on 0.14.13 jobs carry no outcome: it lives only in run records, and the counts say so', async () => {
    const h = await start(realistic('0.14.13'));
    const result = await h.call('list_discoveries', { limit: 0 });
    const items = discoveriesOf(result);
    expect(items.some((item) => item['last_outcome'])).toBe(false);
    const counts = await h.call('list_discoveries', { counts_only: true });
    expect(textOf(counts)).toContain('outcomes live only in run records');
  });
});
