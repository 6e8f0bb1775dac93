// Every success of every tool carries structuredContent that fits the tool's declared outputSchema (Cursor fails a call with -32600 otherwise), on every sample version.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { SAMPLE_CREDENTIAL_ID, SAMPLE_VERSIONS, sampleData } from '../src/sample-api/data.js';
import { buildInventory, INVENTORY_DISCOVERIES } from '../src/sample-api/inventory-data.js';
import { useInventory } from '../src/sample-api/inventory-routes.js';
import { ALL_TOOLS } from '../src/tools/catalog.js';
import { APPROVAL_META_KEY } from '../src/views/common/app-view.js';
import { ensureBuilt } from './build-dist.js';
import { eraStdio } from './era-client.js';
import { startFakeApi } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { type Harness, type HarnessOptions, textOf, useHarness } from './harness.js';

const start = useHarness();

/** One success path: the harness it needs and how to reach it (some need a call before them). */
interface SuccessCase {
  readonly tool: string;
  readonly label: string;
  readonly options?: HarnessOptions;
  readonly args?: (h: Harness) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Versions this path exists on (all when unset). */
  readonly versions?: readonly string[];
}

const handleOf = async (h: Harness) => {
  const preview = await h.call('update_snmp_credential', updateArgs('every-Success-42'));
  const approval = preview._meta?.[APPROVAL_META_KEY] as { handle?: string } | undefined;
  return { approval: approval?.handle };
};

/** update_snmp_credential with one new community, confirmed (or not) as `options` say. */
const write = (label: string, options: HarnessOptions): SuccessCase => ({
  tool: 'update_snmp_credential',
  label,
  options,
  args: () => updateArgs('every-Success-42'),
});

const CASES: readonly SuccessCase[] = [
  { tool: 'list_discoveries', label: 'default page' },
  { tool: 'list_discoveries', label: 'next page', args: () => ({ limit: 2, offset: 2 }) },
  { tool: 'list_discoveries', label: 'past the end', args: () => ({ offset: 500 }) },
  { tool: 'list_discoveries', label: 'counts', args: () => ({ counts_only: true }) },
  { tool: 'list_discoveries', label: 'fields', args: () => ({ fields: ['name', 'last_outcome'] }) },
  { tool: 'list_discoveries', label: 'filtered', args: () => ({ run_type: 'Historical' }) },
  { tool: 'list_discoveries', label: 'nothing matches', args: () => ({ search: 'zzzz' }) },
  {
    tool: 'list_discoveries',
    label: 'cut to the budget',
    options: { maxResultBytes: 3_000 },
    args: () => ({ limit: 0 }),
  },
  { tool: 'list_hosts', label: 'default page' },
  { tool: 'list_hosts', label: 'counts', args: () => ({ counts_only: true }) },
  { tool: 'list_hosts', label: 'fields', args: () => ({ fields: 'name,ips', limit: 5 }) },
  {
    tool: 'list_hosts',
    label: 'found_by',
    args: () => ({ found_by: INVENTORY_DISCOVERIES.officeSweep, limit: 3 }),
  },
  {
    tool: 'list_hosts',
    label: 'found_by counts',
    args: () => ({ found_by: INVENTORY_DISCOVERIES.labRun, counts_only: true }),
  },
  { tool: 'list_hosts', label: 'nothing matches', args: () => ({ search: 'zzzz' }) },
  { tool: 'list_hosts', label: 'past the end', args: () => ({ offset: 100_000 }) },
  { tool: 'list_hosts', label: 'refresh', args: () => ({ refresh: true, limit: 1 }) },
  {
    tool: 'list_hosts',
    label: 'cut to the budget',
    options: { maxResultBytes: 3_000 },
    args: () => ({ limit: 0 }),
  },
  { tool: 'get_host', label: 'by name', args: () => ({ host: 'sw-2' }) },
  { tool: 'get_host', label: 'by address', args: () => ({ host: '10.0.1.2' }) },
  { tool: 'get_host', label: 'its later interfaces', args: () => ({ host: 'sw-2', offset: 1 }) },
  { tool: 'get_host', label: 'an ambiguous name', args: () => ({ host: 'db' }) },
  { tool: 'list_links', label: 'a network whole', args: () => ({ network: 'Office', limit: 0 }) },
  { tool: 'list_links', label: 'a host', args: () => ({ host: 'sw-2' }) },
  { tool: 'list_links', label: 'a path', args: () => ({ host: 'sw-2', path_to: 'sw-8' }) },
  { tool: 'list_links', label: 'counts', args: () => ({ counts_only: true }) },
  { tool: 'list_links', label: 'mermaid', args: () => ({ format: 'mermaid', limit: 5 }) },
  { tool: 'list_links', label: 'fields', args: () => ({ fields: 'a,a_port,b', limit: 5 }) },
  { tool: 'list_snmp_credentials', label: 'list' },
  { tool: 'list_snmp_credentials', label: 'one', args: () => ({ id: SAMPLE_CREDENTIAL_ID }) },
  write('preview with a token', { confirm: 'token' }),
  write('written after the form', { elicit: 'accept' }),
  write('declined in the form', { elicit: 'decline' }),
  write('preview for the app', { apps: true }),
  { tool: 'apply_snmp_rotation', label: 'pressed', options: { apps: true }, args: handleOf },
  { tool: 'cancel_snmp_rotation', label: 'pressed', options: { apps: true }, args: handleOf },
  { tool: 'get_unseen_release_notes', label: 'notes', versions: ['0.14.13'] },
  { tool: 'list_links', label: 'plain' },
  { tool: 'list_links', label: 'one port', args: () => ({ host: 'sw-2', interface: 'Gi0/2' }) },
  { tool: 'list_links', label: 'path_to', args: () => ({ host: 'sw-2', path_to: 'sw-152' }) },
  {
    tool: 'list_links',
    label: 'format mermaid',
    args: () => ({ network: 'Office', format: 'mermaid' }),
  },
  { tool: 'list_links', label: 'counts', args: () => ({ counts_only: true }) },
  { tool: 'list_links', label: 'fields', args: () => ({ fields: ['a', 'b', 'protocol'] }) },
  { tool: 'list_changes', label: 'since', args: () => ({ since: '2026-11-15' }) },
  { tool: 'list_changes', label: 'run', args: () => ({ run: INVENTORY_DISCOVERIES.labRun }) },
  { tool: 'list_changes', label: 'counts', args: () => ({ since: 'P7D', counts_only: true }) },
  {
    tool: 'list_changes',
    label: 'fields',
    args: () => ({ since: '2026-11-15', fields: 'change,name,at' }),
  },
  { tool: 'get_version', label: 'version' },
  { tool: 'get_version', label: 'demo mode', options: { demo: true } },
];

