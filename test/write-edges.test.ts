// The write path on its edges: every 5xx from a gateway on the PUT leaves the outcome unknown (app and form alike), and a rename through the app's Confirm is known to list_hosts at once.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CREDENTIAL_ID, SAMPLE_VERSIONS, sampleData } from '../src/sample-api/data.js';
import { APPROVAL_META_KEY } from '../src/views/common/app-view.js';
import { updateArgs } from './fixtures.js';
import { type Harness, textOf, useHarness } from './harness.js';

const start = useHarness();
const COMMUNITY = 'edge-Rotated#Community-5';

function approvalOf(result: CallToolResult): string {
  const approval = result._meta?.[APPROVAL_META_KEY] as { handle?: unknown } | undefined;
  if (typeof approval?.handle !== 'string') throw new Error(`no approval: ${textOf(result)}`);
  return approval.handle;
}

/** Every PUT answered with `status` by a proxy in front of the service (no JSON envelope). */
function gatewayFails(h: Harness, status: number) {
  h.api.setIntercept((req, res) => {
    if (req.method !== 'PUT') return false;
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(`<html><body>${status} from the proxy</body></html>`);
    return true;
  });
}

const structured = (result: CallToolResult) => result.structuredContent as Record<string, unknown>;

describe.each([500, 502, 503, 504])('a %i on the write', (status) => {
  it('through the app Confirm: unknown whether written, the credential read back', async () => {
    const h = await start({ apps: true });
    const preview = await h.call('update_snmp_credential', updateArgs(COMMUNITY));
    const handle = approvalOf(preview);
    gatewayFails(h, status);
    const applied = await h.call('apply_snmp_rotation', { approval: handle });
    expect(applied.isError).toBe(true);
    expect(textOf(applied)).toMatch(/^Unknown whether written: /);
    expect(textOf(applied)).not.toMatch(/nothing was written/i);
    expect(structured(applied)).toMatchObject({ status: 'unknown', written: 'unknown' });
    expect(h.api.requests.some((r) => r.method === 'PUT')).toBe(true);
  });

  it('through the form: unknown whether written, never "nothing was written"', async () => {
    const h = await start({ elicit: 'accept' });
    gatewayFails(h, status);
    const result = await h.call('update_snmp_credential', updateArgs(COMMUNITY));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/unknown/i);
    expect(textOf(result)).not.toMatch(/nothing was written/i);
  });
});

describe('a refusal on the write is "not written"', () => {
  it.each([400, 409, 422])('%i', async (status) => {
    const h = await start({ apps: true });
    const handle = approvalOf(await h.call('update_snmp_credential', updateArgs(COMMUNITY)));
    h.api.setIntercept((req, res) => {
      if (req.method !== 'PUT') return false;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: 'refused', code: 'validation_failed' }));
      return true;
    });
    const applied = await h.call('apply_snmp_rotation', { approval: handle });
    expect(structured(applied)).toMatchObject({ status: 'not_written', written: 'no' });
  });
});

describe.each(SAMPLE_VERSIONS)('a rename through the app, Scanopy %s', (version) => {
  it('is known to list_hosts at once, and the old name no longer is', async () => {
    const h = await start({ apps: true, sample: { data: sampleData(version) } });
    // A warm cache of credential names first: the rename must not wait for it to expire.
    const before = await h.call('list_hosts', { snmp_credential: 'Office switches', limit: 1 });
    expect(before.isError, textOf(before)).toBeFalsy();
    const renamed = 'Office switches (rotated)';
    const preview = await h.call('update_snmp_credential', {
      ...updateArgs(COMMUNITY),
      name: renamed,
    });
    const applied = await h.call('apply_snmp_rotation', { approval: approvalOf(preview) });
    expect(structured(applied)).toMatchObject({ status: 'updated', written: 'yes' });
    const after = await h.call('list_hosts', { snmp_credential: renamed, limit: 1 });
    expect(after.isError, textOf(after)).toBeFalsy();
    expect(textOf(after)).toContain(`"${renamed}" = ${SAMPLE_CREDENTIAL_ID}`);
    const old = await h.call('list_hosts', { snmp_credential: 'Office switches', limit: 1 });
    expect(old.isError).toBe(true);
    expect(textOf(old)).toContain(`"${renamed}" (${SAMPLE_CREDENTIAL_ID})`);
  });
});
