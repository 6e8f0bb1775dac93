// Common questions leave ICU unloaded: listing hosts, one host and the SNMP credentials compare RFC 3339 times by code unit, never with localeCompare, whose first use loads ICU's collation data (~3 MB resident for the process's life, docs/performance.md).
import { describe, expect, it, vi } from 'vitest';
import { sampleData } from '../src/sample-api/data.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();

/**
 * The stacks of localeCompare calls from here on, the sample API's own left out (it runs in this
 * process); the spy is undone after the test.
 */
function localeCompares(): string[] {
  const real = String.prototype.localeCompare;
  const stacks: string[] = [];
  vi.spyOn(String.prototype, 'localeCompare').mockImplementation(function (
    this: string,
    ...args: Parameters<string['localeCompare']>
  ) {
    const stack = new Error().stack ?? '';
    if (!stack.includes('/src/sample-api/')) stacks.push(stack);
    return real.apply(this, args);
  });
  return stacks;
}

describe('questions that need no collation', () => {
  it.each(['0.14.13', '0.16.2', '0.17.22'])(
    'Scanopy %s: list_hosts, get_host and list_snmp_credentials call no localeCompare',
    async (version) => {
      const h = await start({ sample: { data: sampleData(version) } });
      const calls = localeCompares();
      for (const [tool, args] of [
        ['list_hosts', {}],
        ['list_hosts', { port: 23 }],
        ['get_host', { host: 'office-gw' }],
        ['list_snmp_credentials', {}],
      ] as const) {
        const result = await h.call(tool, args);
        expect(result.isError, textOf(result)).toBeFalsy();
      }
      expect(calls).toEqual([]);
      // The spy sees a call: a host count sorts host names for people, with collation.
      await h.call('list_hosts', { counts_only: true });
      expect(calls.length).toBeGreaterThan(0);
    },
  );
});
