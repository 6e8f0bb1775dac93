// list_discoveries' tests share these: the sample with realistic discoveries, a raw item's parts, and the ids and structured part of an answer.
import { sampleData } from '../src/sample-api/data.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { discoveriesOf } from './harness.js';

/** A raw discovery as the service sends it. */
export type Raw = Record<string, unknown>;
/** Its run_type: the job's schedule, or a run record's results. */
export const run = (d: Raw) => d['run_type'] as Raw;

/** The harness's options for a sample of `version` holding `count` realistic discoveries. */
export const realistic = (version: string, count = 137) => ({
  sample: { data: { ...sampleData(version), discoveries: realisticDiscoveries(count) } },
});

type Answer = { readonly structuredContent?: unknown };
export const structured = (result: Answer) =>
  (result.structuredContent ?? {}) as Record<string, unknown>;
export const idsOf = (result: Answer) => discoveriesOf(result).map((d) => String(d.id));
