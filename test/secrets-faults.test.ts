// Planted secrets stay hidden through every fault of the matrix, in results, logs and the audit log.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditSink } from '../src/confirm/audit.js';
import { createRedactor } from '../src/safety/redact.js';
import type { RecordedRequest } from '../src/sample-api/server.js';
import { ensureBuilt } from './build-dist.js';
import {
  echo,
  envelopeError,
  JSON_TYPE,
  reply,
  startFakeApi,
  TEST_API_KEY,
  TEST_SESSION_ID,
  TEXT_TYPE,
} from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { type HarnessOptions, useHarness } from './harness.js';
import { connectStdio, type StdioServer } from './stdio-client.js';

const COMMUNITY = 'faults-Planted-Community-4d2e';
const SECRETS = [TEST_API_KEY, TEST_SESSION_ID, COMMUNITY];
const UPDATE = updateArgs(COMMUNITY);

type Fault = (req: RecordedRequest, res: ServerResponse) => boolean;

/** The fault matrix, each answer echoing the secrets wherever the fault has a body to put them in. */
const FAULTS: readonly (readonly [string, Fault, HarnessOptions?])[] = [
  [
    'connection dropped',
    (_req, res) => {
      res.socket?.destroy();
      return true;
    },
  ],
  ['headers never sent', () => true, { timeoutMs: 400 }],
  [
    'body stalls midway',
    (req, res) => {
      res.writeHead(200, JSON_TYPE);
      res.write(`{"success":true,"error":${JSON.stringify(echo(req))},"data":[`);
      return true;
    },
    { timeoutMs: 400 },
  ],
  [
    '500 HTML',
    (req, res) =>
      reply(res, 500, `<html><body><pre>${echo(req)}</pre></body></html>`, {
        'content-type': 'text/html',
      }),
  ],
  ['502 empty body', (_req, res) => reply(res, 502, '')],
  ['invalid JSON', (req, res) => reply(res, 200, `{"success":tru ${echo(req)}`, JSON_TYPE)],
  [
    'truncated JSON',
    (req, res) =>
      reply(res, 200, `{"success":true,"data":{"name":${JSON.stringify(echo(req))}`, JSON_TYPE),
  ],
  [
    '200 HTML page',
    (req, res) =>
      reply(res, 200, `<!doctype html><p>${echo(req)}</p>`, { 'content-type': 'text/html' }),
  ],
  [
    'success false',
    (req, res) =>
      reply(res, 200, envelopeError(echo(req), 'echo', { community: COMMUNITY }), JSON_TYPE),
  ],
  [
    'plain-text 400',
    (req, res) => reply(res, 400, `Failed to deserialize: ${echo(req)}`, TEXT_TYPE),
  ],
  ['plain-text 415', (req, res) => reply(res, 415, `Expected JSON, got ${echo(req)}`, TEXT_TYPE)],
  ['plain-text 422', (req, res) => reply(res, 422, `missing field in ${echo(req)}`, TEXT_TYPE)],
  [
    '402 object error',
    (req, res) =>
      reply(
        res,
        402,
        JSON.stringify({ success: false, error: { message: echo(req), community: COMMUNITY } }),
        JSON_TYPE,
      ),
  ],
  [
    '3xx redirect naming the secrets',
    (req, res) =>
      reply(res, 302, '', {
        location: `https://login.example/?next=${encodeURIComponent(req.path)}&api_key=${TEST_API_KEY}&session_id=${TEST_SESSION_ID}&community=${encodeURIComponent(COMMUNITY)}`,
      }),
  ],
  [
    'oversized body',
    (req, res) =>
      reply(
        res,
        200,
        `{"success":true,"data":${JSON.stringify(echo(req).repeat(2_000))}}`,
        JSON_TYPE,
      ),
    { maxResponseBytes: 20_000 },
  ],
  [
    '429 with Retry-After: 0',
    (req, res) =>
      reply(res, 429, envelopeError(`slow down ${echo(req)}`), {
        ...JSON_TYPE,
        'retry-after': '0',
      }),
  ],
  [
    '429 with Retry-After: 2',
    (req, res) =>
      reply(res, 429, envelopeError(`slow down ${echo(req)}`), {
        ...JSON_TYPE,
        'retry-after': '2',
      }),
  ],
  [
    '429 forever',
    (req, res) =>
      reply(res, 429, `rate limited ${echo(req)}`, { ...TEXT_TYPE, 'retry-after': '0' }),
  ],
];

function expectNoSecrets(where: string, text: string) {
  for (const secret of SECRETS) {
    expect(text, `${where} holds a secret`).not.toContain(secret);
    expect(text, `${where} holds an encoded secret`).not.toContain(encodeURIComponent(secret));
  }
}