/** Sample data with two hosts named "db", so get_host's candidates path is reached. */
function dataOf(version: string) {
  const data = sampleData(version);
  const inventory = buildInventory();
  for (const host of inventory.hosts.filter((h) => h.name === 'db-4' || h.name === 'db-160')) {
    host.name = 'db';
  }
  useInventory(data, inventory);
  return data;
}

const ajv = new Ajv({ strict: false, allErrors: true });

describe('the cases cover the catalog', () => {
  it('name every tool a client that renders apps is offered, write included', async () => {
    const h = await start({ apps: true });
    const { tools } = await h.client.listTools();
    const covered = new Set(CASES.map((c) => c.tool));
    expect(tools.map((t) => t.name).filter((name) => !covered.has(name))).toEqual([]);
    expect(ALL_TOOLS.map((t) => t.name).filter((name) => !covered.has(name))).toEqual([]);
  });
});

/** Cases that can share one server and sample: the same harness options. */
const GROUPS: SuccessCase[][] = [];
{
  const byOptions = new Map<string, SuccessCase[]>();
  for (const c of CASES) {
    const key = JSON.stringify(c.options ?? {});
    const group = byOptions.get(key) ?? [];
    if (group.length === 0) GROUPS.push(group);
    group.push(c);
    byOptions.set(key, group);
  }
}

describe.each(SAMPLE_VERSIONS)('on Scanopy %s', (version) => {
  it.each(
    GROUPS.map((group) => [group.map((c) => `${c.tool}: ${c.label}`).join('; '), group] as const),
  )('%s: structuredContent fitting the outputSchema', async (_names, group) => {
    const h = await start({ sample: { data: dataOf(version) }, ...group[0]?.options });
    // Listing first makes the SDK client check structuredContent against the schema too.
    const { tools } = await h.client.listTools();
    for (const c of group) {
      if (c.versions && !c.versions.includes(version)) continue;
      const name = `${c.tool}: ${c.label}`;
      const listed = tools.find((t) => t.name === c.tool) as Tool | undefined;
      expect(listed?.outputSchema, name).toBeDefined();
      const args = c.args ? await c.args(h) : {};
      const result = (await h.client.callTool({ name: c.tool, arguments: args })) as CallToolResult;
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      expect(result.structuredContent, name).toBeTypeOf('object');
      const validate = ajv.compile(listed?.outputSchema ?? {});
      expect(
        validate(result.structuredContent),
        `${name}: ${JSON.stringify(validate.errors)}`,
      ).toBe(true);
      const definition = ALL_TOOLS.find((t) => t.name === c.tool);
      const parsed = z.object(definition?.outputSchema ?? {}).safeParse(result.structuredContent);
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`).toBe(
        true,
      );
    }
  });
});

// The same over stdio from the built server in the 2026-07-28 era (the in-memory cases speak
// 2025-11-25), form answered: the era's own form round trip ends in a success too.
describe.each(['modern'] as const)('over stdio, era %s', (mode) => {
  it('every tool a model is offered, and the write after its form', async () => {
    await ensureBuilt();
    const api = await startFakeApi({ data: dataOf('0.17.22') });
    const era = await eraStdio({ mode, form: 'accept', baseUrl: api.url });
    try {
      const { tools } = await era.client.listTools();
      const calls: [string, Record<string, unknown>][] = [
        ['list_discoveries', {}],
        ['list_discoveries', { counts_only: true }],
        ['list_hosts', { fields: ['name'], limit: 2 }],
        ['list_hosts', { counts_only: true }],
        ['get_host', { host: 'sw-2' }],
        ['get_host', { host: 'db' }],
        ['list_links', { network: 'Office', limit: 0 }],
        ['list_snmp_credentials', {}],
        ['get_version', {}],
        ['list_links', { host: 'sw-2', interface: 'Gi0/2' }],
        ['list_changes', { since: 'P7D', counts_only: true }],
        ['update_snmp_credential', updateArgs('every-Success-42')],
      ];
      const offered = tools.map((t) => t.name).filter((n) => n !== 'get_unseen_release_notes');
      expect(offered.filter((name) => !calls.some(([tool]) => tool === name))).toEqual([]);
      for (const [name, args] of calls) {
        const result = (await era.client.callTool({ name, arguments: args })) as CallToolResult;
        expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
        expect(result.structuredContent, name).toBeTypeOf('object');
      }
      expect(era.forms).toHaveLength(1);
    } finally {
      await era.close();
      await api.close();
    }
  }, 60_000);
});
