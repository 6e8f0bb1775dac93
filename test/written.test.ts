// `written` tells the truth: "no" when nothing was sent, "unknown" only when a request left unanswered, the read-back compared field by field.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../src/confirm/audit.js';
import { SAMPLE_CREDENTIAL_ID } from '../src/sample-api/data.js';
import { updateArgs } from './fixtures.js';
import { type Harness, type HarnessOptions, textOf, useHarness } from './harness.js';

const COMMUNITY = 'written-Rotated#Community-7';
const ARGS = updateArgs(COMMUNITY);
const RENAMED = { ...ARGS, name: 'Office switches (rotated)' };

const start = useHarness();

async function confirmed(options: HarnessOptions = {}) {
  const records: AuditRecord[] = [];
  const h = await start({ elicit: 'accept', audit: (record) => records.push(record), ...options });
  return { h, records };
}

const stored = (h: Harness) => {
  const credential = h.api.data.credentials.find((c) => c.id === SAMPLE_CREDENTIAL_ID);
  if (!credential) throw new Error('the sample credential is missing');
  return credential as { community: string; name: string; updated_at?: string; version: string };
};
const puts = (h: Harness) => h.api.requests.filter((r) => r.method === 'PUT');
const structured = (result: CallToolResult) => result.structuredContent as Record<string, unknown>;

/** The service applies `change` to the stored record, then drops the connection before answering. */
function landsThenDrops(h: Harness, change: (record: ReturnType<typeof stored>) => void): void {
  let dropped = 0;
  h.api.setIntercept((req, res) => {
    if (req.method !== 'PUT' || dropped > 0) return false;
    dropped += 1;
    change(stored(h));
    res.socket?.destroy();
    return true;
  });
}

describe('nothing sent: written "no"', () => {
  it('a credential that turned SNMPv3 between the preview and the write is refused before sending', async () => {
    const { h, records } = await confirmed({ sample: { scanopyVersion: '0.16.2' } });
    // The tool's own read sees v2c; the client's read before its PUT finds the credential v3.
    let reads = 0;
    h.api.setIntercept((req) => {
      if (req.method === 'GET' && req.path.endsWith(SAMPLE_CREDENTIAL_ID) && ++reads === 2) {
        stored(h).version = 'V3';
      }
      return false;
    });
    const result = await h.call('update_snmp_credential', ARGS);
    expect(result.isError).toBe(true);
    expect(reads).toBe(2);
    expect(puts(h)).toHaveLength(0);
    expect(textOf(result)).toMatch(/^Not written: /);
    expect(textOf(result)).not.toMatch(/landed|unknown/i);
    expect(structured(result)).toMatchObject({ status: 'not_written', written: 'no' });
    expect(records.at(-1)).toMatchObject({ outcome: 'failed', detail: 'unsupported; written: no' });
  });
});

describe('sent, answer lost: written "unknown", the read-back compared field by field', () => {
  it('a 502 on the write is not "nothing was written"', async () => {
    const { h } = await confirmed();
    h.api.setIntercept((req, res) => {
      if (req.method !== 'PUT') return false;
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
      return true;
    });
    const result = await h.call('update_snmp_credential', ARGS);
    expect(puts(h)).toHaveLength(1);
    expect(textOf(result)).toMatch(/^Unknown whether written: /);
    expect(textOf(result)).not.toMatch(/nothing was written/i);
    expect(structured(result)).toMatchObject({ status: 'unknown', written: 'unknown' });
  });

  it('a rotation that landed without moving updated_at is not called "did not land": the read cannot tell', async () => {
    const { h } = await confirmed();
    const before = stored(h).updated_at;
    landsThenDrops(h, (record) => {
      record.community = COMMUNITY;
    });
    const result = await h.call('update_snmp_credential', ARGS);
    expect(stored(h).updated_at).toBe(before);
    const text = textOf(result);
    expect(text).toMatch(/^Unknown whether written: /);
    expect(text).toMatch(
      /The read cannot tell whether it landed: the write changes only the community, which is never read back\. Its updated_at is as at the preview\./,
    );
    expect(text).not.toMatch(/did not land|most likely/);
    expect(JSON.stringify(result)).not.toContain(COMMUNITY);
  });

  it('a moved updated_at alone is reported as a fact, not taken as proof that this write landed', async () => {
    const { h } = await confirmed();
    // Someone else's write in between: updated_at moves, the community of this write never lands.
    landsThenDrops(h, (record) => {
      record.updated_at = '2026-11-25T15:00:00Z';
    });
    const text = textOf(await h.call('update_snmp_credential', ARGS));
    expect(text).toMatch(/The read cannot tell whether it landed/);
    expect(text).toMatch(
      /updated_at differs from the preview: some write reached it since, this one or another/,
    );
    expect(text).not.toMatch(/most likely landed/);
  });

  it('a rename that landed reads as written field by field: landed', async () => {
    const { h } = await confirmed();
    landsThenDrops(h, (record) => {
      record.community = COMMUNITY;
      record.name = RENAMED.name;
    });
    const text = textOf(await h.call('update_snmp_credential', RENAMED));
    expect(text).toMatch(
      /Field by field: name changed from the preview and read as written, so the write landed, community included/,
    );
  });

  it('a rename that did not land still reads as at the preview: did not land', async () => {
    const { h } = await confirmed();
    landsThenDrops(h, () => {});
    const text = textOf(await h.call('update_snmp_credential', RENAMED));
    expect(text).toMatch(
      /Field by field: name still read as at the preview, so this write did not land \(or was overwritten since\)/,
    );
  });
});
