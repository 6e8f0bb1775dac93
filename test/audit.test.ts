// The write audit trail: one JSON line per stage of every write attempt, never the community.
import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLine, createAuditSink } from '../src/confirm/audit.js';
import { openAuditFile, UnsafeAuditFileError } from '../src/confirm/audit-file.js';
import { createRedactor } from '../src/safety/redact.js';
import { SAMPLE_CREDENTIAL_ID } from '../src/sample-api/data.js';
import { DIST_ENTRY, ensureBuilt, ROOT } from './build-dist.js';
import { envelopeError, reply, startFakeApi } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { type HarnessOptions, textOf, useHarness } from './harness.js';
import { connectStdio, type StdioServer } from './stdio-client.js';

const COMMUNITY = 'audit-Secret#Community-77';
const ARGS = updateArgs(COMMUNITY);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ndm-audit-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const start = useHarness();

/** Options for a file this test's own user owns. */
const OWNED = { uid: process.getuid?.(), onWriteError: () => {} };

/** A harness whose audit lines land in an array, parsed. */
async function audited(options: HarnessOptions = {}) {
  const lines: string[] = [];
  const redactor = createRedactor([COMMUNITY]);
  const h = await start({ ...options, audit: createAuditSink((l) => lines.push(l), redactor) });
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const outcomes = () => records().map((r) => r['outcome']);
  return { h, lines, records, outcomes };
}

describe('the audit line', () => {
  it('is one JSON object with time, tool, outcome, credential id and name', () => {
    const line = auditLine(
      {
        tool: 'update_snmp_credential',
        outcome: 'failed',
        credential_id: SAMPLE_CREDENTIAL_ID,
        credential_name: 'Office switches',
        status: 403,
        detail: 'auth_permission_denied',
      },
      new Date('2026-11-22T10:00:00Z'),
    );
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      time: '2026-11-22T10:00:00.000Z',
      event: 'write-audit',
      tool: 'update_snmp_credential',
      outcome: 'failed',
      credential_id: SAMPLE_CREDENTIAL_ID,
      credential_name: 'Office switches',
      status: 403,
      detail: 'auth_permission_denied',
    });
  });

  it('passes the redactor even though records never hold the community', () => {
    const lines: string[] = [];
    const sink = createAuditSink((l) => lines.push(l), createRedactor([COMMUNITY]));
    sink({
      tool: 'update_snmp_credential',
      outcome: 'sent',
      credential_id: SAMPLE_CREDENTIAL_ID,
      credential_name: `named after ${COMMUNITY}`,
    });
    expect(lines[0]).not.toContain(COMMUNITY);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ credential_name: 'named after [redacted]' });
  });
});

