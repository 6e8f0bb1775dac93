// The docs' generated tables match the live definitions, and docs/performance.md holds the bench table's place and shape.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatTable } from '../bench/lib/result.js';
import packageJson from '../package.json' with { type: 'json' };
import {
  benchSection,
  configTable,
  GENERATED_DOCS,
  PERFORMANCE_PATH,
  README_PATH,
  renderReadme,
  renderTesting,
  replaceBetween,
  TESTING_PATH,
  testsTable,
  toolsTable,
  withBenchRows,
} from '../scripts/docs.js';
import { NEWEST_KNOWN_VERSION, OLDEST_KNOWN_VERSION } from '../src/api/families/service-profile.js';
import { ENV_DOCS } from '../src/cli/usage.js';
import { ALL_TOOLS } from '../src/tools/catalog.js';

describe('generated tables', () => {
  it('are up to date in every document (run `npm run docs` when this fails)', () => {
    expect(GENERATED_DOCS.map((doc) => doc.path)).toEqual([README_PATH, TESTING_PATH]);
    for (const { path, render } of GENERATED_DOCS) {
      const text = readFileSync(path, 'utf8');
      expect(render(text), path).toBe(text);
    }
  });

  it('leave the README a front door: at most 400 lines, nothing outside the repository', () => {
    const readme = readFileSync(README_PATH, 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
    expect(readme).not.toContain(['..', 'shared'].join('/'));
    for (const doc of ['design', 'security', 'performance', 'testing', 'upstream']) {
      expect(readme).toContain(`](docs/${doc}.md`);
    }
  });

  it('open the README with requirements, the two commands, the installs, then privacy further down', () => {
    const readme = readFileSync(README_PATH, 'utf8');
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings.slice(0, 3)).toEqual(['Requirements', 'Try it, test it', 'Install']);
    expect(headings).toContain('Privacy');
    // GitHub's anchors: lower case, punctuation dropped, spaces as hyphens.
    const anchors = [...readme.matchAll(/^#+ (.+)$/gm)].map((m) =>
      (m[1] as string)
        .toLowerCase()
        .replace(/[^\w\s-]/g, '')
        .replace(/\s/g, '-'),
    );
    for (const [, anchor] of readme.matchAll(/\]\(#([\w-]+)\)/g)) {
      expect(anchors, `#${anchor}`).toContain(anchor);
    }
  });

  it('hold in their first 60 lines the demo, the Inspector check and the Claude Code install, after a first paragraph of what the server does today', () => {
    const readme = readFileSync(README_PATH, 'utf8');
    const top = readme.split('\n').slice(0, 60).join('\n');
    for (const line of ['npm ci && npm run demo', 'inspector-cli', 'claude mcp add -s user']) {
      expect(top).toContain(line);
    }
    const first = readme.split(/\n\n/)[1] ?? '';
    expect(first).toMatch(/^An MCP server/);
    // No Scanopy release serves release notes: the opening promises only what answers today.
    expect(first).not.toMatch(/release notes/i);
    for (const thing of ['discover', 'hosts', 'SNMP', 'confirms']) expect(first).toContain(thing);
  });

  it('say how long `npm test` takes, in minutes on a 2-core machine', () => {
    const readme = readFileSync(README_PATH, 'utf8');
    expect(readme).toMatch(/^npm test\s+#.*\b\d+(?:-\d+)? min on a 2-core machine/m);
  });

  it("state the requirements as the code has them: Node, Scanopy versions, the key's permissions", () => {
    const readme = readFileSync(README_PATH, 'utf8');
    const section = /^## Requirements\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
    const requirements = section.replace(/\s+/g, ' ');
    const node = String(packageJson.engines.node).replace(/^>=/, '');
    expect(requirements).toContain(`**Node.js ${node} or newer**`);
    const oldest = OLDEST_KNOWN_VERSION.split('.').slice(0, 2).join('.');
    expect(requirements).toContain(`**Scanopy ${oldest} to ${NEWEST_KNOWN_VERSION}**`);
    // Scanopy's own words: its OpenAPI names the key's place and its permission levels.
    expect(requirements).toContain('"Create in Platform > API Keys"');
    for (const role of ['**Viewer**', '**Admin**', '**Owner**', '`scp_u_...`']) {
      expect(requirements).toContain(role);
    }
  });

  it('put tools and settings in the README, the test files in docs/testing.md', () => {
    const readme = readFileSync(README_PATH, 'utf8');
    expect(readme).toContain('<!-- tools-table:start -->');
    expect(readme).toContain('<!-- config-table:start -->');
    expect(readme).not.toContain('<!-- tests-table:start -->');
    expect(readFileSync(TESTING_PATH, 'utf8')).toContain('<!-- tests-table:start -->');
  });

  it('have a row for every tool offered to the model, with its title and every input', () => {
    const table = toolsTable();
    for (const tool of ALL_TOOLS.filter((t) => !t.appOnly)) {
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
      expect.stringMatching(/^\| `test\/docs\.test\.ts` \| The docs' generated tables/),
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
      'outro',
    ].join('\n');
    const rendered = renderReadme(readme);
    expect(rendered.startsWith('intro\n<!-- tools-table:start -->\n| Tool |')).toBe(true);
    expect(rendered).not.toContain('stale');
    expect(rendered).toContain('<!-- tools-table:end -->\nmiddle\n<!-- config-table:start -->');
    expect(rendered.endsWith('<!-- config-table:end -->\noutro')).toBe(true);
    expect(renderReadme(rendered)).toBe(rendered);
    expect(() => renderReadme('no markers')).toThrow(/markers/);
    const testing = renderTesting(
      'a\n<!-- tests-table:start -->\nold\n<!-- tests-table:end -->\nb',
    );
    expect(testing).toMatch(/^a\n<!-- tests-table:start -->\n\| File \| Covers \|/);
    expect(testing.endsWith('<!-- tests-table:end -->\nb')).toBe(true);
  });
});

/**
 * The rows of the bench section between the markers, split into trimmed cells; `again` holds the
 * lines between the stamp and the table that say which targets a later `--write` run measured.
 */
function benchRows(doc: string): { stamp: string; again: string[]; rows: string[][] } {
  const start = '<!-- bench-table:start -->\n';
  const from = doc.indexOf(start);
  const to = doc.indexOf('\n<!-- bench-table:end -->');
  expect(from, 'bench-table markers').toBeGreaterThan(-1);
  expect(to).toBeGreaterThan(from);
  const [stamp = '', ...rest] = doc.slice(from + start.length, to).split('\n');
  const blank = rest.indexOf('');
  const again = rest.slice(0, blank);
  const lines = rest.slice(blank + 1);
  for (const line of again) {
    expect(line).toMatch(
      /^Targets? [\d, ]+ measured again by `npm run bench -- [\d ]+ --write` on \d{4}-\d\d-\d\d \d\d:\d\d UTC: .+\.$/,
    );
  }
  const rows = lines.map((line) => {
    expect(line).toMatch(/^\| .* \|$/);
    return line
      .slice(2, -2)
      .split(' | ')
      .map((cell) => cell.trim());
  });
  return { stamp, again, rows };
}

describe('docs/performance.md bench table (written by npm run bench, never pasted)', () => {
  const doc = readFileSync(PERFORMANCE_PATH, 'utf8');

  it('sits between the markers with a stamp, a header, a rule and one row per target', () => {
    const { stamp, rows } = benchRows(doc);
    expect(stamp).toMatch(
      /^Measured by `npm run bench` on \d{4}-\d\d-\d\d \d\d:\d\d UTC: .+ Node \d+\.\d+\.\d+\.$/,
    );
    expect(rows[0]).toEqual(['Target', 'Figure', 'Held to', 'Result', 'Detail']);
    expect(rows[1]?.every((cell) => /^-+$/.test(cell))).toBe(true);
    const targets = rows.slice(2);
    expect(targets.map((row) => row[0]?.split(' ')[0])).toEqual([
      '1.',
      '1b.',
      '1c.', // against the SDK v2 floor
      '2.', // on 0.14.13
      '2.', // on 0.17.22
      '3.',
      '4.',
      '5.',
      '6.',
      '7.',
      '8.',
      '9.',
      '10.',
      '11.',
      '12.',
      '13.',
      '14.', // target 2 in the 2026-07-28 era, on 0.14.13
      '14.', // on 0.17.22
      '15.', // list_changes at 20,000 hosts
      '16.', // list_links at 3,000 and 20,000 hosts
    ]);
    for (const row of targets) {
      expect(row).toHaveLength(5);
      expect(['pass', 'FAIL']).toContain(row[3]);
    }
  });

  it('has the shape bench/run.ts writes (the same parser reads a freshly generated section)', () => {
    const table = formatTable([
      { name: '1. Start-up', figure: '2x', target: '<= 1.8x', pass: false, detail: 'median of 20' },
      { name: '4. Catalog', figure: '6979 bytes', target: '<= 7000 bytes', pass: true },
    ]);
    const section = benchSection(
      table,
      new Date('2026-11-24T21:30:00Z'),
      'Linux x64, Node 20.20.2',
    );
    const written = replaceBetween(doc, 'bench-table', section);
    const { stamp, rows } = benchRows(written);
    expect(stamp).toBe(
      'Measured by `npm run bench` on 2026-11-24 21:30 UTC: Linux x64, Node 20.20.2.',
    );
    expect(rows.map((row) => row[0])).toEqual([
      'Target',
      rows[1]?.[0],
      '1. Start-up',
      '4. Catalog',
    ]);
    expect(written.replace(section, '')).toBe(doc.replace(benchSectionOf(doc), ''));
  });

  it('with `npm run bench -- 5 --write`, target 5 rows replace theirs, every other row as it was', () => {
    const table = formatTable([
      { name: '1. Start-up', figure: '2x', target: '<= 1.8x', pass: false, detail: 'median of 20' },
      { name: '5. Result size', figure: '45%', target: '<= 40%', pass: false },
      { name: '6. Big answers', figure: '70 kB', target: '<= 100 kB', pass: true },
    ]);
    const before = replaceBetween(
      doc,
      'bench-table',
      benchSection(table, new Date('2026-11-24T21:30:00Z'), 'Linux x64, Node 20.20.2'),
    );
    const five = { name: '5. Result size', figure: '39%', target: '<= 40%', pass: true };
    const after = withBenchRows(before, [five], [5], new Date('2026-11-27T20:00:00Z'), 'Node 20');
    const { stamp, again, rows } = benchRows(after);
    expect(stamp).toBe(benchRows(before).stamp);
    expect(again).toEqual([
      'Target 5 measured again by `npm run bench -- 5 --write` on 2026-11-27 20:00 UTC: Node 20.',
    ]);
    expect(rows.slice(2)).toEqual([
      ['1. Start-up', '2x', '<= 1.8x', 'FAIL', 'median of 20'],
      ['5. Result size', '39%', '<= 40%', 'pass', ''],
      ['6. Big answers', '70 kB', '<= 100 kB', 'pass', ''],
    ]);
    // Measured again later: the newer line stands for target 5, one line per set of targets.
    const later = withBenchRows(after, [five], [5], new Date('2026-11-28T08:00:00Z'), 'Node 20');
    expect(benchRows(later).again).toEqual([
      again[0]?.replace('2026-11-27 20:00', '2026-11-28 08:00'),
    ]);
    const lines = (text: string) => benchSectionOf(text).split('\n');
    expect(lines(after).filter((line) => !line.includes('5. Result size'))).toEqual(
      [...lines(before).slice(0, 1), again[0], ...lines(before).slice(1)].filter(
        (line) => !line?.includes('5. Result size'),
      ),
    );
  });

  it('puts a target the table did not have yet in its place by number', () => {
    const table = formatTable([
      { name: '1. Start-up', figure: '2x', target: '<= 1.8x', pass: false },
      { name: '8. RSS after a call', figure: '70 MB', target: '<= 60 MB', pass: false },
      { name: '11. Questions', figure: '37 of 37', target: 'all', pass: true },
    ]);
    const before = replaceBetween(
      doc,
      'bench-table',
      benchSection(table, new Date('2026-11-24T21:30:00Z'), 'Linux x64, Node 20.20.2'),
    );
    const eight = { name: '8. RSS after a call', figure: '76 MB', target: '<= 60 MB', pass: false };
    const thirteen = {
      name: '13. Check everything',
      figure: '18 of 18',
      target: 'all',
      pass: true,
    };
    const after = withBenchRows(before, [eight, thirteen], [8, 13], new Date(), 'Node 20');
    expect(
      benchRows(after)
        .rows.slice(2)
        .map((row) => [row[0], row[1]]),
    ).toEqual([
      ['1. Start-up', '2x'],
      ['8. RSS after a call', '76 MB'],
      ['11. Questions', '37 of 37'],
      ['13. Check everything', '18 of 18'],
    ]);
  });
});

/** What lies between the bench-table markers of `doc`. */
function benchSectionOf(doc: string): string {
  const start = '<!-- bench-table:start -->\n';
  return doc.slice(doc.indexOf(start) + start.length, doc.indexOf('\n<!-- bench-table:end -->'));
}
