// Issue 19's process defences: the audit file cannot be planted, and its lines use the caller's redactor.
import { execFile } from 'node:child_process';
import {
  chmodSync,
  linkSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_ENTRY, ensureBuilt, ROOT } from './build-dist.js';
import { startFakeApi } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { callHttp, connectHttp } from './http-client.js';
import { startHttpInstance } from './http-instance.js';
import { connectStdio } from './stdio-client.js';

const KEY_ALICE = 'scp_u_ALICE00000123456789abcdefABCDE';
const COMMUNITY = 'rotate-Me-Community-91';
const BASHRC = 'export PS1="$ "\n';

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ndm-planted-'));
  await ensureBuilt();
}, 120_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the built server with this audit path; how it ended within `ms` (a start that works does not end). */
function startWithAuditLog(
  path: string,
  ms = 10_000,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [DIST_ENTRY],
      {
        cwd: ROOT,
        timeout: ms,
        env: {
          PATH: process.env['PATH'] ?? '',
          NETWORK_DISCOVERY_BASE_URL: 'http://127.0.0.1:9',
          NETWORK_DISCOVERY_AUDIT_LOG: path,
        },
      },
      (error, _stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr }),
    );
  });
}

/** A file standing in for ~/.bashrc, and a fresh name in the test directory. */
function plant(name: string): { target: string; path: string } {
  const target = join(dir, `${name}.bashrc`);
  writeFileSync(target, BASHRC);
  return { target, path: join(dir, `${name}.log`) };
}

describe('A. a planted audit file', () => {
  it('audit.log -> ~/.bashrc: the server refuses to start and writes nothing through the link', async () => {
    const { target, path } = plant('symlink');
    symlinkSync(target, path);
    const api = await startFakeApi();
    try {
      // The attack as found: a preview whose name a shell would run when it sources the file.
      const server = await connectStdio({
        baseUrl: api.url,
        env: { NETWORK_DISCOVERY_AUDIT_LOG: path, NETWORK_DISCOVERY_CONFIRM: 'token' },
      }).catch(() => undefined);
      await server?.client
        .callTool({
          name: 'update_snmp_credential',
          arguments: { ...updateArgs(COMMUNITY), name: 'Core $(touch pwned)' },
        })
        .catch(() => undefined);
      await server?.close();
      expect(server, 'the server started with a symlinked audit file').toBeUndefined();
    } finally {
      await api.close();
    }
    expect(readFileSync(target, 'utf8')).toBe(BASHRC);
    const { code, stderr } = await startWithAuditLog(path);
    expect(code).toBe(2);
    expect(stderr).toContain(path);
    expect(stderr).toMatch(/symbolic link.*Point NETWORK_DISCOVERY_AUDIT_LOG at a regular file/);
  }, 30_000);

  it('a file its group or others can write is refused, naming the file and chmod 600', async () => {
    const { path } = plant('shared');
    writeFileSync(path, '');
    chmodSync(path, 0o664);
    const { code, stderr } = await startWithAuditLog(path);
    expect(code).toBe(2);
    expect(stderr).toContain(`can be written by its group or by other users (mode 664)`);
    expect(stderr).toContain(`chmod 600 ${path}`);
    expect(readFileSync(path, 'utf8')).toBe('');
  }, 30_000);

  it('a hard link to another file is refused', async () => {
    const { target, path } = plant('hardlink');
    chmodSync(target, 0o600);
    linkSync(target, path);
    const { code, stderr } = await startWithAuditLog(path);
    expect(code).toBe(2);
    expect(stderr).toContain('hard links');
    expect(readFileSync(target, 'utf8')).toBe(BASHRC);
  }, 30_000);

  it('a file of its own, owner-only, is used as before', async () => {
    const path = join(dir, 'fine.log');
    writeFileSync(path, '', { mode: 0o600 });
    const { code } = await startWithAuditLog(path, 2_000);
    // Still serving when the time is up: killed by the timeout, not stopped by the check.
    expect(code).not.toBe(2);
  }, 30_000);
});

describe("A. over HTTP, audit lines pass the caller's own redactor", () => {
  it('a community the caller also put in the name is never written in clear (attack 9)', async () => {
    const api = await startFakeApi({ apiKeys: [KEY_ALICE] });
    const lines: unknown[] = [];
    const { handle, close } = await startHttpInstance(
      api.url,
      {
        NETWORK_DISCOVERY_HTTP_WRITES: 'true',
        // No form or app over stateless HTTP: the write takes the token path, an opt-in.
        NETWORK_DISCOVERY_CONFIRM: 'token',
      },
      { audit: (line) => lines.push(line) },
    );
    const clients: Client[] = [];
    try {
      const alice = await connectHttp(clients, handle.url, { apiKey: KEY_ALICE, name: 'alice' });
      const result = await callHttp(alice, 'update_snmp_credential', {
        ...updateArgs(COMMUNITY),
        name: `Core ${COMMUNITY}`,
      });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      await close();
      await api.close();
    }
    expect(lines.length).toBeGreaterThan(0);
    const written = JSON.stringify(lines);
    expect(written).toContain('Core [redacted]');
    expect(written).not.toContain(COMMUNITY);
  });
});
