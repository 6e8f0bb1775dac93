// Run records, schedules (in words; as cron and zone) and linked outcomes, in both channels, on each sample Scanopy version.
import { describe, expect, it } from 'vitest';
import { SAMPLE_VERSIONS, sampleData } from '../src/sample-api/data.js';
import { discoveriesOf, textOf, useHarness } from './harness.js';

const start = useHarness();

/** The sample's ids: a failed run record of job 6666…, a scheduled job with a time zone, one without. */
const RECORD = '55555555-5555-4555-8555-555555555555';
const JOB = '66666666-6666-4666-8666-666666666666';
const BERLIN = '11111111-1111-4111-8111-111111111111';

/** The list line of one item: its id is the line's second field. */
const lineOf = (text: string, id: string) =>
  text.split('\n').find((line) => line.startsWith('- ') && line.includes(`; ${id}; `));

describe.each(SAMPLE_VERSIONS)('Scanopy %s', (version) => {
  const linked = version !== '0.14.13';

  it('labels a Historical item a run record and gives schedules with the zone or UTC', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const result = await h.call('list_discoveries', { limit: 0 });
    const text = textOf(result);
    const items = discoveriesOf(result);
    const byId = (id: string) => items.find((item) => item.id === id);

    expect(lineOf(text, RECORD)).toMatch(/; run record: FAILED 40% "daemon lost connection"/);
    // The structured channel holds run records apart, under their group's run_records.
    const groups = (result.structuredContent as { groups: Record<string, { id: string }[]>[] })
      .groups;
    expect(groups.flatMap((g) => g['run_records'] ?? []).map((r) => r.id)).toContain(RECORD);
    expect(groups.flatMap((g) => g['scheduled'] ?? []).map((r) => r.id)).not.toContain(RECORD);
    expect(text).toMatch(/^# Discoveries 1-\d+ of \d+: \d+ jobs, \d+ run records?$/m);

    expect(lineOf(text, BERLIN)).toContain('; daily at 03:00 Europe/Berlin;');
    expect(byId(BERLIN)).toMatchObject({ cron_schedule: '0 3 * * *', timezone: 'Europe/Berlin' });
    // No time zone given: Scanopy reads the schedule as UTC, and both channels say so.
    expect(lineOf(text, JOB)).toContain('every 6 hours (UTC)');
    expect(byId(JOB)?.['timezone']).toBe('UTC');
  });

  it(
    linked
      ? "shows a job's last run from its newest run record, in both channels"
      : 'says once that outcomes live only in run records',
    async () => {
      const h = await start({ sample: { data: sampleData(version) } });
      const result = await h.call('list_discoveries', { limit: 0 });
      const text = textOf(result);
      const job = discoveriesOf(result).find((item) => item.id === JOB);
      if (linked) {
        expect(lineOf(text, RECORD)).toContain(`of job ${JOB}`);
        expect(lineOf(text, JOB)).toContain('last run FAILED "daemon lost connection"');
        // The record proves the job ran: its line does not also say "never run".
        expect(lineOf(text, JOB)).not.toContain('never run');
        expect(job?.['last_outcome']).toMatchObject({ phase: 'Failed', record_id: RECORD });
      } else {
        expect(text).toContain('Run outcomes are on run records only');
        expect(job?.['last_outcome']).toBeUndefined();
        expect(lineOf(text, JOB)).toContain('never run');
      }
    },
  );
});
