// `npm run conformance`'s script: the MCP conformance server scenarios against --http, within the baseline, reported as passes, expected failures with reasons, and unexpected ones.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Check, classify, formatReport, readBaseline } from '../scripts/conformance.mjs';
import { ensureBuilt, ROOT } from './build-dist.js';

function runConformance(): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'conformance.mjs')], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (status) => resolve({ status, output }));
  });
}

let result: { status: number | null; output: string };

beforeAll(async () => {
  await ensureBuilt();
  result = await runConformance();
}, 180_000);

const baselineText = readFileSync(join(ROOT, 'test', 'conformance-baseline.yml'), 'utf8');
const baseline = readBaseline(baselineText);

describe('MCP conformance (server scenarios over Streamable HTTP)', () => {
  it('passes every scenario outside the baseline, and the baseline holds no stale entry', () => {
    expect(result.output).toMatch(
      new RegExp(`^\\d+ passed, ${baseline.length} expected failures, 0 unexpected$`, 'm'),
    );
    expect(result.output).toContain('Unexpected: none.');
    expect(result.status).toBe(0);
  });

  it('passes the scenarios this server must meet itself', () => {
    for (const scenario of [
      'server-initialize',
      'ping',
      'tools-list',
      'prompts-list',
      'dns-rebinding-protection',
    ]) {
      expect(result.output).toMatch(new RegExp(`^  ✓ ${scenario}( \\(\\d+ checks\\))?$`, 'm'));
    }
  });

  it('lists each expected failure under its reason, and never as "failed"', () => {
    const lines = result.output.split('\n');
    for (const { scenario, reason } of baseline) {
      const at = lines.indexOf(`    ~ ${scenario}`);
      const at2 = lines.findIndex((line) => line.startsWith(`    ~ ${scenario} (`));
      const index = at === -1 ? at2 : at;
      expect(index, scenario).toBeGreaterThan(-1);
      const heading = lines.slice(0, index).findLast((line) => /^ {2}\S/.test(line));
      expect(heading, scenario).toBe(`  ${reason}`);
    }
    expect(result.output).not.toMatch(/\d+ failed/);
  });

  it('gives a reason for every baseline entry', () => {
    expect(baseline.length).toBeGreaterThan(0);
    for (const { scenario, reason } of baseline) expect(reason, scenario).not.toBe('');
  });
});

describe('the conformance report', () => {
  const check = (status: string, description = 'a check', errorMessage?: string): Check => ({
    status,
    description,
    ...(errorMessage ? { errorMessage } : {}),
  });
  const results = new Map<string, Check[]>([
    ['ping', [check('SUCCESS')]],
    ['tools-list', [check('FAILURE', 'Server lists tools', 'tools missing')]],
    ['logging-set-level', [check('FAILURE')]],
    ['resources-subscribe', [check('SUCCESS')]],
    ['server-sse-multiple-streams', [check('WARNING')]],
  ]);
  const reasons = [
    { scenario: 'logging-set-level', reason: 'No logging capability.' },
    { scenario: 'server-sse-multiple-streams', reason: 'Stateless by design.' },
    { scenario: 'resources-subscribe', reason: 'No subscriptions.' },
  ];
  const sorted = classify(results, [...results.keys(), 'never-ran'], reasons);

  it('sorts passes, expected failures (a warning counts), unexpected ones and stale entries', () => {
    expect(sorted.passed.map((p) => p.scenario)).toEqual(['ping']);
    expect(sorted.expectedFailures.map((e) => e.scenario)).toEqual([
      'logging-set-level',
      'server-sse-multiple-streams',
    ]);
    expect(sorted.unexpected.map((u) => [u.scenario, u.stale])).toEqual([
      ['tools-list', false],
      ['resources-subscribe', true],
      ['never-ran', false],
    ]);
  });

  it('names what failed unexpectedly and why, and ends with the three counts', () => {
    const lines = formatReport(sorted, 'baseline.yml');
    expect(lines).toContain('  ✗ tools-list');
    expect(lines).toContain('      Server lists tools (tools missing)');
    expect(lines).toContain('  ✓ resources-subscribe passes now: remove it from baseline.yml');
    expect(lines).toContain('      the scenario did not run');
    expect(lines).toContain('  No logging capability.');
    expect(lines.at(-1)).toBe('1 passed, 2 expected failures, 3 unexpected');
  });

  it('reads each entry of a baseline with the comment above its group, not the file header', () => {
    const text = [
      '# The file header, not a reason.',
      'server:',
      '  # First reason,',
      '  # two lines.',
      '  - a',
      '  - b',
      '  # Second reason.',
      '  - c',
      '',
      '  - d',
    ].join('\n');
    expect(readBaseline(text)).toEqual([
      { scenario: 'a', reason: 'First reason, two lines.' },
      { scenario: 'b', reason: 'First reason, two lines.' },
      { scenario: 'c', reason: 'Second reason.' },
      { scenario: 'd', reason: '' },
    ]);
  });
});
