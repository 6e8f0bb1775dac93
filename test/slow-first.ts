// vitest's file order for `npm test`: the files that take longest start first, so none of them is left running alone at the end of the run.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files of a whole run, longest first (`bash .ci/run` on a fresh clone, round 38:
 * outside-utc 75 s ... rate-limit 14 s; docs/testing.md has the figures). vitest's own
 * order puts the longest first only when its cache holds an earlier run's durations; a fresh clone
 * has none, and its fallback, larger files first, starts a short file of long child runs
 * (outside-utc) near the end.
 */
export const SLOWEST = [
  'outside-utc',
  'hosts-browser',
  'kept-inventory',
  'readme-snippets',
  'discoveries-browser',
  'oversized-host',
  'hosts-tab-browser',
  'any-date',
  'hosts',
  'changes-tab-browser',
  'hostile-names-browser',
  'rate-limit-per-key',
  'counts',
  'old-generation',
  'era',
  'attacks-http-keepalive',
  'rate-limit',
];

const rank = (file: TestSpecification) => {
  const at = SLOWEST.findIndex((name) => file.moduleId.endsWith(`/test/${name}.test.ts`));
  return at === -1 ? SLOWEST.length : at;
};

/** vitest's order, with the files of SLOWEST moved to the front in their order. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
