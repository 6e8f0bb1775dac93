// Lazy built-ins: a stdio session of reads never loads node:crypto; the first confirmation token does.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_ENTRY, ensureBuilt } from './build-dist.js';
import { type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';
import { updateArgs } from './fixtures.js';

/** Preloaded with --require: writes the built-in modules the process loaded when it exits. */
const RECORDER = `const { writeFileSync } = require('node:fs');
process.on('exit', () => writeFileSync(process.env.LOADED_MODULES_FILE, process.moduleLoadList.join('\\n')));`;

let work: string;
let api: SampleApi;

beforeAll(async () => {
  await ensureBuilt();
  api = await startFakeApi();
  work = mkdtempSync(join(tmpdir(), 'ndm-builtins-'));
  writeFileSync(join(work, 'recorder.cjs'), RECORDER);
}, 120_000);

afterAll(async () => {
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs one stdio session through `session`, then returns the built-ins the server had loaded. */
async function loadedDuring(name: string, session: (client: Client) => Promise<void>) {
  const file = join(work, `${name}.txt`);
  const client = new Client({ name: 'lazy-builtins-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--require', join(work, 'recorder.cjs'), DIST_ENTRY],
      env: {
        PATH: process.env['PATH'] ?? '',
        NETWORK_DISCOVERY_BASE_URL: api.url.href,
        NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
        LOADED_MODULES_FILE: file,
        // The session of writes takes the token path, which is an opt-in.
        NETWORK_DISCOVERY_CONFIRM: 'token',
      },
      stderr: 'pipe',
    }),
  );
  try {
    await session(client);
  } finally {
    await client.close();
  }
  // The server writes the list as it exits, which may be just after close() returns.
  for (let i = 0; i < 100; i++) {
    try {
      return readFileSync(file, 'utf8').split('\n');
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`the server never wrote ${file}`);
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

describe('built-in modules stdio mode loads', () => {
  it('a session of reads never loads node:crypto (~6 ms of start-up), nor node:os without a compile cache', async () => {
    const loaded = await loadedDuring('reads', async (client) => {
      expect((await client.listTools()).tools.length).toBeGreaterThan(3);
      for (const name of ['list_discoveries', 'list_snmp_credentials', 'get_version']) {
        expect((await call(client, name, {})).isError, name).toBeFalsy();
      }
    });
    // The recorder works: the HTTP client the reads used is in the list.
    expect(loaded).toContain('NativeModule http');
    expect(loaded.filter((line) => /\bcrypto\b/.test(line))).toEqual([]);
    // node:os serves only the compile cache's folder; a Node without the cache never needs it.
    if (!('enableCompileCache' in nodeModule)) expect(loaded).not.toContain('NativeModule os');
  });

  it('the first confirmation token loads it, and the token is accepted', async () => {
    const loaded = await loadedDuring('write', async (client) => {
      const preview = await call(client, 'update_snmp_credential', updateArgs('rotated-community'));
      expect(preview.isError).toBeFalsy();
      const token = (preview.structuredContent as Record<string, unknown>)['confirmation_token'];
      expect(token).toMatch(/^ct2\./);
      const written = await call(client, 'update_snmp_credential', {
        ...updateArgs('rotated-community'),
        confirmation_token: token,
      });
      expect(written.isError).toBeFalsy();
    });
    expect(loaded).toContain('NativeModule crypto');
  });
});
