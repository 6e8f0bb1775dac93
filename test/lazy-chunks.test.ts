// Lazy loading: stdio mode starts and serves with the chunks of HTTP mode, doctor, demo, the HTML converter, the MCP Apps view and the host tools' work deleted.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from './build-dist.js';
import { type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';

/** Chunks stdio mode must never need: esbuild names each after its module (app-html: the view, read on a host's first resources/read). */
const NOT_FOR_STDIO = /^(http|doctor|html-to-markdown|server|app-html)-[A-Z0-9]+\.js$/;

let work: string;
let removed: string[];
let api: SampleApi;

beforeAll(async () => {
  await ensureBuilt();
  api = await startFakeApi();
  work = mkdtempSync(join(tmpdir(), 'ndm-lazy-'));
  cpSync(join(ROOT, 'dist'), join(work, 'dist'), { recursive: true });
  writeFileSync(join(work, 'package.json'), '{ "type": "module" }\n');
  removed = readdirSync(join(work, 'dist', 'chunks')).filter((name) => NOT_FOR_STDIO.test(name));
  for (const name of removed) rmSync(join(work, 'dist', 'chunks', name));
}, 120_000);

afterAll(async () => {
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A real client over stdio to the build copied into `dir`, against the fake API. */
async function connectBuild(dir: string): Promise<Client> {
  const client = new Client({ name: 'lazy-chunks-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(dir, 'dist', 'index.js')],
      cwd: dir,
      env: {
        PATH: process.env['PATH'] ?? '',
        NETWORK_DISCOVERY_BASE_URL: api.url.href,
        NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      },
      stderr: 'pipe',
    }),
  );
  return client;
}

/** A copy of the build in a temp folder with the chunks matching `chunk` removed; what was removed. */
function buildWithout(prefix: string, chunk: RegExp): { dir: string; removed: string[] } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  const removed = readdirSync(join(dir, 'dist', 'chunks')).filter((name) => chunk.test(name));
  for (const name of removed) rmSync(join(dir, 'dist', 'chunks', name));
  return { dir, removed };
}

/**
 * Runs `use` with a real client of a build copy lacking the chunks that match `chunk` (exactly
 * `count` of them), then closes both.
 */
async function withBuildWithout(
  chunk: RegExp,
  count: number,
  use: (client: Client) => Promise<void>,
): Promise<void> {
  const { dir, removed } = buildWithout('ndm-without-', chunk);
  try {
    expect(removed).toHaveLength(count);
    const client = await connectBuild(dir);
    try {
      await use(client);
    } finally {
      await client.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A host question, which needs the host tools' chunks. */
const hostsCall = async (client: Client) =>
  (await client.callTool({
    name: 'list_hosts',
    arguments: { counts_only: true },
  })) as CallToolResult;

describe('chunks stdio mode does not load', () => {
  it('exist as files of their own', () => {
    expect(removed.map((name) => name.replace(/-[A-Z0-9]+\.js$/, '')).sort()).toEqual([
      'app-html',
      'doctor',
      'html-to-markdown',
      'http',
      'server',
    ]);
  });

  it('can be missing: stdio mode starts, lists its tools and answers calls without them', async () => {
    const client = await connectBuild(work);
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(3);
      for (const name of ['list_discoveries', 'get_version']) {
        const result = (await client.callTool({ name, arguments: {} })) as CallToolResult;
        expect(result.isError, name).toBeFalsy();
      }
    } finally {
      await client.close();
    }
  });

  it('are what HTTP mode loads: without them it cannot start', async () => {
    const failure = await new Promise<string>((resolve) =>
      execFile(
        process.execPath,
        [join(work, 'dist', 'index.js'), '--http', '--port', '0'],
        {
          cwd: work,
          env: { PATH: process.env['PATH'] ?? '', NETWORK_DISCOVERY_BASE_URL: api.url.href },
          timeout: 10_000,
        },
        (error, _stdout, stderr) => resolve(error ? stderr : 'started'),
      ),
    );
    expect(failure).toMatch(/Cannot find module .*\/chunks\/http-/);
  });
});

describe('the cron describer (cronstrue) and the cron clock (croner)', () => {
  it.each(['cronstrue', 'croner'])(
    '%s is a chunk of its own that start-up, tools/list and a list without schedules never load',
    (library) =>
      withBuildWithout(new RegExp(`^${library}-[A-Z0-9]+\\.js$`), 1, async (client) => {
        expect((await client.listTools()).tools.length).toBeGreaterThan(3);
        const version = (await client.callTool({ name: 'get_version' })) as CallToolResult;
        expect(version.isError).toBeFalsy();
        // The sample's third item is ad hoc: a page without a schedule needs no describer.
        const page = (await client.callTool({
          name: 'list_discoveries',
          arguments: { limit: 1, offset: 2 },
        })) as CallToolResult;
        expect(page.isError).toBeFalsy();
        // A schedule shown needs it: proof that the chunk removed is the one that describes.
        const scheduled = (await client.callTool({
          name: 'list_discoveries',
          arguments: { limit: 1 },
        })) as CallToolResult;
        expect(scheduled.isError).toBe(true);
      }),
  );
});

describe("the host tools' work (list_hosts, get_host)", () => {
  it('is in chunks that start-up, tools/list and list_discoveries never load', () =>
    withBuildWithout(/^(list-hosts|get-host)-run-[A-Z0-9]+\.js$/, 2, async (client) => {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['list_hosts', 'get_host']));
      const page = (await client.callTool({
        name: 'list_discoveries',
        arguments: { limit: 1, offset: 2 },
      })) as CallToolResult;
      expect(page.isError).toBeFalsy();
      // A host call needs them: proof that the chunks removed are the hosts' work.
      expect((await hostsCall(client)).isError).toBe(true);
    }));
});

/** The files a start loads before anything runs: the entry, main and what they import statically. */
function startupFiles(): string[] {
  const chunks = join(ROOT, 'dist', 'chunks');
  const main = readdirSync(chunks).filter((name) => /^main-[A-Z0-9]+\.js$/.test(name));
  expect(main).toHaveLength(1);
  const seen = new Set<string>();
  const next = [join(ROOT, 'dist', 'index.js'), ...main.map((name) => join(chunks, name))];
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    // Static imports only (`import"./x.js"`, `from"./x.js"`); `import("./x.js")` loads later.
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:import|from)\s*"\.\/([^"]+)"/g))
      next.push(join(file, '..', match[1] ?? ''));
  }
  return [...seen];
}

