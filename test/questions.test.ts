// Question-shaped reads through a real MCP client on each sample version, both channels: when jobs run, latest outcomes, time windows, counts, paging, empty answers.
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_DAEMONS,
  SAMPLE_NETWORKS,
  SAMPLE_TAGS,
  SAMPLE_VERSIONS,
  sampleData,
} from '../src/sample-api/data.js';
import { GENERATED_NETWORK_ID, sampleNames } from '../src/sample-api/names-data.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { idsOf, type Raw, realistic, run, structured } from './discovery-sample.js';
import { discoveriesOf, textOf, useHarness } from './harness.js';

const start = useHarness();

type Result = Awaited<ReturnType<Awaited<ReturnType<typeof start>>['call']>>;
const results = (d: Raw) => run(d)['results'] as Raw;
const isRecord = (d: Raw) => run(d)['type'] === 'Historical';
const sorted = (ids: readonly unknown[]) => ids.map(String).sort();
const countsOf = (result: Result) =>
  structured(result)['counts'] as {
    jobs: { total: number; last_run: Record<string, number>; by_run_type: Record<string, number> };
    run_records: { total: number };
    networks?: { id: string | null; name?: string; jobs: number; total: number }[];
    sites?: { id: string | null; name?: string; jobs: number; total: number }[];
    daemons: { id: string | null; name?: string; jobs: number; total: number }[];
  };

