// One approval, one write across replicas: one token sent to two processes at once writes once, through a directory beside the audit log or Redis.
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fileSpentStore } from '../src/confirm/spent-file.js';
import { SpentStoreError } from '../src/confirm/spent-record.js';
import { SAMPLE_CREDENTIAL_ID } from '../src/sample-api/data.js';
import { ensureBuilt } from './build-dist.js';
import { type SampleApi, startFakeApi } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { textOf } from './harness.js';
import { freePort, useRedis } from './redis-server.js';
import { connectStdio, type StdioServer } from './stdio-client.js';

const ARGS = updateArgs('rotated-Community-2026x');
const SECRET = 'shared-token-secret-0123456789abcdef';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

beforeAll(async () => {
  await ensureBuilt();
}, 120_000);

const call = async (server: StdioServer, args: Record<string, unknown>) =>
  (await server.client.callTool({
    name: 'update_snmp_credential',
    arguments: args,
  })) as CallToolResult;

function tokenOf(result: CallToolResult): string {
  const token = (result.structuredContent as Record<string, unknown> | undefined)?.[
    'confirmation_token'
  ];
  if (typeof token !== 'string') throw new Error(`expected a token, got ${textOf(result)}`);
  return token;
}

/**
 * The race as it happens between replicas: each reads the credential before either writes, so
 * both see the state the token signed. Once armed, the service holds reads of the credential until
 * two have arrived, then answers both.
 */
async function serviceWithReadBarrier(): Promise<{ api: SampleApi; arm(): void }> {
  let armed = false;
  const waiting: (() => void)[] = [];
  const api = await startFakeApi({
    intercept: async (request) => {
      if (!armed || request.method !== 'GET' || !request.path.endsWith(SAMPLE_CREDENTIAL_ID)) {
        return false;
      }
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 2) {
          armed = false;
          for (const release of waiting.splice(0)) release();
        }
      });
      return false;
    },
  });
  cleanups.push(() => api.close());
  return { api, arm: () => (armed = true) };
}

async function replicas(api: SampleApi, env: Record<string, string>): Promise<StdioServer[]> {
  const options = {
    baseUrl: api.url,
    env: { NETWORK_DISCOVERY_TOKEN_SECRET: SECRET, NETWORK_DISCOVERY_CONFIRM: 'token', ...env },
  };
  const both = await Promise.all([connectStdio(options), connectStdio(options)]);
  cleanups.push(() => Promise.all(both.map((replica) => replica.close())).then(() => {}));
  return both;
}

/** Sends one token to both replicas at once; the answers, and the PUTs the service received. */
async function raceOneToken(env: Record<string, string>) {
  const { api, arm } = await serviceWithReadBarrier();
  const [first, second] = await replicas(api, env);
  if (!first || !second) throw new Error('two replicas expected');
  const token = tokenOf(await call(first, ARGS));
  arm();
  const answers = await Promise.all(
    [first, second].map((replica) => call(replica, { ...ARGS, confirmation_token: token })),
  );
  const puts = api.requests.filter((request) => request.method === 'PUT');
  return { answers, puts, replicas: [first, second] };
}

describe('one token, two processes on one machine', () => {
  it('writes once: the spent record is a file created exclusively beside the audit log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'one-write-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const auditLog = join(dir, 'audit.log');
    const { answers, puts } = await raceOneToken({ NETWORK_DISCOVERY_AUDIT_LOG: auditLog });
    expect(puts).toHaveLength(1);
    const written = answers.filter((answer) => !answer.isError);
    const refused = answers.filter((answer) => answer.isError);
    expect(written).toHaveLength(1);
    expect(written[0]?.structuredContent).toMatchObject({ status: 'updated' });
    expect(refused).toHaveLength(1);
    expect(textOf(refused[0] as CallToolResult)).toMatch(/was already used; nothing was written/);
    // Both processes append to the one trail: "confirmed" once, the other refused as used.
    const trail = readFileSync(auditLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(trail.filter((record) => record.outcome === 'confirmed')).toHaveLength(1);
    expect(trail.filter((record) => record.detail === 'token used')).toHaveLength(1);
  }, 60_000);
});

