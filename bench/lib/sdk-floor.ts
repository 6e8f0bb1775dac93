// Builds an SDK floor server with scripts/build.mjs (the same esbuild options as dist/index.js) into a temp dir.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './server.js';

/**
 * `sdk`: written as the SDK's examples are (the floor). `named-zod`: `import { z }`, for comparison.
 * `list`: one tool that GETs 50 discoveries and returns the body, the floor a list call is judged by.
 * `v2`, `v2-list`: the same two on SDK v2 serving both protocol eras, as this server does.
 * `v2-list-http`: `v2-list` with node:http for the GET, as this server makes it (fetch loads undici).
 */
export type FloorVariant = 'sdk' | 'named-zod' | 'list' | 'v2' | 'v2-list' | 'v2-list-http';

const SOURCES: Readonly<Record<FloorVariant, string>> = {
  sdk: 'sdk-floor-server.ts',
  'named-zod': 'sdk-floor-server-named-zod.ts',
  list: 'sdk-floor-list-server.ts',
  v2: 'sdk-v2-floor-server.ts',
  'v2-list': 'sdk-v2-floor-list-server.ts',
  'v2-list-http': 'sdk-v2-floor-list-http-server.ts',
};

/** Each variant's entry file, built once per process. */
const built = new Map<FloorVariant, string>();

export function sdkFloorEntry(variant: FloorVariant = 'sdk'): string {
  const known = built.get(variant);
  if (known) return known;
  const outdir = mkdtempSync(join(tmpdir(), 'ndm-sdk-floor-'));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  execFileSync(
    process.execPath,
    [join(ROOT, 'scripts', 'build.mjs'), join(ROOT, 'bench', 'lib', SOURCES[variant]), outdir],
    { cwd: ROOT, stdio: 'inherit' },
  );
  // The same package.json the .mcpb carries, so both are parsed as ESM from the start.
  writeFileSync(join(outdir, 'package.json'), '{ "type": "module" }\n');
  const entry = join(outdir, 'index.js');
  built.set(variant, entry);
  return entry;
}