/** A scheduled job of the office network with the given cron and zone. */
function job(n: number, cron: string, timezone: string | null, enabled = true): Raw {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Job ${n}`,
    network_id: SAMPLE_NETWORKS.office,
    daemon_id: SAMPLE_DAEMONS.office,
    discovery_type: { type: 'Network', subnet_ids: [] },
    run_type: { type: 'Scheduled', cron_schedule: cron, enabled, last_run: null, timezone },
    tags: [],
  };
}
const withJobs = (version: string, jobs: Raw[]) => ({
  sample: { data: { ...sampleData(version), discoveries: jobs } },
});

describe.each(SAMPLE_VERSIONS)('Scanopy %s', (version) => {
  const linked = version !== '0.14.13';

  it('enabled: true alone gives scheduled jobs only, in a list and in counts_only', async () => {
    const h = await start(realistic(version));
    const raw = realisticDiscoveries(137);
    const wanted = raw.filter((d) => run(d)['type'] === 'Scheduled' && run(d)['enabled'] !== false);
    const list = await h.call('list_discoveries', { enabled: true, limit: 0 });
    expect(sorted(idsOf(list))).toEqual(sorted(wanted.map((d) => d['id'])));
    expect(textOf(list)).toContain(`${wanted.length} shown`);
    const counts = countsOf(await h.call('list_discoveries', { enabled: true, counts_only: true }));
    expect(counts.jobs.total).toBe(wanted.length);
    expect(counts.jobs.by_run_type).toEqual({ Scheduled: wanted.length });
    expect(counts.run_records.total).toBe(0);
  });

  it('counts_only with search counts exactly what the list shows', async () => {
    const h = await start(realistic(version));
    // "office-gw" is a daemon's name and no discovery's: 0.17.22's own search matches daemons too.
    for (const search of ['office-gw', 'Docker', 'discovery 1']) {
      const list = await h.call('list_discoveries', { search, limit: 0 });
      const counts = countsOf(await h.call('list_discoveries', { search, counts_only: true }));
      const shown = discoveriesOf(list);
      expect(counts.jobs.total + counts.run_records.total, search).toBe(shown.length);
      expect(counts.run_records.total, search).toBe(
        shown.filter((d) => d['run_type'] === 'Historical').length,
      );
    }
    const none = await h.call('list_discoveries', { search: 'office-gw', counts_only: true });
    expect(textOf(none)).toContain('Discovery counts matching search "office-gw": 0');
  });

  it('the same cron with and without a zone shows each its own zone, and the next run in UTC', async () => {
    const h = await start(
      withJobs(version, [job(1, '0 3 * * *', null), job(2, '0 3 * * *', 'Asia/Tokyo')]),
    );
    const result = await h.call('list_discoveries', { limit: 0 });
    const byId = new Map(discoveriesOf(result).map((d) => [String(d.id).slice(-1), d]));
    // The structured channel gives the cron with its zone (UTC where the service gave none); the
    // text gives it in words.
    expect(byId.get('1')).toMatchObject({ cron_schedule: '0 3 * * *', timezone: 'UTC' });
    expect(byId.get('2')).toMatchObject({ cron_schedule: '0 3 * * *', timezone: 'Asia/Tokyo' });
    // Every enabled schedule has its next run in structuredContent, UTC ones included (issue 30:
    // "no next run" read as "never runs"); the text keeps it short where the words say the moment.
    expect(String(byId.get('1')?.['next_run'])).toMatch(/ 03:00Z$/);
    expect(String(byId.get('2')?.['next_run'])).toMatch(/ 18:00Z$/);
    const text = textOf(result);
    expect(text).toContain(
      'Job 1"; 00000000-0000-4000-8000-000000000001; Network; daily at 03:00 UTC; never run',
    );
    expect(text).toContain('daily at 03:00 Asia/Tokyo; next ');
    expect(text).toContain('Next runs in UTC: equal times, same moment.');
  });

  it('runs_at finds the jobs that run at a local time in a zone, every day or on given days', async () => {
    const jobs = [
      job(1, '0 3 * * *', null), // 03:00 UTC = 12:00 Tokyo, every day
      job(2, '0 0 12 * * *', 'Asia/Tokyo'), // the same moment, six fields
      job(3, '0 3 * * 1-5', 'UTC'), // weekdays only
      job(4, '0 0 3 ? * MON-FRI', 'Etc/UTC'), // weekdays only, Quartz-style "?"
      job(5, '0 4 * * *', 'UTC'), // another hour
      job(6, '0 3 * * *', null, false), // disabled: its schedule says 03:00 UTC (issue 30)
      job(7, 'not a cron', null),
    ];
    const h = await start(withJobs(version, jobs));
    const daily = await h.call('list_discoveries', { runs_at: '12:00', zone: 'Asia/Tokyo' });
    expect(sorted(idsOf(daily).map((id) => id.slice(-1)))).toEqual(['1', '2', '6']);
    expect(textOf(daily)).toContain('runs_at 12:00 Asia/Tokyo every day');
    const weekdays = await h.call('list_discoveries', { runs_at: '03:00', days: 'Mon-Fri' });
    expect(sorted(idsOf(weekdays).map((id) => id.slice(-1)))).toEqual(['1', '2', '3', '4', '6']);
    const sunday = await h.call('list_discoveries', { runs_at: '03:00', days: 'Sun' });
    expect(sorted(idsOf(sunday).map((id) => id.slice(-1)))).toEqual(['1', '2', '6']);
    const running = { runs_at: '03:00', days: 'Sun', enabled: true };
    expect(idsOf(await h.call('list_discoveries', running)).map((id) => id.slice(-1))).toEqual([
      '1',
      '2',
    ]);
    const bad = await h.call('list_discoveries', { runs_at: '25:00' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('HH:MM');
    const zone = await h.call('list_discoveries', { runs_at: '03:00', zone: 'Mars/Base' });
    expect(textOf(zone)).toContain('is not a time zone');
  });

  it('next_run finds the jobs whose next run falls in a window; a window past holds none', async () => {
    const jobs = [
      job(1, '0 3 * * *', null),
      job(2, '0 0 29 2 *', 'UTC'),
      job(3, '0 3 * * *', null, false),
    ];
    const h = await start(withJobs(version, jobs));
    const day = await h.call('list_discoveries', { next_run: 'P1D' });
    expect(idsOf(day).map((id) => id.slice(-1))).toEqual(['1']);
    const past = await h.call('list_discoveries', { next_run: '2020-01-01/2020-01-02' });
    expect(idsOf(past)).toEqual([]);
    expect(textOf(past)).toContain(
      'Nothing matches next_run 2020-01-01 00:00Z to 2020-01-03 00:00Z',
    );
    const bad = await h.call('list_discoveries', { next_run: 'tonight' });
    expect(textOf(bad)).toContain('is not a time window');
  });

  it('finished keeps the run records that ended in a window, with last_run on their own outcome', async () => {
    const h = await start(realistic(version));
    const raw = realisticDiscoveries(137);
    const from = Date.parse('2026-11-11T00:00:00Z');
    const to = Date.parse('2026-11-12T00:00:00Z');
    const inside = (d: Raw) => {
      const at = Date.parse(String(results(d)['finished_at']));
      return at >= from && at < to;
    };
    const window = '2026-11-11/2026-11-11';
    const wanted = raw.filter((d) => isRecord(d) && inside(d) && results(d)['phase'] === 'Failed');
    expect(wanted.length).toBeGreaterThan(0);
    const result = await h.call('list_discoveries', {
      run_type: 'Historical',
      last_run: 'failed',
      finished: window,
      limit: 0,
    });
    expect(sorted(idsOf(result))).toEqual(sorted(wanted.map((d) => d['id'])));
    expect(textOf(result)).toContain('finished 2026-11-11 00:00Z to 2026-11-12 00:00Z');
  });

  it(
    linked
      ? "a job shows its newest run's outcome in every view, whatever the records' order or case"
      : 'jobs have no outcome here: last_run failed finds no job and says where outcomes live',
    async () => {
      const h = await start(realistic(version));
      const raw = realisticDiscoveries(137);
      const newest = new Map<string, Raw>();
      for (const record of raw.filter(isRecord)) {
        const id = String(results(record)['discovery_id']).toLowerCase();
        const known = newest.get(id);
        if (
          !known ||
          String(results(known)['finished_at']) < String(results(record)['finished_at'])
        )
          newest.set(id, record);
      }
      const failedJobs = [...newest]
        .filter(([, r]) => results(r)['phase'] === 'Failed')
        .map(([id]) => id);
      const failed = await h.call('list_discoveries', { last_run: 'failed', limit: 0 });
      const counts = countsOf(await h.call('list_discoveries', { counts_only: true }));
      if (!linked) {
        expect(idsOf(failed)).toEqual([]);
        expect(textOf(failed)).toContain('Run outcomes are on run records only');
        // No job's outcome is known here: no "0 failed" beside jobs that may have failed (issue 30).
        expect(Object.keys(counts.jobs.last_run).sort()).toEqual(['never', 'outcome_not_known']);
        return;
      }
      expect(sorted(idsOf(failed))).toEqual(sorted(failedJobs));
      expect(counts.jobs.last_run['failed']).toBe(failedJobs.length);
      // Both orders: the newer failure listed before the older success, and after it.
      const positions = (jobId: string) =>
        raw
          .filter((d) => isRecord(d) && String(results(d)['discovery_id']).toLowerCase() === jobId)
          .map((d) => results(d)['phase']);
      const orders = new Set(failedJobs.map((id) => positions(id).join(' then ')));
      expect([...orders]).toEqual(
        expect.arrayContaining(['Failed then Complete', 'Complete then Failed']),
      );
      // Full, by site, by search: the same outcome for each failed job.
      const full = await h.call('list_discoveries', { limit: 0 });
      for (const id of failedJobs.slice(0, 4)) {
        const item = raw.find((d) => d['id'] === id) as Raw;
        const views = [
          full,
          await h.call('list_discoveries', { network_id: item['network_id'], limit: 0 }),
          await h.call('list_discoveries', { search: String(item['name']) }),
        ];
        for (const view of views) {
          const shown = discoveriesOf(view).find((d) => d.id === id);
          expect(shown?.['last_outcome'], id).toMatchObject({ phase: 'Failed' });
          expect(textOf(view)).toMatch(new RegExp(`; ${id}; .*last run FAILED`));
        }
      }
    },
  );

  it('paging: next_offset in both channels, offsets counting matches, every match once', async () => {
    const h = await start(realistic(version));
    const wanted = realisticDiscoveries(137).filter(
      (d) => (d['discovery_type'] as Raw)['type'] === 'Docker',
    );
    const first = await h.call('list_discoveries', { discovery_type: 'Docker', limit: 10 });
    expect(structured(first)['next_offset']).toBe(10);
    expect(textOf(first)).toContain(
      `${wanted.length - 10} more matches: call again with offset 10 (offsets count matches).`,
    );
    expect(textOf(first)).toContain(`matches 1-10 of ${wanted.length}`);
    const seen = [...idsOf(first)];
    let offset = 10;
    while (offset < wanted.length) {
      const page = await h.call('list_discoveries', {
        discovery_type: 'Docker',
        limit: 10,
        offset,
      });
      expect((structured(page)['pagination'] as { offset: number }).offset).toBe(offset);
      seen.push(...idsOf(page));
      offset = Number(structured(page)['next_offset'] ?? wanted.length);
    }
    expect(sorted(seen)).toEqual(sorted(wanted.map((d) => d['id'])));
    const whole = await h.call('list_discoveries', { limit: 20 });
    expect(structured(whole)['next_offset']).toBe(20);
  });

  it('an empty answer carries its proof: the tag exists with its id and carries 0 of N', async () => {
    const names = sampleNames();
    const unused = '0a0a0a0a-0b0b-4c0c-8d0d-0e0e0e0e0e0e';
    names.tags.push({ id: unused, name: 'unused', organization_id: 'o' });
    const h = await start({ sample: { ...realistic(version).sample, names: { names } } });
    const result = await h.call('list_discoveries', { tag: 'unused' });
    const text = textOf(result);
    expect(text).toContain(
      `Tag "unused" exists (id ${unused}) and carries 0 of 137 discoveries read.`,
    );
    expect(String(structured(result)['summary'])).toContain(`exists (id ${unused})`);
    const place = version === '0.17.22' ? 'Site' : 'Network';
    const empty = await h.call('list_discoveries', { network: 'Branch office' });
    expect(textOf(empty)).toContain(
      `${place} "Branch office" exists (id ${GENERATED_NETWORK_ID}) and holds 0 discoveries.`,
    );
    const unknown = await h.call('list_discoveries', { tag: 'nope' });
    expect(textOf(unknown)).toContain('Known tags: "core"');
    expect(textOf(unknown)).toContain('"unused"');
    expect(textOf(unknown)).not.toContain('tag_id');
  });

  it('counts name every network and daemon, zero included, with a total per network', async () => {
    const h = await start(realistic(version));
    const result = await h.call('list_discoveries', { counts_only: true });
    const counts = countsOf(result);
    const places = counts.networks ?? counts.sites ?? [];
    expect(places.map((p) => p.name).sort()).toEqual(['Branch office', 'Lab', 'Office']);
    expect(counts.daemons.map((d) => d.name).sort()).toEqual(['lab-pi', 'office-gw']);
    const scoped = await h.call('list_discoveries', { network: 'Lab', counts_only: true });
    expect(textOf(scoped)).not.toContain('Filters applied');
    expect(textOf(scoped)).toContain('"Lab" ');
  });

  it('a warm list call makes one service request: names and the run-record index are reused', async () => {
    const h = await start(realistic(version));
    await h.call('list_discoveries', {});
    const before = h.api.requests.length;
    const again = await h.call('list_discoveries', {});
    expect(again.isError).toBeFalsy();
    expect(h.api.requests.slice(before).map((r) => r.path)).toEqual(['/api/v1/discovery']);
  });

  it('a warm list call over 2,000 discoveries still makes one request, of one page', async () => {
    const h = await start(realistic(version, 2_000));
    await h.call('list_discoveries', {});
    const before = h.api.requests.length;
    const again = await h.call('list_discoveries', {});
    expect(discoveriesOf(again)).toHaveLength(50);
    const sent = h.api.requests.slice(before);
    expect(sent.map((r) => r.path)).toEqual(['/api/v1/discovery']);
    expect(sent[0]?.query.get('limit')).toBe('50');
  });
});

describe('request economy and change', () => {
  it('counts on 0.16.2 read the listing once, and the index they build serves the next list', async () => {
    const h = await start(realistic('0.16.2'));
    await h.call('list_discoveries', { counts_only: true });
    const discovery = () => h.api.requests.filter((r) => r.path === '/api/v1/discovery').length;
    expect(discovery()).toBe(1);
    const failed = await h.call('list_discoveries', { last_run: 'failed', limit: 0 });
    expect(discovery()).toBe(2);
    expect(idsOf(failed).length).toBeGreaterThan(0);
  });

  it('the index is built again when a shown job has run since, so a newer failure shows', async () => {
    const h = await start(withJobs('0.16.2', [job(1, '0 3 * * *', null)]));
    const first = await h.call('list_discoveries', {});
    expect(discoveriesOf(first)[0]?.['last_outcome']).toBeUndefined();
    const [only] = h.api.data.discoveries as Raw[];
    const ran = new Date(Date.now() + 60_000).toISOString();
    (run(only as Raw) as Raw)['last_run'] = ran;
    h.api.data.discoveries.push({
      id: '00000000-0000-4000-8000-0000000000ff',
      name: 'Job 1 run',
      network_id: SAMPLE_NETWORKS.office,
      daemon_id: SAMPLE_DAEMONS.office,
      discovery_type: { type: 'Network', subnet_ids: [] },
      run_type: {
        type: 'Historical',
        results: { discovery_id: (only as Raw)['id'], phase: 'Failed', finished_at: ran },
      },
      tags: [],
    });
    const again = await h.call('list_discoveries', { run_type: 'Scheduled' });
    expect(discoveriesOf(again)[0]?.['last_outcome']).toMatchObject({ phase: 'Failed' });
  });

  it('limit 0 with a filter and a small budget says how many matches remain and where to go on', async () => {
    const h = await start({ ...realistic('0.14.13', 2_000), maxResultBytes: 12_000 });
    const wanted = realisticDiscoveries(2_000).filter(
      (d) => (d['discovery_type'] as Raw)['type'] === 'Docker',
    );
    const result = await h.call('list_discoveries', { discovery_type: 'Docker', limit: 0 });
    const shown = idsOf(result).length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(wanted.length);
    expect(structured(result)['next_offset']).toBe(shown);
    expect(structured(result)['truncated']).toBe(true);
    expect(textOf(result)).toContain(
      `${wanted.length - shown} more matches not shown, to stay within the result budget: call again with offset ${shown}`,
    );
  });

  it('an unknown name among more than 50 says how to see them all', async () => {
    const names = sampleNames();
    for (let i = 0; i < 60; i++) {
      names.networks.push({
        id: `5a5a5a5a-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: `Net ${i}`,
      });
    }
    const h = await start({ sample: { names: { names } } });
    const result = await h.call('list_discoveries', { network: 'nowhere' });
    expect(textOf(result)).toContain(
      'and 13 more not listed here (list_discoveries with counts_only: true names every one)',
    );
  });
});

