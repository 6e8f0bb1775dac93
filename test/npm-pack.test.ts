// The npm package: `npm pack --dry-run` holds only what runs, and the bin starts as a node script.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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
    const chunks = readdirSync(join(ROOT, 'dist', 'chunks')).map((name) => `dist/chunks/${name}`);
    expect(packed.files.map((f) => f.path).sort()).toEqual(
      ['LICENSE', 'README.md', 'dist/index.js', ...chunks, 'manifest.json', 'package.json'].sort(),
    );
  });

  it('declares the network-discovery-mcp bin at dist/index.js, a node script', () => {
    expect(packageJson.bin).toEqual({ 'network-discovery-mcp': 'dist/index.js' });
    expect(readFileSync(DIST_ENTRY, 'utf8').split('\n', 1)[0]).toBe('#!/usr/bin/env node');
  });

  it('has no runtime dependencies: the bundle loads only node: modules and its own chunks', () => {
    // Whatever `dependencies` lists, npx installs on every first run; the bundle needs none of it.
    expect(packageJson.dependencies ?? {}).toEqual({});
    const chunks = readdirSync(join(ROOT, 'dist', 'chunks'));
    const files = [DIST_ENTRY, ...chunks.map((name) => join(ROOT, 'dist', 'chunks', name))];
    const specifiers = files.flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\(\s*|(?:^|[;}])import\s*)["']([@\w.][\w@./:-]*)["']/gm,
        ),
      ].map((match) => match[1] as string),
    );
    expect(specifiers.length).toBeGreaterThan(5);
    const foreign = specifiers.filter((s) => !s.startsWith('node:') && !s.startsWith('./'));
    expect(foreign).toEqual([]);
  });
});