describe('the directory beside the audit log', () => {
  it('records a key once, and is refused when others could write it or it is a link', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spent-dir-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const uid = process.getuid?.();
    const store = fileSpentStore(join(dir, 'audit.log.spent'), uid, Date.now);
    expect(await store.spend('k1', Date.now() + 60_000)).toBe(true);
    expect(await store.spend('k1', Date.now() + 60_000)).toBe(false);
    expect(await store.has('k1')).toBe(true);
    const open = join(dir, 'open.spent');
    mkdirSync(open);
    chmodSync(open, 0o777);
    expect(() => fileSpentStore(open, uid, Date.now)).toThrow(SpentStoreError);
    const link = join(dir, 'link.spent');
    symlinkSync(join(dir, 'audit.log.spent'), link);
    expect(() => fileSpentStore(link, uid, Date.now)).toThrow(
      /is not a directory \(or is a symbolic link\)/,
    );
  });
});

describe('the directory beside the audit log, swapped after start', () => {
  it('a link put in its place after start is refused as at start, never followed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spent-swap-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const uid = process.getuid?.();
    const spentDir = join(dir, 'audit.log.spent');
    const store = fileSpentStore(spentDir, uid, Date.now);
    const key = `${(Date.now() + 60_000).toString(36)}.token.swap`;
    expect(await store.spend(key, Date.now() + 60_000)).toBe(true);
    // Someone with the folder swaps the record for a link to an empty directory of theirs.
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    renameSync(spentDir, join(dir, 'moved-away'));
    symlinkSync(elsewhere, spentDir);
    await expect(store.has(key)).rejects.toThrow(/is not a directory \(or is a symbolic link\)/);
    await expect(store.spend(key, Date.now() + 60_000)).rejects.toThrow(SpentStoreError);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('another directory put in its place after start is refused too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spent-swap-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const spentDir = join(dir, 'audit.log.spent');
    const store = fileSpentStore(spentDir, process.getuid?.(), Date.now);
    const key = `${(Date.now() + 60_000).toString(36)}.token.replaced`;
    expect(await store.spend(key, Date.now() + 60_000)).toBe(true);
    renameSync(spentDir, join(dir, 'moved-away'));
    mkdirSync(spentDir, { mode: 0o700 });
    await expect(store.spend(key, Date.now() + 60_000)).rejects.toThrow(
      /was replaced by another directory since start/,
    );
  });
});

describe('one token, two processes sharing Redis', () => {
  const redisUrl = useRedis();

  it('writes once: the spent record is a key set with NX in Redis', async () => {
    const { answers, puts, replicas } = await raceOneToken({
      NETWORK_DISCOVERY_REDIS_URL: redisUrl(),
    });
    expect(puts, answers.map(textOf).join(' | ')).toHaveLength(1);
    expect(answers.filter((answer) => !answer.isError)).toHaveLength(1);
    const refused = answers.find((answer) => answer.isError);
    expect(textOf(refused as CallToolResult)).toMatch(/was already used; nothing was written/);
    // With no audit file each process writes its trail to stderr: "confirmed" once between them.
    const trail = replicas.map((replica) => replica.stderr()).join('\n');
    expect(trail.match(/"outcome":"confirmed"/g)).toHaveLength(1);
  }, 60_000);

  it('a Redis that cannot be reached refuses the write: nothing is sent', async () => {
    const api = await startFakeApi();
    cleanups.push(() => api.close());
    const port = await freePort();
    const [replica] = await replicas(api, {
      NETWORK_DISCOVERY_REDIS_URL: `redis://:hunter2-redis-password@127.0.0.1:${port}`,
    });
    if (!replica) throw new Error('a replica expected');
    const token = tokenOf(await call(replica, ARGS));
    const answer = await call(replica, { ...ARGS, confirmation_token: token });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toMatch(/^Nothing was written: the record of used confirmations/);
    expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
    expect(`${textOf(answer)}${replica.stderr()}`).not.toContain('hunter2-redis-password');
  }, 60_000);
});
