// Turns on Node's on-disk compile cache (Node >= 22.1) so later starts skip compiling the chunks again.
import * as nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type EnableCompileCache = (directory?: string) => unknown;

/**
 * Imported first by src/index.ts. Older Node has no enableCompileCache (a named import would be a
 * SyntaxError there), hence the namespace import. The cache lives only under the OS temp directory;
 * NODE_DISABLE_COMPILE_CACHE=1 still turns it off, and a cache that cannot be written is no error.
 */
export function enableCompileCache(): void {
  const enable = (nodeModule as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  try {
    enable?.(join(tmpdir(), 'network-discovery-mcp', 'compile-cache'));
  } catch {}
}

enableCompileCache();
