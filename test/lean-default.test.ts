// The default list_discoveries answer stays lean (issue 30 item 6) and loses nothing: every fact of a page of 50 reachable from structuredContent alone, the text standing alone beside it, the view's schedule words in _meta.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { SAMPLE_TAGS, SAMPLE_VERSIONS, sampleData } from '../src/sample-api/data.js';
import { sampleNames, UNUSED_TAG_ID } from '../src/sample-api/names-data.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { SCHEDULE_WORDS_META_KEY, scheduleWordsKey } from '../src/views/common/app-meta.js';
import { TEST_API_KEY } from './fake-api.js';
import { DISCOVERY_BUCKETS, type Harness, textOf, useHarness } from './harness.js';

const start = useHarness();
type Raw = Record<string, unknown>;
type Item = Raw & { id: string; tags?: string[] };

/** The service's own page, as the tool read it. */
async function rawItems(h: Harness, version: string): Promise<Raw[]> {
  const response = await fetch(new URL('/api/v1/discovery?limit=50&offset=0', h.api.url), {
    headers: { authorization: `Bearer ${TEST_API_KEY}` },
  });
  const items = ((await response.json()) as { data: Raw[] }).data;
  expect(items, version).toHaveLength(50);
  return items;
}

/** Each item read straight from structuredContent, with the key it sits under and its group. */
function placed(result: CallToolResult) {
  const groups = (result.structuredContent as { groups: Raw[] }).groups;
  return groups.flatMap((group) =>
    DISCOVERY_BUCKETS.flatMap(([key, runType]) =>
      ((group[key] ?? []) as Item[]).map((item) => ({ item, key, runType, group })),
    ),
  );
}

const tagNamesOf = (result: CallToolResult) =>
  ((result.structuredContent as { tag_names?: Record<string, string> }).tag_names ?? {}) as Record<
    string,
    string
  >;

/** The sample's tag names by id, lower-cased (the realistic items write some ids in capitals). */
const SAMPLE_TAG_NAMES = new Map(
  sampleNames().tags.map((t) => [String(t['id']).toLowerCase(), String(t['name'])]),
);

