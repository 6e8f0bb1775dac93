// Contract tests: the client's requests and the tools' answers against Scanopy's own OpenAPI documents.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBuilt } from './build-dist.js';
import { TEST_API_KEY } from './fake-api.js';
import { textOf, useHarness } from './harness.js';
import { type Item, served, startContractClient } from './openapi/contract-client.js';
import type { ContractApiOptions, ContractRequest } from './openapi/contract-server.js';
import {
  declares,
  FIXTURE_VERSIONS,
  fixtureFilesPresent,
  loadDocument,
  OPENAPI_DIR,
  type ScanopyDocument,
} from './openapi/documents.js';
import { sampleSchema } from './openapi/sample-response.js';
import { connectStdio } from './stdio-client.js';

const versions: readonly string[] = FIXTURE_VERSIONS;
const newest = versions.at(-1);

describe(`the trimmed OpenAPI fixtures in ${OPENAPI_DIR}`, () => {
  it('are all there: a missing one fails the run, never skips it', () => {
    expect(fixtureFilesPresent()).toEqual([...versions]);
  });

  it.each(versions)('scanopy-%s.json records its source and keeps only what we call', (version) => {
    const { document } = loadDocument(version);
    const from = (document['info'] as Record<string, Record<string, unknown>>)['x-trimmed-from'];
    expect(from?.['file']).toBe(`scanopy-${version}.json`);
    expect(from?.['scanopy_version']).toBe(version);
    expect(from?.['sha256']).toMatch(/^[0-9a-f]{64}$/);
    const kept = Object.entries(document['paths'] as Record<string, object>).flatMap(
      ([template, item]) =>
        Object.keys(item)
          .filter((key) => key !== 'parameters')
          .map((method) => `${method.toUpperCase()} ${template}`),
    );
    expect(kept.sort()).toEqual(from?.['kept_operations']);
  });
});

const NETWORK = '0b6c2f0e-5d7a-4c1e-9a4b-2f1d3c4b5a69';

/** Every value of a discovery that list_discoveries shows a person or a model. */
function shownDiscoveryValues(item: Item): string[] {
  const discoveryType = item['discovery_type'] as Item;
  const runType = item['run_type'] as Item;
  return [
    item['id'],
    item['name'],
    item['network_id'] ?? item['site_id'],
    item['daemon_id'],
    discoveryType['type'],
    runType['type'] === 'Scheduled' ? runType['cron_schedule'] : undefined,
  ].filter((value): value is string => typeof value === 'string');
}

function expectShown(result: CallToolResult, values: readonly string[]): void {
  expect(result.isError ?? false, textOf(result)).toBe(false);
  const text = textOf(result);
  const structured = JSON.stringify(result.structuredContent ?? {});
  for (const value of values) {
    expect(text, `text lacks ${value}`).toContain(value);
    expect(structured, `structuredContent lacks ${value}`).toContain(value);
  }
}

/**
 * One discovery per variant the document declares: item i takes discovery_type variant i and
 * run_type variant i (cycling), each sampled on its own (openapi-sampler alone gives only the first).
 */
function discoveryVariants(doc: ScanopyDocument): Item[] {
  const schemas = (doc.document['components'] as Item)['schemas'] as Record<string, Item>;
  const types = schemas['DiscoveryType']?.['oneOf'] as object[];
  const runs = schemas['RunType']?.['oneOf'] as object[];
  return Array.from({ length: Math.max(types.length, runs.length) }, (_, i) => {
    const place = `variant-${i}`;
    const base = sampleSchema({ $ref: '#/components/schemas/Discovery' }, doc.document, place);
    return {
      ...(base as Item),
      discovery_type: sampleSchema(types[i % types.length] as object, doc.document, `${place}/dt`),
      run_type: sampleSchema(runs[i % runs.length] as object, doc.document, `${place}/rt`),
    };
  });
}

const routeOf = (r: ContractRequest) => `${r.method} ${r.path}`;

/** Every field of the credential as read comes back in the PUT; only the community is new. */
function expectWholeObjectKept(read: Item | undefined, sent: Item): void {
  expect(read).toBeDefined();
  const readType = read?.['credential_type'] as Item;
  for (const [key, value] of Object.entries(read ?? {})) {
    if (key === 'credential_type' || key === 'created_at' || key === 'updated_at') continue;
    expect(sent[key], `PUT body field ${key}`).toEqual(value);
  }
  expect(sent['credential_type']).toEqual({
    ...readType,
    community: { mode: 'Inline', value: 'rotated-community-2' },
  });
}

