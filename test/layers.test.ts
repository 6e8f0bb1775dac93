// Layers of src/: imports point down the layer order, no cycles, no tool names in api/, createApiClient stays small.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../src/tools/catalog.js';

const SRC = resolve(import.meta.dirname, '..', 'src');

/**
 * The one layer table, top to bottom: a file may import its own layer and the layers below it.
 * A file's layer is the first entry whose prefix its path (relative to src/) starts with.
 * sample-api is a side leaf: it sits just above base so it may use base, and only entries may import it.
 */
const LAYERS: readonly (readonly [layer: string, prefixes: readonly string[]])[] = [
  ['entry', ['index.ts', 'main.ts', 'compose.ts', 'compose-api.ts', 'cli/']],
  ['mcp', ['mcp/', 'prompts/']],
  ['tools', ['tools/']],
  ['confirm', ['confirm/']],
  ['views', ['views/']],
  ['api', ['api/']],
  ['sample-api', ['sample-api/']],
  [
    'base',
    [
      'safety/',
      'config.ts',
      'did-you-mean.ts',
      'log.ts',
      'errors.ts',
      'version.ts',
      'node-builtins.ts',
      'lazy-crypto.ts',
    ],
  ],
];
const ONLY_ENTRIES_IMPORT = new Set(['sample-api']);

function layerOf(file: string): number {
  const index = LAYERS.findIndex(([, prefixes]) =>
    prefixes.some((prefix) => file.startsWith(prefix)),
  );
  if (index < 0)
    throw new Error(`${file} is in no layer: add it to the table in test/layers.test.ts`);
  return index;
}

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** Static `import`/`export ... from`, side-effect `import '...'` and dynamic `import('...')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** Relative imports of a file, resolved to paths under src/ (imports that leave src/ are skipped). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(SPECIFIER)]
    .map((match) => match[1] as string)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) =>
      relative(SRC, resolve(SRC, dirname(file), specifier)).replace(/\.js$/, '.ts'),
    )
    .filter((target) => !target.startsWith('..') && target.endsWith('.ts'));
}

function importGraph(): Map<string, string[]> {
  return new Map(sourceFiles().map((file) => [file, importsOf(file)]));
}

function upwardImports(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const from = layerOf(file);
      const to = layerOf(target);
      const sideLeaf = ONLY_ENTRIES_IMPORT.has(LAYERS[to]?.[0] ?? '') && from !== 0 && from !== to;
      if (to < from || sideLeaf) found.push(`${file} -> ${target}`);
    }
  }
  return found.sort();
}

/** Every cycle found by depth-first search, each reported once as the path that closes it. */
function cycles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    if (done.has(file)) return;
    const open = stack.indexOf(file);
    if (open >= 0) {
      found.push([...stack.slice(open), file].join(' -> '));
      return;
    }
    stack.push(file);
    for (const target of graph.get(file) ?? []) visit(target);
    stack.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return found;
}

/** Lines from `export function name(` to the first closing brace at column 0 after it. */
function functionLength(file: string, name: string): number {
  const lines = readFileSync(join(SRC, file), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith(`export function ${name}(`));
  if (start < 0) throw new Error(`${name} not found in ${file}`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('}'));
  return end - start + 1;
}

describe('layers of src/', () => {
  const graph = importGraph();

  it('reads the imports it checks', () => {
    expect(graph.get('main.ts')).toContain('cli/doctor.ts');
    expect(graph.get('index.ts')).toContain('main.ts');
    expect([...graph.values()].flat().length).toBeGreaterThan(150);
  });

  it('puts every file in a layer', () => {
    for (const file of graph.keys()) expect(() => layerOf(file)).not.toThrow();
  });

  it('has no import that goes up the layer order', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps tool names out of the API layer', () => {
    const named = [...graph.keys()]
      .filter((file) => file.startsWith('api/'))
      .flatMap((file) => {
        const text = readFileSync(join(SRC, file), 'utf8');
        return ALL_TOOLS.filter((tool) => text.includes(tool.name)).map(
          (t) => `${file}: ${t.name}`,
        );
      });
    expect(named).toEqual([]);
  });

  it('keeps createApiClient within 120 lines', () => {
    expect(functionLength('api/client.ts', 'createApiClient')).toBeLessThanOrEqual(120);
  });
});
