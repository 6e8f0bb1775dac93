// Turns on Node's on-disk compile cache (Node >= 22.1) in a folder only this user can write, so later starts skip compiling.
import { nodeFs, nodeModule, nodeOs, nodePath } from '../node-builtins.js';

type EnableCompileCache = (directory?: string) => unknown;

/**
 * The cache folder under `base` (the OS temp directory), or undefined when it cannot be trusted.
 *
 * V8 trusts its code cache: whoever can write the folder can run code in every later start. The
 * temp directory is shared by all users, so a fixed name there could be made, or filled, by
 * someone else first. The folder is one per user (`network-discovery-mcp-<uid>`), made 0700, and
 * used only if it is a real directory (not a symlink) owned by this user that no one else may
 * write; anything else means no cache, never another user's. Without a uid (Windows) the temp
 * directory is already the user's own (`%LOCALAPPDATA%\Temp`).
 */
export function privateCacheDirectory(base: string, uid: number | undefined): string | undefined {
  const { lstatSync, mkdirSync } = nodeFs();
  const { join } = nodePath();
  if (uid === undefined) return join(base, 'network-discovery-mcp', 'compile-cache');
  const root = join(base, `network-discovery-mcp-${uid}`);
  try {
    mkdirSync(root, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
  }
  try {
    const found = lstatSync(root);
    if (!found.isDirectory() || found.uid !== uid || (found.mode & 0o077) !== 0) return undefined;
  } catch {
    return undefined;
  }
  return join(root, 'compile-cache');
}

/**
 * Imported by src/index.ts before anything else is loaded. Older Node has no enableCompileCache
 * (a named import would be a SyntaxError there), hence the lookup on the module object; there
 * nothing is done, not even a file-system call. NODE_DISABLE_COMPILE_CACHE=1 still turns it off,
 * and a cache that cannot be written is no error.
 */
export function enableCompileCache(): void {
  const enable = (nodeModule() as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  if (!enable) return;
  try {
    const directory = privateCacheDirectory(nodeOs().tmpdir(), process.getuid?.());
    if (directory) enable(directory);
  } catch {}
}

enableCompileCache();