describe.each(versions)('Scanopy %s OpenAPI document', (version) => {
  const doc: ScanopyDocument = loadDocument(version);
  // Credentials moved to /api/v1/credentials in 0.15.0: the client asks the version first.
  const credentialOps = declares(doc, 'get', '/api/v1/snmp-credentials')
    ? {
        list: 'get_all_snmp_credentials',
        read: 'get_snmp_credential_by_id',
        path: '/api/v1/snmp-credentials',
      }
    : { list: 'get_all_credentials', read: 'get_credential_by_id', path: '/api/v1/credentials' };
  const open: { close(): Promise<void> }[] = [];
  const harness = useHarness();
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });

  const start = (options: ContractApiOptions = {}) => startContractClient(doc, open, options);

  it('the mock reports what the document forbids, and only that', async () => {
    const { api } = await start();
    const auth = { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' };
    const send = (path: string, init: RequestInit = {}) =>
      fetch(new URL(path, api.url), { headers: auth, ...init }).then((r) => r.status);
    const family = declares(doc, 'put', '/api/v1/snmp-credentials/{id}')
      ? {
          path: `/api/v1/snmp-credentials/${NETWORK}`,
          body: { name: 'n', organization_id: NETWORK, community: 'c', tags: [] },
        }
      : {
          path: `/api/v1/credentials/${NETWORK}`,
          body: {
            name: 'n',
            organization_id: NETWORK,
            credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: 'c' } },
            tags: [],
          },
        };
    // Valid: readOnly id/created_at/updated_at are required in the schema but never of a client.
    await send(family.path, { method: 'PUT', body: JSON.stringify(family.body) });
    await send(`/api/v1/discovery?network_id=${NETWORK}&limit=5`);
    expect(api.violations).toEqual([]);
    await send(`/api/v1/discovery?site_id=${NETWORK}`);
    await send('/api/v1/discovery?limit=many');
    await send('/api/v1/discovery', { headers: {} });
    expect(await send('/api/v1/release-notes/unseen')).toBe(404);
    await send(family.path, { method: 'PUT', body: JSON.stringify({ name: 'n' }) });
    expect(api.violations).toHaveLength(5);
    const [unknownQuery, badLimit, noAuth, noRoute, badBody] = api.violations;
    expect(unknownQuery).toMatch(/site_id/);
    expect(badLimit).toMatch(/limit/);
    expect(noAuth).toMatch(/without the API key/);
    expect(noRoute).toMatch(new RegExp(`Scanopy ${version.replaceAll('.', '\\.')} declares no`));
    expect(badBody).toMatch(/requestBody.*required/);
  });

  it('version, discovery listing and name lookups: every request is declared and valid', async () => {
    const { api, client } = await start();
    expect((await client.getVersion()).server_version).toBe(version);
    const query = { network_id: NETWORK, daemon_id: undefined, limit: 10, offset: 0 };
    await client.listDiscoveries(query);
    for (const kind of ['networks', 'daemons', 'tags', 'hosts'] as const) {
      const page = await client.listNamed(kind);
      const answer = api.requests.at(-1)?.answer as { data: Item[] };
      // Every sampled entity keeps its id and name: a lookup never drops one it could show.
      expect(page.items).toEqual(answer.data.map((e) => ({ id: e['id'], name: e['name'] })));
    }
    // The host list's ids filter, as list_discoveries names its jobs' hosts: declared, and valid.
    const ids = ['4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d', '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e'];
    await client.listNamed('hosts', undefined, ids);
    expect(api.requests.at(-1)?.query['ids']).toEqual(ids);
    // And the SNMP interface list's, as get_host reads a switch's far ports.
    await client.readPortsListed(ids);
    expect(api.requests.at(-1)?.path).toBe('/api/v1/if-entries');
    expect(api.requests.at(-1)?.query['ids']).toEqual(ids);
    expect(api.violations).toEqual([]);
    expect(api.sampleProblems).toEqual([]);
    const listing = api.requests.find((r) => r.operationId === 'list_discoveries');
    // 0.14-0.16 filter by network_id: a filter sent under another name would come back unfiltered.
    expect(listing?.query['network_id']).toBe(NETWORK);
  });

  it('sampled discoveries parse whole: no item dropped, every shown field kept', async () => {
    const { api, client } = await start();
    const page = await client.listDiscoveries({ limit: 50 });
    const answer = served(api, 'list_discoveries');
    expect(answer).toHaveLength(2);
    expect(page.skipped).toBe(0);
    expect(page.items).toHaveLength(answer.length);
    page.items.forEach((item, i) => {
      const expected = answer[i] as Item;
      expect(shownDiscoveryValues(item as Item)).toEqual(shownDiscoveryValues(expected));
      expect(item.run_type).toMatchObject({ type: (expected['run_type'] as Item)['type'] });
    });
    expect(api.sampleProblems).toEqual([]);
  });

  it('list_discoveries over MCP shows every sampled field in both channels', async () => {
    const { api } = await start();
    const h = await harness({ baseUrl: api.url });
    const result = await h.call('list_discoveries', { network_id: NETWORK });
    const answer = served(api, 'list_discoveries', NETWORK);
    expect(answer.length).toBeGreaterThan(0);
    expectShown(result, answer.flatMap(shownDiscoveryValues));
    expect(api.violations).toEqual([]);
  });

  // Once, for the newest document: the in-process cases above cover each document through the
  // SDK client; this one adds the real entry (env config, stdio) at the cost of a process.
  if (version === newest) {
    it('the built server over stdio lists discoveries within the document', async () => {
      await ensureBuilt();
      const { api } = await start();
      const stdio = await connectStdio({ baseUrl: api.url, name: 'openapi-contract' });
      open.push(stdio);
      const result = (await stdio.client.callTool({
        name: 'list_discoveries',
        arguments: { network_id: NETWORK },
      })) as CallToolResult;
      expectShown(result, served(api, 'list_discoveries', NETWORK).flatMap(shownDiscoveryValues));
      expect(api.violations).toEqual([]);
    });
  }

  it('every discovery and run variant of the document parses and is shown by its type', async () => {
    const variants = discoveryVariants(doc);
    const { api, client } = await start({ lists: { list_discoveries: variants } });
    const page = await client.listDiscoveries({ limit: 50 });
    expect(api.sampleProblems).toEqual([]);
    expect(page.skipped).toBe(0);
    expect(page.items.map((d) => d.discovery_type.type)).toEqual(
      variants.map((v) => (v['discovery_type'] as Item)['type']),
    );
    const h = await harness({ baseUrl: api.url });
    const result = await h.call('list_discoveries', {});
    expectShown(result, variants.flatMap(shownDiscoveryValues));
    const historical = variants.find((v) => (v['run_type'] as Item)['type'] === 'Historical');
    const phase = ((historical?.['run_type'] as Item | undefined)?.['results'] as Item)?.['phase'];
    // A finished or queued run says its phase (0.16 added Queued, 0.17 AwaitingSnapshot).
    expect(textOf(result)).toContain(`run record: ${phase === 'Failed' ? 'FAILED' : phase}`);
  });

  describe('SNMP credentials', () => {
    it('list, read and update: every request is declared and its body valid', async () => {
      const { api, client } = await start();
      const page = await client.listSnmpCredentials({ limit: 10, offset: 0 });
      expect(page.skipped).toBe(0);
      const listed = served(api, credentialOps.list);
      expect(page.items.map((c) => [c.id, c.name])).toEqual(
        listed.map((c) => [c['id'], c['name']]),
      );
      const first = page.items[0];
      expect(first).toBeDefined();
      if (!first) return;
      const read = await client.getSnmpCredential(first.id);
      expect(read.id).toBe(first.id);
      await client.updateSnmpCredential(first.id, {
        name: read.name,
        organization_id: read.organization_id,
        community: 'rotated-community-1',
        tags: read.tags,
      });
      expect(api.requests.some((r) => r.method === 'PUT')).toBe(true);
      expect(api.violations).toEqual([]);
      expect(api.sampleProblems).toEqual([]);
    });

    it('list_snmp_credentials over MCP shows each sampled id and name', async () => {
      const { api } = await start();
      const h = await harness({ baseUrl: api.url });
      const result = await h.call('list_snmp_credentials', {});
      const answer = served(api, credentialOps.list);
      expect(answer.length).toBeGreaterThan(0);
      expectShown(
        result,
        answer.flatMap((item) => [String(item['id']), String(item['name'])]),
      );
      expect(api.violations).toEqual([]);
    });

    it('update_snmp_credential: preview, then the token confirms one valid PUT', async () => {
      const { api } = await start();
      const h = await harness({ baseUrl: api.url, confirm: 'token' });
      const listed = await h.call('list_snmp_credentials', {});
      const credential = (listed.structuredContent?.['credentials'] as Item[] | undefined)?.[0];
      expect(credential).toBeDefined();
      const args = {
        id: credential?.['id'],
        name: credential?.['name'],
        organization_id: credential?.['organization_id'],
        community: 'rotated-community-2',
        tags: credential?.['tags'],
      };
      const preview = await h.call('update_snmp_credential', args);
      expect(preview.structuredContent?.['status'], textOf(preview)).toBe('preview');
      expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
      const token = preview.structuredContent?.['confirmation_token'];
      const confirmed = await h.call('update_snmp_credential', {
        ...args,
        confirmation_token: token,
      });
      expect(confirmed.structuredContent?.['status'], textOf(confirmed)).toBe('updated');
      const puts = api.requests.filter((r) => r.method === 'PUT');
      expect(puts.map(routeOf)).toEqual([`PUT ${credentialOps.path}/${args.id}`]);
      expect(JSON.stringify(puts[0]?.body)).toContain('rotated-community-2');
      expect(api.violations).toEqual([]);
      if (credentialOps.read === 'get_credential_by_id') {
        // 0.15+ PUT replaces the whole credential: all it read goes back, only the secret new.
        expectWholeObjectKept(served(api, credentialOps.read)[0], puts[0]?.body as Item);
      }
    });
  });

  it.each(['not-found', 'web-ui'] as const)(
    'get_unseen_release_notes says this version offers none, never retrying (unknown route: %s)',
    async (unknownRoutes) => {
      const { api } = await start({ unknownRoutes });
      const h = await harness({ baseUrl: api.url });
      for (const _ of [1, 2]) {
        const before = api.violations.length;
        const text = textOf(await h.call('get_unseen_release_notes', {}));
        expect(text).toMatch(/release notes/i);
        expect(text).toContain(version);
        // No Scanopy release has the endpoint: one try per call at most, never a retry.
        expect(api.violations.length - before).toBeLessThanOrEqual(1);
      }
    },
  );
});