describe('every stage of a write attempt', () => {
  it('confirmed by the user in a form: confirmed, sent, succeeded with status', async () => {
    const { h, records, outcomes, lines } = await audited({ elicit: 'accept' });
    const result = await h.call('update_snmp_credential', ARGS);
    expect(result.isError).toBeFalsy();
    expect(outcomes()).toEqual(['confirmed', 'sent', 'succeeded']);
    expect(records()[0]).toMatchObject({
      tool: 'update_snmp_credential',
      credential_id: SAMPLE_CREDENTIAL_ID,
      credential_name: 'Office switches',
      confirmation: 'elicitation',
      detail: 'a person approved the form the client showed',
    });
    // Every later stage of the attempt still says how it was confirmed.
    expect(records()[1]).toMatchObject({ outcome: 'sent', confirmation: 'elicitation' });
    expect(records()[2]).toMatchObject({ status: 200, confirmation: 'elicitation' });
    for (const record of records()) expect(Date.parse(String(record['time']))).not.toBeNaN();
    expect(lines.join('\n')).not.toContain(COMMUNITY);
  });

  it.each([
    ['decline', 'decline'],
    ['cancel', 'cancel'],
    ['accept-false', 'unchecked'],
  ] as const)('declined in the form (%s)', async (answer, detail) => {
    const { h, records, outcomes } = await audited({ elicit: answer });
    await h.call('update_snmp_credential', ARGS);
    expect(outcomes()).toEqual(['declined']);
    expect(records()[0]).toMatchObject({ detail });
  });

  it('token path: preview issued, then confirmed via token, sent, succeeded', async () => {
    const { h, outcomes, records, lines } = await audited({ confirm: 'token' });
    const preview = await h.call('update_snmp_credential', ARGS);
    const token = (preview.structuredContent as Record<string, unknown>)['confirmation_token'];
    expect(outcomes()).toEqual(['preview-issued']);
    await h.call('update_snmp_credential', { ...ARGS, confirmation_token: token });
    expect(outcomes()).toEqual(['preview-issued', 'confirmed', 'sent', 'succeeded']);
    expect(records()[0]).not.toHaveProperty('confirmation');
    expect(records()[1]).toMatchObject({
      confirmation: 'token',
      detail:
        'the caller repeated the call with the preview token; no person verified by this server',
    });
    expect(records()[3]).toMatchObject({ outcome: 'succeeded', confirmation: 'token' });
    // The token is a capability: it is not written down either.
    expect(lines.join('\n')).not.toContain(String(token));
  });

  it('refused: the placeholder community, and a token that does not match', async () => {
    const { h, records, outcomes } = await audited({ confirm: 'token' });
    await h.call('update_snmp_credential', { ...ARGS, community: '********' });
    const preview = await h.call('update_snmp_credential', ARGS);
    const token = (preview.structuredContent as Record<string, unknown>)['confirmation_token'];
    await h.call('update_snmp_credential', { ...ARGS, name: 'Other', confirmation_token: token });
    expect(outcomes()).toEqual(['refused', 'preview-issued', 'refused']);
    expect(records()[0]).toMatchObject({ detail: 'placeholder community' });
    expect(records()[2]).toMatchObject({ detail: 'token mismatch', credential_name: 'Other' });
  });

  it('failed: the status and error code of the answer, never its message', async () => {
    const { h, records, outcomes, lines } = await audited({ elicit: 'accept' });
    h.api.setIntercept((req, res) =>
      req.method === 'PUT'
        ? reply(res, 403, envelopeError(`denied for ${req.body}`, 'auth_permission_denied'), {
            'content-type': 'application/json',
          })
        : false,
    );
    const result = await h.call('update_snmp_credential', ARGS);
    expect(result.isError).toBe(true);
    expect(outcomes()).toEqual(['confirmed', 'sent', 'failed']);
    expect(records()[2]).toMatchObject({
      status: 403,
      detail: 'auth_permission_denied; written: no',
    });
    expect(lines.join('\n')).not.toContain('denied for');
    // A refusal by the service: not written, in both channels.
    expect(textOf(result)).toMatch(/^Not written: /);
    expect(result.structuredContent).toMatchObject({ status: 'not_written', written: 'no' });
  });

  it('failed without an answer: the kind of error', async () => {
    const { h, records, outcomes } = await audited({ elicit: 'accept' });
    h.api.setIntercept((req, res) => {
      if (req.method !== 'PUT') return false;
      res.socket?.destroy();
      return true;
    });
    const result = await h.call('update_snmp_credential', ARGS);
    expect(outcomes()).toEqual(['confirmed', 'sent', 'failed']);
    expect(records()[2]?.['detail']).toBe('network; written: unknown');
    // Sent, answer lost: unknown, with the credential read back (never the community).
    expect(textOf(result)).toMatch(/^Unknown whether written: /);
    expect(textOf(result)).toMatch(
      /The read cannot tell whether it landed: the write changes only the community/,
    );
    expect(textOf(result)).not.toContain(COMMUNITY);
    expect(result.structuredContent).toMatchObject({
      status: 'unknown',
      written: 'unknown',
      credential: { id: SAMPLE_CREDENTIAL_ID, name: 'Office switches' },
    });
  });
});

