// Builds bench/lib/sdk-floor-server.ts with scripts/build.mjs (the same esbuild options as dist/index.js) into a temp dir.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './server.js';

/** The floor's entry file, built once per process. */
let built: string | undefined;

export function sdkFloorEntry(): string {
  if (built) return built;
  const outdir = mkdtempSync(join(tmpdir(), 'ndm-sdk-floor-'));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  execFileSync(
    process.execPath,
    [join(ROOT, 'scripts', 'build.mjs'), join(ROOT, 'bench', 'lib', 'sdk-floor-server.ts'), outdir],
    { cwd: ROOT, stdio: 'inherit' },
  );
  // The same package.json the .mcpb carries, so both are parsed as ESM from the start.
  writeFileSync(join(outdir, 'package.json'), '{ "type": "module" }\n');
  built = join(outdir, 'index.js');
  return built;
}
