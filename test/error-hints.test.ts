// Every argument an error tells the model to call again with exists in that tool's input schema: unknown, ambiguous and unlistable names, bad dates, ranges and ids.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { SAMPLE_VERSIONS, sampleData } from '../src/sample-api/data.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();

/**
 * The argument names an error text suggests: "call again with X", "Pass X instead", "its id as
 * X", "X set to", "with X:" — snake_case words after those phrases. Tool names are not arguments.
 */
function suggested(text: string, tools: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  const patterns = [
    /\b(?:[Cc]all again with|[Pp]ass|its id as|id in|again with)\s+`?([a-z][a-z0-9]*(?:_[a-z0-9]+)*)`?/g,
    /\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+) set to the one meant/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const word = match[1] as string;
      // Ordinary words after "pass" ("pass one of them") are not argument names.
      if (!word.includes('_') && !['network', 'daemon', 'tag', 'ip', 'search'].includes(word))
        continue;
      if (!tools.has(word)) found.add(word);
    }
  }
  return [...found];
}

/** Calls that end in an error whose text suggests another call, per tool. */
const FAILING: Record<string, Record<string, unknown>[]> = {
  list_hosts: [
    { snmp_credential: 'No such credential' },
    { found_by: 'No such discovery' },
    { network: 'Basement' },
    { tag: 'no-such-tag' },
    { new_since: 'last tuesday' },
    { not_seen_since: '2026-13-45' },
    { ip: '10.0.0.0/33' },
    { network: 'Office', network_id: '7a8b9c0d-1e2f-4a3b-8c5d-6e7f8a9b0c1d' },
  ],
  list_discoveries: [
    { network: 'Basement' },
    { daemon: 'basement-pi' },
    { tag: 'no-such-tag' },
    { network: 'Office', network_id: '7a8b9c0d-1e2f-4a3b-8c5d-6e7f8a9b0c1d' },
  ],
  get_host: [{ host: 'no-such-host' }, { ip: '10.9.9.9' }],
};

describe.each(SAMPLE_VERSIONS)('error hints on Scanopy %s', (version) => {
  it('name only arguments the tool takes', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const tools = (await h.client.listTools()).tools;
    const names = new Set(tools.map((t) => t.name));
    let checked = 0;
    for (const [tool, calls] of Object.entries(FAILING)) {
      const schema = tools.find((t) => t.name === tool)?.inputSchema.properties ?? {};
      for (const args of calls) {
        const result = (await h.call(tool, args)) as CallToolResult;
        const text = textOf(result);
        if (!result.isError) continue;
        for (const argument of suggested(text, names)) {
          expect(Object.keys(schema), `${tool} ${JSON.stringify(args)}: ${text}`).toContain(
            argument,
          );
          checked++;
        }
      }
    }
    // The errors above do suggest arguments: the check is not vacuous.
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it('an unknown SNMP credential or discovery name asks for its id in the same argument', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const credential = textOf(await h.call('list_hosts', { snmp_credential: 'Nope' }));
    expect(credential).toMatch(/No SNMP credential is named "Nope"/);
    expect(credential).toContain('its id as snmp_credential;');
    expect(credential).not.toContain('snmp_credential_id');
    const found = textOf(await h.call('list_hosts', { found_by: 'Nope' }));
    expect(found).toContain('its id as found_by;');
    expect(found).not.toContain('found_by_id');
  });
});

describe('the suggestion reader', () => {
  it('finds the arguments an error names, and not ordinary words', () => {
    const tools = new Set(['list_discoveries']);
    expect(
      suggested(
        'Call again with one of these names or its id as snmp_credential_id; Pass network_id instead; with network_id set to the one meant; pass one of them; list_discoveries with counts_only: true',
        tools,
      ).sort(),
    ).toEqual(['network_id', 'snmp_credential_id']);
  });
});