describe('the audit file', () => {
  it('is created owner-only and appended to, one line per record, across openings', () => {
    const path = join(dir, 'append.log');
    const first = openAuditFile(path, OWNED);
    first.write('{"n":1}');
    first.close();
    const second = openAuditFile(path, OWNED);
    second.write('{"n":2}');
    second.close();
    expect(readFileSync(path, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('cannot be opened where no file can be: the caller hears at once', () => {
    expect(() => openAuditFile(join(dir, 'missing', 'dir', 'audit.log'), OWNED)).toThrow();
  });

  // Others alone (646, 602) as well as the group (664, 620): each bit of 022 is checked.
  it.each(['646', '602', '620', '666'])(
    'a file writable by others or its group (mode %s) is refused, and nothing is appended',
    (mode) => {
      const path = join(dir, `writable-${mode}.log`);
      writeFileSync(path, '', { mode: 0o600 });
      chmodSync(path, Number.parseInt(mode, 8));
      expect(() => openAuditFile(path, OWNED)).toThrow(UnsafeAuditFileError);
      expect(() => openAuditFile(path, OWNED)).toThrow(
        `can be written by its group or by other users (mode ${mode})`,
      );
      expect(readFileSync(path, 'utf8')).toBe('');
    },
  );

  // The folder too: others who can create or rename names there could swap the trail (issue 40).
  it.each(['777', '1777', '775', '757'])(
    'a file in a folder its group or others can write (mode %s) is refused, and nothing is created',
    (mode) => {
      const folder = join(dir, `folder-${mode}`);
      mkdirSync(folder);
      chmodSync(folder, Number.parseInt(mode, 8));
      const path = join(folder, 'audit.log');
      expect(() => openAuditFile(path, OWNED)).toThrow(UnsafeAuditFileError);
      expect(() => openAuditFile(path, OWNED)).toThrow(
        `which its group or other users can write (mode ${mode.slice(-3)})`,
      );
      expect(existsSync(path)).toBe(false);
      chmodSync(folder, 0o755);
      openAuditFile(path, OWNED).close();
      expect(existsSync(path)).toBe(true);
    },
  );

  it.each(['600', '640', '644'])('a file only its owner can write (mode %s) is used', (mode) => {
    const path = join(dir, `owner-${mode}.log`);
    writeFileSync(path, '', { mode: 0o600 });
    chmodSync(path, Number.parseInt(mode, 8));
    const file = openAuditFile(path, OWNED);
    file.write('{"n":1}');
    file.close();
    expect(readFileSync(path, 'utf8')).toBe('{"n":1}\n');
  });
});

describe('NETWORK_DISCOVERY_AUDIT_LOG with the built server', () => {
  beforeAll(async () => {
    await ensureBuilt();
  }, 120_000);

  it('stops at start-up with exit code 2 when the file cannot be opened', async () => {
    const run = promisify(execFile);
    const failure = await run(process.execPath, [DIST_ENTRY], {
      cwd: ROOT,
      env: {
        PATH: process.env['PATH'] ?? '',
        NETWORK_DISCOVERY_BASE_URL: 'http://127.0.0.1:9',
        NETWORK_DISCOVERY_AUDIT_LOG: join(dir, 'no', 'such', 'dir.log'),
      },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain('NETWORK_DISCOVERY_AUDIT_LOG');
  });

  it('appends the preview to the file and keeps stderr free of audit lines', async () => {
    const api = await startFakeApi();
    const path = join(dir, 'entry.log');
    let server: StdioServer | undefined;
    try {
      server = await connectStdio({
        baseUrl: api.url,
        env: { NETWORK_DISCOVERY_AUDIT_LOG: path, NETWORK_DISCOVERY_CONFIRM: 'token' },
        name: 'audit-test',
      });
      await server.client.callTool({ name: 'update_snmp_credential', arguments: ARGS });
    } finally {
      await server?.close();
      await api.close();
    }
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      event: 'write-audit',
      outcome: 'preview-issued',
      credential_id: SAMPLE_CREDENTIAL_ID,
      credential_name: 'Office switches',
    });
    expect(readFileSync(path, 'utf8')).not.toContain(COMMUNITY);
    expect(server.stderr()).not.toContain('write-audit');
    expect(server.stderr()).not.toContain(COMMUNITY);
  });
});
