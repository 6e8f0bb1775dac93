// src/mcp/tool-listing.json, what tools/list sends, matches the live tool definitions.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOOL_LISTING_PATH, toolListing } from '../scripts/tool-listing.js';
import { ALL_TOOLS } from '../src/tools/catalog.js';
import { useHarness } from './harness.js';

const start = useHarness();

describe('the generated tool listing', () => {
  it('is what the definitions convert to (run `npm run listing` when this fails)', () => {
    const generated: unknown = JSON.parse(readFileSync(TOOL_LISTING_PATH, 'utf8'));
    expect(generated).toEqual(toolListing(ALL_TOOLS));
  });

  it('is what a client receives, without the write tools in read-only mode', async () => {
    const generated = JSON.parse(readFileSync(TOOL_LISTING_PATH, 'utf8')) as { name: string }[];
    const apps = await start({ apps: true });
    expect((await apps.client.listTools()).tools).toEqual(generated);
    const readOnly = await start({ readOnly: true, apps: true });
    const writes = new Set(ALL_TOOLS.filter((tool) => tool.writes).map((tool) => tool.name));
    expect(writes.size).toBeGreaterThan(0);
    expect((await readOnly.client.listTools()).tools).toEqual(
      generated.filter((tool) => !writes.has(tool.name)),
    );
  });

  it('leaves the app-only tools out for a client that does not render apps', async () => {
    const generated = JSON.parse(readFileSync(TOOL_LISTING_PATH, 'utf8')) as { name: string }[];
    const appOnly = new Set(ALL_TOOLS.filter((tool) => tool.appOnly).map((tool) => tool.name));
    expect(appOnly.size).toBeGreaterThan(0);
    const plain = await start();
    expect((await plain.client.listTools()).tools).toEqual(
      generated.filter((tool) => !appOnly.has(tool.name)),
    );
  });
});
