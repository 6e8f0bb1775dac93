// Packs the .mcpb with scripts/pack.mjs and unpacks it with mcpb into a temp folder, as a user installs it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './build-dist.js';

/** The temp folder (remove it after) and the unpacked bundle inside it; dist must be built. */
export function packAndUnpack(prefix: string): { work: string; unpacked: string } {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const bundle = join(work, 'network-discovery-mcp.mcpb');
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'pack.mjs'), bundle], { stdio: 'pipe' });
  const unpacked = join(work, 'unpacked');
  execFileSync(join(ROOT, 'node_modules', '.bin', 'mcpb'), ['unpack', bundle, unpacked], {
    stdio: 'pipe',
  });
  return { work, unpacked };
}