describe('start-up', () => {
  it('loads five files at most: the entry, main and one chunk of what main needs to serve', () => {
    // Node resolves, reads and compiles each file apart: 26 files cost 4.5 ms more than 5
    // (docs/performance.md). scripts/build-plugins.mjs joinStartup keeps them together.
    const files = startupFiles();
    expect(files.length, files.join('\n')).toBeLessThanOrEqual(5);
  });

  it('runs its modules as written, not wrapped in closures that V8 would parse twice', () => {
    // esbuild's lazy module wrapper, minified: `var x=y(()=>{...})` for each wrapped module. One
    // import in the wrong place (main itself, or a CommonJS package) wrapped 140 modules.
    const wrapped = startupFiles()
      .map((file) => readFileSync(file, 'utf8').match(/=[A-Za-z_$]{1,3}\(\(\)=>\{/g)?.length ?? 0)
      .reduce((a, b) => a + b, 0);
    expect(wrapped).toBeLessThanOrEqual(5);
  });

  it('holds no view, no address parser and no API client: tools/list needs none of them', () => {
    const text = startupFiles()
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(text).toContain('first_found_by'); // list_hosts' field names are in the instructions
    expect(text).not.toContain('ipaddr: cannot parse'); // ipaddr.js, which host rows use
    expect(text).not.toContain('outside your networks'); // the links view's words
    // The API client, the host copies and lru-cache load on the first call (src/compose-api.ts).
    expect(text).not.toContain('Still reading the host list');
    expect(text).not.toContain('lru-cache:metrics');
  });
});

describe('the API client and the host copies (src/compose-api.ts)', () => {
  it('are a chunk that start-up and tools/list never load, and the first call does', () =>
    withBuildWithout(/^compose-api-[A-Z0-9]+\.js$/, 1, async (client) => {
      expect((await client.listTools()).tools.length).toBeGreaterThan(3);
      // A call needs it, and says so as an error result rather than ending the server.
      const version = (await client.callTool({ name: 'get_version' })) as CallToolResult;
      expect(version.isError).toBe(true);
      expect((await client.listTools()).tools.length).toBeGreaterThan(3);
    }));
});

describe('each tool (src/tools/lazy-catalog.ts)', () => {
  it('is a chunk of its own: a call loads its tool and no other', () =>
    withBuildWithout(
      /^(list-hosts|get-host|list-links|list-changes|list-snmp-credentials|update-snmp-credential|apply-snmp-rotation|cancel-snmp-rotation|get-unseen-release-notes)-[A-Z0-9]+\.js$/,
      9,
      async (client) => {
        expect((await client.listTools()).tools.length).toBeGreaterThan(3);
        for (const name of ['list_discoveries', 'get_version']) {
          const result = (await client.callTool({ name, arguments: {} })) as CallToolResult;
          expect(result.isError, name).toBeFalsy();
        }
        // Another tool needs its own chunk: proof that the chunks removed are the tools'.
        expect((await hostsCall(client)).isError).toBe(true);
      },
    ));
});