describe.each(SAMPLE_VERSIONS)('a default page of 50 on Scanopy %s', (version) => {
  it('holds every fact in structuredContent alone: run type by key, tags by name, cron with its zone', async () => {
    const h = await start({
      sample: { data: { ...sampleData(version), discoveries: realisticDiscoveries(200) } },
    });
    const result = await h.call('list_discoveries');
    const raw = await rawItems(h, version);
    const shown = new Map(placed(result).map((p) => [p.item.id, p]));
    const tagNames = tagNamesOf(result);
    const nameOfId = new Map(Object.entries(tagNames).map(([id, n]) => [id.toLowerCase(), n]));
    // One entry per tag, whatever case the service wrote its id in.
    expect(Object.keys(tagNames)).toHaveLength(2);
    expect(shown.size).toBe(50);
    for (const d of raw) {
      const p = shown.get(String(d['id']));
      const run = d['run_type'] as Raw;
      expect(p, String(d['id'])).toBeDefined();
      if (!p) continue;
      const { item, runType, group } = p;
      expect(item['name']).toBe(d['name']);
      expect(item['discovery_type']).toBe((d['discovery_type'] as Raw)['type']);
      expect(group['network_id']).toBe(d['network_id'] ?? d['site_id']);
      expect(group['daemon_id']).toBe(d['daemon_id']);
      // The key says the run type: no item repeats it, none says run_record.
      expect(runType).toBe(run['type']);
      expect(item).not.toHaveProperty('run_type');
      expect(item).not.toHaveProperty('run_record');
      // Each of the service's tags by its name, which tag_names leads back to its id.
      const tags = (d['tags'] ?? []) as string[];
      expect(item.tags ?? []).toEqual(tags.map((id) => SAMPLE_TAG_NAMES.get(id.toLowerCase())));
      for (const id of tags) expect(nameOfId.get(id.toLowerCase())).toBe(item.tags?.[0]);
      if (run['type'] === 'Scheduled') {
        // The cron as written and its zone (UTC where none is given); the words are the text's.
        expect(item['cron_schedule']).toBe(run['cron_schedule']);
        expect(item['timezone']).toBe(run['timezone'] ?? 'UTC');
        expect(item['enabled']).toBe(run['enabled']);
        expect(item).not.toHaveProperty('schedule');
      }
    }
  });

  it('still gives the text reader every tag by name and every schedule in words', async () => {
    const h = await start({
      sample: { data: { ...sampleData(version), discoveries: realisticDiscoveries(200) } },
    });
    const text = textOf(await h.call('list_discoveries'));
    const raw = await rawItems(h, version);
    for (const d of raw) {
      const line = text.split('\n').find((l) => l.includes(`; ${String(d['id'])}; `)) ?? '';
      for (const id of (d['tags'] ?? []) as string[]) {
        expect(line).toContain(`"${SAMPLE_TAG_NAMES.get(id.toLowerCase())}"`);
      }
      const run = d['run_type'] as Raw;
      if (run['type'] === 'Scheduled') {
        const hour = String(run['cron_schedule']).split(' ')[1]?.padStart(2, '0');
        expect(line).toContain(`daily at ${hour}:00 ${String(run['timezone'] ?? 'UTC')}`);
      }
    }
  });
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Checks a list_discoveries result's schedule words in `_meta` against its text, item by item: the
 * map holds the page's schedules only, each once; returns how many jobs and entries there were.
 */
function checkScheduleWords(result: CallToolResult) {
  const words = result._meta?.[SCHEDULE_WORDS_META_KEY] as Record<string, unknown> | undefined;
  expect(words).toBeDefined();
  const lines = textOf(result).split('\n');
  const keys = new Set<string>();
  let scheduled = 0;
  for (const { item } of placed(result)) {
    const cron = item['cron_schedule'];
    if (typeof cron !== 'string') continue;
    scheduled++;
    const key = scheduleWordsKey(cron, String(item['timezone']));
    keys.add(key);
    const said = words?.[key];
    expect(said, key).toEqual(expect.stringMatching(/\S/));
    // The same words the text channel shows for this job, between its other parts.
    const line = lines.find((l) => l.includes(`; ${item.id}; `)) ?? '';
    expect(line).toMatch(new RegExp(`(?:; |DISABLED: )${escaped(String(said))}(?:; |$)`));
  }
  expect(scheduled).toBeGreaterThan(0);
  expect(Object.keys(words ?? {}).sort()).toEqual([...keys].sort());
  // structuredContent is as lean as before: the cron and its zone, no words.
  const json = JSON.stringify(result.structuredContent);
  for (const said of Object.values(words ?? {})) expect(json).not.toContain(String(said));
  expect(json).not.toContain(SCHEDULE_WORDS_META_KEY);
  return { scheduled, entries: keys.size };
}

describe.each(SAMPLE_VERSIONS)("the view's schedules in words on Scanopy %s", (version) => {
  it("are in _meta, once per cron and zone, the text's words for each job; structuredContent keeps none", async () => {
    const h = await start({
      sample: { data: { ...sampleData(version), discoveries: realisticDiscoveries(200) } },
    });
    checkScheduleWords(await h.call('list_discoveries'));
    // Schedules repeat over a longer page (the budget cuts it): each is said once.
    const { scheduled, entries } = checkScheduleWords(
      await h.call('list_discoveries', { limit: 0 }),
    );
    expect(entries).toBeLessThan(scheduled);
  });
});

describe('a page without schedules', () => {
  it('has no schedule words in _meta', async () => {
    const h = await start();
    const result = await h.call('list_discoveries', { run_type: 'Historical' });
    expect(placed(result).length).toBeGreaterThan(0);
    expect(result._meta?.[SCHEDULE_WORDS_META_KEY]).toBeUndefined();
  });
});

describe('a tag name that could be read as something else goes by its id', () => {
  it('two tags sharing a name (ignoring case), and a tag the lists do not name', async () => {
    const names = sampleNames();
    (names.tags[1] as { name: string }).name = 'CORE';
    const data = sampleData();
    const [first] = data.discoveries as Raw[];
    // UNUSED_TAG_ID is in no list of the sample's: its name is unknown.
    if (first) first['tags'] = [SAMPLE_TAGS.core, SAMPLE_TAGS.printers, UNUSED_TAG_ID];
    const h = await start({ sample: { data, names: { names } } });
    const result = await h.call('list_discoveries');
    const item = placed(result).find((p) => p.item.id === first?.['id'])?.item;
    expect(item?.tags).toEqual([SAMPLE_TAGS.core, SAMPLE_TAGS.printers, UNUSED_TAG_ID]);
    // Both names once, by id; the tag no list names has no entry, and stays an id.
    expect(tagNamesOf(result)).toEqual({
      [SAMPLE_TAGS.core]: 'core',
      [SAMPLE_TAGS.printers]: 'CORE',
    });
    // The text quotes each name, and leaves the unnamed tag its id.
    expect(textOf(result)).toContain(`tags "core", "CORE", ${UNUSED_TAG_ID}`);
  });
});
