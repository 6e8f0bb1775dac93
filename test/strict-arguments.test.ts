// Every tool refuses an argument it does not know, naming it and the ones it takes, through a real MCP client.
import { describe, expect, it } from 'vitest';
import listing from '../src/mcp/tool-listing.json' with { type: 'json' };
import { ALL_TOOLS } from '../src/tools/catalog.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();

describe.each(ALL_TOOLS.map((tool) => [tool.name, tool] as const))('%s', (name, tool) => {
  it('refuses an unknown argument by name, lists the known ones, and calls nothing', async () => {
    const h = await start();
    const result = await h.call(name, { tagg: 'lab' });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain(`${name} has no argument "tagg"`);
    for (const known of Object.keys(tool.inputSchema)) expect(text).toContain(known);
    if (Object.keys(tool.inputSchema).length === 0) expect(text).toContain('takes no arguments');
    expect(h.api.requests.filter((r) => r.path !== '/api/version')).toEqual([]);
  });

  it('says so in the listing: additionalProperties is false', () => {
    // The generated listing: what tools/list sends (app-only tools are listed to the host alone).
    const listed = (listing as { name: string; inputSchema: Record<string, unknown> }[]).find(
      (t) => t.name === name,
    );
    expect(listed?.inputSchema['additionalProperties']).toBe(false);
  });
});

describe('list_discoveries', () => {
  it('the model that passed a filter it did not have is told, not answered with everything', async () => {
    const h = await start();
    const result = await h.call('list_discoveries', { tags: 'lab', colour: 'red' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('has no arguments "tags", "colour"');
    expect(textOf(result)).toContain('tag');
  });

  it('a hostile argument name is one short line in the refusal', async () => {
    const h = await start();
    const result = await h.call('list_discoveries', { [`x\n${'y'.repeat(500)}`]: 1 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).not.toContain('\ny');
    expect(textOf(result).length).toBeLessThan(700);
  });
});
