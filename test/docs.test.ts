// The README's generated tables match the live tool and configuration definitions.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configTable, README_PATH, renderReadme, testsTable, toolsTable } from '../scripts/docs.js';
import { ENV_DOCS } from '../src/cli/usage.js';
import { ALL_TOOLS } from '../src/tools/catalog.js';

describe('README tables', () => {
  it('are up to date (run `npm run docs` when this fails)', () => {
    const readme = readFileSync(README_PATH, 'utf8');
    expect(renderReadme(readme)).toBe(readme);
  });

  it('have a row for every tool, with its title and every input', () => {
    const table = toolsTable();
    for (const tool of ALL_TOOLS) {
      const row = table.split('\n').find((line) => line.startsWith(`| \`${tool.name}\` |`));
      expect(row, tool.name).toBeDefined();
      expect(row).toContain(tool.title);
      for (const input of Object.keys(tool.inputSchema)) expect(row).toContain(`\`${input}\``);
    }
  });

  it('marks the write as destructive and the reads as read-only', () => {
    const rows = toolsTable().split('\n');
    const write = rows.find((r) => r.includes('`update_snmp_credential`'));
    expect(write).toMatch(/destructive/);
    expect(write).toContain('`id` (UUID, required)');
    expect(write).toContain('`tags` (array of UUID, required)');
    expect(rows.find((r) => r.includes('`get_version`'))).toMatch(/read-only/);
    expect(rows.find((r) => r.includes('`list_discoveries`'))).toMatch(
      /`limit` \(integer 0\.\.1000, optional, default 50\)/,
    );
  });

  it('list every test file with the purpose its header comment states', () => {
    const rows = testsTable().split('\n').slice(2);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows).toContainEqual(
      expect.stringMatching(/^\| `test\/docs\.test\.ts` \| The README's generated tables/),
    );
    for (const row of rows) expect(row).toMatch(/^\| `test\/[\w-]+\.test\.ts` \| \S.+ \|$/);
  });

  it('list every variable, the base URL alone required, the credentials secret', () => {
    const rows = configTable().split('\n');
    const row = (name: string) => rows.find((r) => r.startsWith(`| \`${name}\` |`));
    for (const name of Object.keys(ENV_DOCS)) expect(row(name), name).toBeDefined();
    expect(row('NETWORK_DISCOVERY_BASE_URL')).toMatch(/^\| `\w+` \| yes \| no \|/);
    expect(row('NETWORK_DISCOVERY_API_KEY')).toMatch(/^\| `\w+` \| no \| yes \|/);
    expect(row('NETWORK_DISCOVERY_SESSION_ID')).toMatch(/^\| `\w+` \| no \| yes \|/);
    expect(row('NETWORK_DISCOVERY_READ_ONLY')).toMatch(/^\| `\w+` \| no \| no \|/);
    expect(row('NETWORK_DISCOVERY_TIMEOUT_MS')).toMatch(/^\| `\w+` \| no \| no \|.*30000/);
    expect(rows.filter((r) => /^\| `\w+` \| yes \|/.test(r))).toHaveLength(1);
  });

  it('replaces only what lies between the markers', () => {
    const readme = [
      'intro',
      '<!-- tools-table:start -->',
      'stale',
      '<!-- tools-table:end -->',
      'middle',
      '<!-- config-table:start -->',
      '<!-- config-table:end -->',
      '<!-- tests-table:start -->',
      '<!-- tests-table:end -->',
      'outro',
    ].join('\n');
    const rendered = renderReadme(readme);
    expect(rendered.startsWith('intro\n<!-- tools-table:start -->\n| Tool |')).toBe(true);
    expect(rendered).not.toContain('stale');
    expect(rendered).toContain('<!-- tools-table:end -->\nmiddle\n<!-- config-table:start -->');
    expect(rendered.endsWith('<!-- tests-table:end -->\noutro')).toBe(true);
    expect(renderReadme(rendered)).toBe(rendered);
    expect(() => renderReadme('no markers')).toThrow(/markers/);
  });
});
