// Builds dist/index.js for tests that spawn it, once, even when several test files ask at the same time.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_ENTRY = join(ROOT, 'dist', 'index.js');

const LOCK = join(ROOT, 'dist', '.build-lock');
const STALE_LOCK_MS = 60_000;

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestSourceMtime(path) : statSync(path).mtimeMs;
    newest = Math.max(newest, mtime);
  }
  return newest;
}

function isFresh(): boolean {
  try {
    const built = statSync(DIST_ENTRY).mtimeMs;
    const sources = Math.max(
      newestSourceMtime(join(ROOT, 'src')),
      newestSourceMtime(join(ROOT, 'ui')),
      statSync(join(ROOT, 'package.json')).mtimeMs,
    );
    return built >= sources;
  } catch {
    return false;
  }
}

function tryLock(): boolean {
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    // A lock left behind by a crashed run must not block every later run.
    try {
      if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmdirSync(LOCK);
    } catch {}
    return false;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Runs `npm run build` unless dist/index.js is newer than every source file. */
export async function ensureBuilt(): Promise<string> {
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  // Test files run in parallel workers: one builds, the others wait for its lock to go away.
  while (!isFresh()) {
    if (tryLock()) {
      try {
        if (!isFresh()) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
      } finally {
        rmdirSync(LOCK);
      }
      break;
    }
    await sleep(100);
  }
  return DIST_ENTRY;
}