describe('names that are prototype keys or ids', () => {
  it('a network named __proto__ keeps its jobs in the counts; a daemon named constructor shows as itself', async () => {
    const names = sampleNames();
    (names.networks[0] as { name: string }).name = '__proto__';
    (names.daemons[0] as { name: string }).name = 'constructor';
    const h = await start({ sample: { ...realistic('0.16.2').sample, names: { names } } });
    const result = await h.call('list_discoveries', { counts_only: true });
    const counts = countsOf(result);
    const office = realisticDiscoveries(137).filter(
      (d) => d['network_id'] === SAMPLE_NETWORKS.office && !isRecord(d),
    );
    expect(counts.networks?.find((n) => n.name === '__proto__')?.jobs).toBe(office.length);
    expect(counts.daemons.find((n) => n.name === 'constructor')?.jobs).toBe(office.length);
    expect(textOf(result)).toContain(`"__proto__" `);
    expect(textOf(result)).toContain(`"constructor" `);
    expect(textOf(result)).not.toContain('function Object');
  });

  it("a tag named with another tag's UUID never reads as that tag in the structured channel", async () => {
    const names = sampleNames();
    (names.tags[1] as { name: string }).name = SAMPLE_TAGS.core;
    const h = await start({ sample: { ...realistic('0.14.13').sample, names: { names } } });
    const result = await h.call('list_discoveries', { tag: SAMPLE_TAGS.printers, limit: 5 });
    for (const item of discoveriesOf(result)) expect(item['tags']).toEqual([SAMPLE_TAGS.printers]);
    expect(structured(result)['tag_names']).toEqual({ [SAMPLE_TAGS.printers]: SAMPLE_TAGS.core });
  });
});

describe('get_version on a service that serves release notes', () => {
  it('does not say no release offers them, and the tool returns them', async () => {
    const h = await start({ sample: { offerReleaseNotes: true } });
    const version = textOf(await h.call('get_version'));
    expect(version).not.toContain('not offered by any Scanopy release');
    expect(version).toContain('get_unseen_release_notes: asks the service on each call');
    const notes = await h.call('get_unseen_release_notes');
    expect(notes.isError).toBeFalsy();
  });
});
