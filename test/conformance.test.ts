// `npm run conformance`'s script: the MCP conformance server scenarios against --http, within the baseline.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
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

describe('MCP conformance (server scenarios over Streamable HTTP)', () => {
  it('passes every scenario outside the baseline, and the baseline holds no stale entry', () => {
    expect(result.output).toContain('Baseline check passed');
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
      expect(result.output).toMatch(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
    }
  });

  it('gives a reason for every baseline entry', () => {
    const lines = readFileSync(join(ROOT, 'test', 'conformance-baseline.yml'), 'utf8').split('\n');
    let reason = false;
    for (const line of lines) {
      if (line.trim().startsWith('#')) reason = true;
      else if (line.trim().startsWith('- ')) expect(reason, line).toBe(true);
      else if (line.trim() === '') reason = false;
    }
  });
});