const start = useHarness();

describe('every fault, with the service echoing what it was sent', () => {
  it.each(FAULTS.map(([name, fault, options]) => ({ name, fault, options: options ?? {} })))(
    '$name: no secret in results, elicitations, logs or the audit trail',
    async ({ fault, options }) => {
      const audit: string[] = [];
      const h = await start({
        elicit: 'accept',
        sessionId: TEST_SESSION_ID,
        // Retries stay short so "429 forever" ends quickly; a Retry-After of 2 s exceeds the budget.
        retry: { baseDelayMs: 5, maxTotalWaitMs: 200 },
        audit: createAuditSink((line) => audit.push(line), createRedactor()),
        sample: { sessions: [TEST_SESSION_ID] },
        ...options,
      });
      // Every request, reads and the write alike, meets the fault.
      h.api.setIntercept(fault);
      // The write first: from then on this process has seen the community, and reads that fail
      // with an echo of it must hide it too.
      const results = [
        await h.call('update_snmp_credential', UPDATE),
        await h.call('list_discoveries', {}),
        await h.call('get_unseen_release_notes', {}),
        await h.call('list_snmp_credentials', {}),
      ];
      for (const result of results) expect(result.isError, JSON.stringify(result)).toBe(true);
      expectNoSecrets('a result', JSON.stringify(results));
      expectNoSecrets('an elicitation', JSON.stringify(h.elicitations));
      expectNoSecrets('a log line', h.logs.join('\n'));
      expect(audit.length).toBeGreaterThan(0);
      expectNoSecrets('the audit trail', audit.join('\n'));
      // The secrets did reach the fake (so the echo was real), and the server still works.
      expect(h.api.requests.some((r) => r.headers['authorization']?.includes(TEST_API_KEY))).toBe(
        true,
      );
      h.api.setIntercept(undefined);
      expect((await h.call('list_discoveries', {})).isError).toBeFalsy();
    },
  );

  it('connection refused: no secret in the result or logs', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const h = await start({
      baseUrl: new URL(`http://127.0.0.1:${port}`),
      retry: { baseDelayMs: 5 },
    });
    const result = await h.call('update_snmp_credential', UPDATE);
    expectNoSecrets('a result', JSON.stringify(result));
    expectNoSecrets('a log line', h.logs.join('\n'));
  });
});

describe('the built server with NETWORK_DISCOVERY_AUDIT_LOG, while the service echoes secrets', () => {
  let dir: string;
  beforeAll(async () => {
    await ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'ndm-secrets-'));
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every secret out of stdout, stderr and the audit file through a failed write', async () => {
    const api = await startFakeApi({ sessions: [TEST_SESSION_ID] });
    const path = join(dir, 'audit.log');
    let server: StdioServer | undefined;
    const results: unknown[] = [];
    try {
      server = await connectStdio({
        baseUrl: api.url,
        env: {
          NETWORK_DISCOVERY_SESSION_ID: TEST_SESSION_ID,
          NETWORK_DISCOVERY_AUDIT_LOG: path,
          NETWORK_DISCOVERY_CONFIRM: 'token',
        },
        name: 'secrets-faults',
      });
      const { client } = server;
      const preview = await client.callTool({ name: 'update_snmp_credential', arguments: UPDATE });
      results.push(preview);
      const token = (preview.structuredContent as Record<string, unknown>)['confirmation_token'];
      // The write is refused with an echo of everything it carried, then a 500 with the same. The
      // credential's read passes: the token signs the state it reads.
      api.setIntercept((req, res) =>
        req.method === 'GET' && req.path.startsWith('/api/v1/snmp-credentials/')
          ? false
          : req.method === 'PUT'
            ? reply(
                res,
                403,
                envelopeError(echo(req), 'auth_permission_denied', { community: COMMUNITY }),
                JSON_TYPE,
              )
            : reply(res, 500, `database error near ${echo(req)}`, TEXT_TYPE),
      );
      results.push(
        await client.callTool({
          name: 'update_snmp_credential',
          arguments: { ...UPDATE, confirmation_token: token },
        }),
      );
      results.push(await client.callTool({ name: 'get_unseen_release_notes', arguments: {} }));
      results.push(await client.callTool({ name: 'list_discoveries', arguments: {} }));
    } finally {
      await server?.close();
      await api.close();
    }
    const trail = readFileSync(path, 'utf8');
    expect(
      trail
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).outcome),
    ).toEqual(['preview-issued', 'confirmed', 'sent', 'failed']);
    expectNoSecrets('a result', JSON.stringify(results));
    expectNoSecrets('stderr', server.stderr());
    expectNoSecrets('the audit file', trail);
  });
});
