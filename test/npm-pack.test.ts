// The npm package: `npm pack --dry-run` holds only what runs, and the bin starts as a node script.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST_ENTRY, ensureBuilt, ROOT } from './build-dist.js';

interface PackResult {
  name: string;
  files: { path: string }[];
}

let packed: PackResult;
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

beforeAll(async () => {
  await ensureBuilt();
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  packed = (JSON.parse(output) as PackResult[])[0] as PackResult;
}, 120_000);

describe('npm pack', () => {
  it('contains only the bundled server, manifest, README, LICENSE and package.json', () => {
    expect(packed.name).toBe('network-discovery-mcp');
    expect(packed.files.map((f) => f.path).sort()).toEqual([
      'LICENSE',
      'README.md',
      'dist/index.js',
      'manifest.json',
      'package.json',
    ]);
  });

  it('declares the network-discovery-mcp bin at dist/index.js, a node script', () => {
    expect(packageJson.bin).toEqual({ 'network-discovery-mcp': 'dist/index.js' });
    expect(readFileSync(DIST_ENTRY, 'utf8').split('\n', 1)[0]).toBe('#!/usr/bin/env node');
  });

  it('needs no runtime dependency the bundle does not already contain', () => {
    // npx installs dependencies anyway; the bundle must not import any of them at run time.
    const source = readFileSync(DIST_ENTRY, 'utf8');
    for (const name of Object.keys(packageJson.dependencies ?? {})) {
      const quoted = `["']${name}(?:/[^"']*)?["']`;
      expect(source).not.toMatch(new RegExp(`(?:from\\s*|require\\(|import\\()${quoted}`));
    }
  });
});
