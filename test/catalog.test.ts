// The tool catalog as clients see it: a tools/list snapshot, explicit safety hints, non-empty schemas.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../src/tools/catalog.js';
import { type Harness, startHarness } from './harness.js';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

let harness: Harness;
let tools: Tool[];

beforeAll(async () => {
  harness = await startHarness();
  tools = (await harness.client.listTools()).tools;
});

afterAll(async () => {
  await harness?.close();
});

describe('tools/list', () => {
  it('matches the committed snapshot', () => {
    const catalog = tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: tool.annotations,
      _meta: tool._meta,
    }));
    expect(catalog).toMatchSnapshot();
  });

  it('lists every tool of the catalog, and nothing else', () => {
    // The harness's client does not render apps: the app-only Confirm tool is not listed to it.
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ALL_TOOLS.filter((t) => !t.appOnly)
        .map((t) => t.name)
        .sort(),
    );
  });

  it('has a title and a description on every tool', () => {
    for (const tool of tools) {
      expect(tool.title, tool.name).toMatch(/\S/);
      // Directories read annotations.title: the same words as the top-level title, from one source.
      expect(tool.annotations?.title, tool.name).toBe(tool.title);
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(40);
    }
  });

  it('sets all four annotation hints explicitly as booleans on every tool', () => {
    for (const tool of tools) {
      for (const hint of HINTS) {
        expect(typeof tool.annotations?.[hint], `${tool.name}.${hint}`).toBe('boolean');
      }
    }
  });

  it('declares the closed world: every tool talks only to the user’s own service', () => {
    for (const tool of tools) expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
  });

  it('marks the read tools read-only and the write destructive and idempotent', () => {
    for (const tool of tools) {
      const definition = ALL_TOOLS.find((t) => t.name === tool.name);
      if (definition?.writes) {
        expect(tool.annotations, tool.name).toMatchObject({
          readOnlyHint: false,
          destructiveHint: true,
        });
      } else {
        expect(tool.annotations, tool.name).toMatchObject({
          readOnlyHint: true,
          destructiveHint: false,
        });
      }
    }
    const write = tools.find((tool) => tool.name === 'update_snmp_credential');
    expect(write?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    for (const name of ['list_discoveries', 'get_unseen_release_notes', 'get_version']) {
      expect(tools.find((tool) => tool.name === name)?.annotations?.readOnlyHint, name).toBe(true);
    }
  });

  it('has non-empty input and output schemas', () => {
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      const definition = ALL_TOOLS.find((t) => t.name === tool.name);
      const declaredInputs = Object.keys(definition?.inputSchema ?? {});
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort(), tool.name).toEqual(
        declaredInputs.sort(),
      );
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(Object.keys(tool.outputSchema?.properties ?? {}).length, tool.name).toBeGreaterThan(0);
    }
  });

  it('meets the directory rules on every tool, the app-only ones too: a title, one hint true', async () => {
    const apps = await startHarness({ apps: true });
    try {
      const listed = (await apps.client.listTools()).tools;
      expect(listed.map((tool) => tool.name).sort()).toEqual(ALL_TOOLS.map((t) => t.name).sort());
      for (const tool of listed) {
        expect(tool.annotations?.title, tool.name).toMatch(/\S/);
        const { readOnlyHint, destructiveHint } = tool.annotations ?? {};
        expect(readOnlyHint === true || destructiveHint === true, tool.name).toBe(true);
      }
    } finally {
      await apps.close();
    }
  });

  it('describes every input for the model', () => {
    for (const tool of tools) {
      for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${tool.name}.${name}`).toMatch(
          /\S/,
        );
      }
    }
  });

  it('gives list_discoveries and update_snmp_credential the contract inputs', () => {
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName.get('list_discoveries')?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['network_id', 'daemon_id', 'limit', 'offset']),
    );
    expect(byName.get('list_discoveries')?.inputSchema.required ?? []).toEqual([]);
    const update = byName.get('update_snmp_credential')?.inputSchema;
    expect(Object.keys(update?.properties ?? {})).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'organization_id',
        'community',
        'tags',
        'version',
        'confirmation_token',
      ]),
    );
    expect([...(update?.required ?? [])].sort()).toEqual(
      ['community', 'id', 'name', 'organization_id', 'tags'].sort(),
    );
    // The update replaces the whole record: the model must be told to pass the current name and tags.
    const description = byName.get('update_snmp_credential')?.description ?? '';
    expect(description).toMatch(/\bcurrent\b/);
    expect(description).toMatch(/\bname\b/);
    expect(description).toMatch(/\btags\b/);
    expect(description).toMatch(/\bkeep\b/);
  });
});
