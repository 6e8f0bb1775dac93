// Answers a model can trust through a real MCP client (issue 30): filters that leave no disabled job out, a next run for every enabled schedule, one number per fact, a completeness line that names what was read.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { SAMPLE_DAEMONS, sampleData } from '../src/sample-api/data.js';
import { INVENTORY_DISCOVERIES } from '../src/sample-api/inventory-data.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { discoveriesOf, textOf, useHarness } from './harness.js';

const start = useHarness();
type Raw = Record<string, unknown>;

/** Twelve discoveries; the first two run every day at 03:00 Singapore time, the first disabled. */
function withSingaporeJobs() {
  const discoveries = realisticDiscoveries(12);
  const [off, on] = discoveries as [Raw, Raw];
  const singapore = (d: Raw, name: string, enabled: boolean) => {
    d['name'] = name;
    d['run_type'] = {
      type: 'Scheduled',
      cron_schedule: '0 3 * * *',
      timezone: 'Asia/Singapore',
      enabled,
      last_run: null,
    };
  };
  singapore(off, 'Singapore nightly (off)', false);
  singapore(on, 'Singapore nightly', true);
  return { discoveries, off, on };
}

const names = (result: CallToolResult) => discoveriesOf(result).map((d) => d.name);
const structured = (result: CallToolResult) => result.structuredContent as Raw;

describe.each(['0.14.13', '0.16.2', '0.17.22'])('on Scanopy %s', (version) => {
  async function harness() {
    const { discoveries, off, on } = withSingaporeJobs();
    const h = await start({ sample: { data: { ...sampleData(version), discoveries } } });
    return { h, discoveries, off, on };
  }

  // Failed on main: runs_at dropped every disabled job, and enabled: false then said nothing matches.
  it('runs_at matches a disabled job too, shown as disabled; enabled: false lists exactly those', async () => {
    const { h, off, on } = await harness();
    const both = await h.call('list_discoveries', { runs_at: '03:00', zone: 'Asia/Singapore' });
    expect(names(both)).toEqual([off['name'], on['name']]);
    expect(discoveriesOf(both)[0]?.['enabled']).toBe(false);
    expect(textOf(both)).toMatch(/- "Singapore nightly \(off\)"; [^\n]*DISABLED: daily at 03:00/);
    const disabled = await h.call('list_discoveries', {
      runs_at: '03:00',
      zone: 'Asia/Singapore',
      enabled: false,
    });
    expect(names(disabled)).toEqual([off['name']]);
    expect(textOf(disabled)).not.toContain('Nothing matches');
  });

  // Failed on main: next_run left disabled jobs out without a word.
  it('next_run keeps a disabled job out and says how many disabled jobs have a schedule in the window', async () => {
    const { h, on } = await harness();
    // The harness's clock stands at 2026-11-25 12:00Z; 03:00 Singapore is 19:00Z.
    const result = await h.call('list_discoveries', {
      next_run: '2026-11-25T18:00Z/2026-11-25T20:00Z',
    });
    expect(names(result)).toEqual([on['name']]);
    const sentence = '1 disabled job has a schedule in this window; left out, it will not run';
    expect(textOf(result)).toContain(sentence);
    expect(String(structured(result)['summary'])).toContain(sentence);
    expect(structured(result)['filters']).toMatchObject({ disabled_in_window: 1 });
    const counts = await h.call('list_discoveries', {
      next_run: '2026-11-25T18:00Z/2026-11-25T20:00Z',
      counts_only: true,
    });
    expect(textOf(counts)).toContain(sentence);
    expect(String(structured(counts)['summary'])).toContain(sentence);
    expect(structured(counts)['filters']).toMatchObject({ disabled_in_window: 1 });
  });

  // Failed on main: only jobs in a named zone carried next_run in structuredContent.
  it('every enabled scheduled job with a readable cron carries next_run, UTC ones included', async () => {
    const { h, discoveries } = await harness();
    const items = discoveriesOf(await h.call('list_discoveries', {}));
    const enabled = discoveries.filter((d) => {
      const run = d['run_type'] as Raw;
      return run['type'] === 'Scheduled' && run['enabled'] !== false;
    });
    expect(enabled.some((d) => (d['run_type'] as Raw)['timezone'] === null)).toBe(true);
    for (const d of enabled) {
      const item = items.find((i) => i.id === d['id']);
      expect(item?.['next_run'], String(d['name'])).toMatch(/^2026-11-2[56] \d\d:\d\dZ$/);
    }
    for (const item of items.filter((i) => i['enabled'] === false)) {
      expect(item).not.toHaveProperty('next_run');
    }
  });

  // Failed on main: "268 items read" left a model thinking half the network was missed.
  it('a filtered answer names what it read: all the discoveries of the daemon asked', async () => {
    const { h, discoveries } = await harness();
    const lab = discoveries.filter((d) => d['daemon_id'] === SAMPLE_DAEMONS.lab);
    const jobs = lab.filter((d) => (d['run_type'] as Raw)['type'] !== 'Historical');
    const result = await h.call('list_discoveries', {
      daemon_id: SAMPLE_DAEMONS.lab,
      run_type: 'Scheduled',
    });
    // 0.17.22 is asked for jobs alone (historical=false): the line says so.
    const read = version === '0.17.22' ? `${jobs.length} jobs` : `${lab.length} discoveries`;
    const line = new RegExp(`all ${read} of daemon "[^"]+" read`);
    expect(textOf(result).split('\n')[0]).toMatch(line);
    expect(String(structured(result)['summary'])).toMatch(line);
  });
});

// Failed on main: the counts said "14 not known (ran, no run record says how)" beside listed dates.
it('counts on 0.14.13 say a job that ran has no known outcome on this version, not "unknown"', async () => {
  const h = await start({ sample: { data: sampleData('0.14.13') } });
  const result = await h.call('list_discoveries', { counts_only: true });
  const text = textOf(result);
  expect(text).toContain('the outcome is not known on this Scanopy version');
  expect(text).not.toContain('not known (ran, no run record says how)');
  const counts = structured(result)['counts'] as { jobs: { last_run: Raw } };
  expect(Object.keys(counts.jobs.last_run).sort()).toEqual(['never', 'outcome_not_known']);
});

describe.each(['0.16.2', '0.17.22'])('found_by a run record on Scanopy %s', (version) => {
  // Failed on main: the record said 29 hosts found, list_hosts listed 20 and never said 29.
  it('both channels say what the record found, how many are listed, and why the rest are not', async () => {
    const data = sampleData(version);
    const record = data.discoveries.find((d) => d['id'] === INVENTORY_DISCOVERIES.labRun) as Raw;
    const results = (record['run_type'] as Raw)['results'] as Raw;
    results['hosts_discovered'] = 29;
    const h = await start({ sample: { data } });
    for (const fields of [undefined, 'name']) {
      const result = await h.call('list_hosts', {
        found_by: INVENTORY_DISCOVERIES.labRun,
        ...(fields ? { fields } : {}),
      });
      const sentence =
        "The run record says it found 29 hosts; 20 still name it as their first or last discovery and are listed. Scanopy keeps only each host's first and last discovery: the other 9 were touched again by a later run";
      expect(textOf(result)).toContain(sentence);
      const answer = structured(result);
      expect(answer['filters']).toMatchObject({ matched: 20, record_hosts_found: 29 });
      if (!fields) expect(String(answer['summary'])).toContain(sentence);
      else
        expect(answer['notes']).toEqual(
          expect.arrayContaining([expect.stringContaining(sentence)]),
        );
    }
  });
});
