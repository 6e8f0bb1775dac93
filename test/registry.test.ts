// server.json for the MCP Registry: valid against the registry's published schema (a pinned copy), and in step with package.json, the manifest and the config schema.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bundlePackage,
  bundleUrl,
  type RegistryPackage,
  repositoryUrl,
  SERVER_SCHEMA_URL,
  type ServerJson,
  serverJson,
} from '../scripts/server-json.js';
import { envSchema } from '../src/config.js';
import { ROOT } from './build-dist.js';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'registry');
const source = JSON.parse(readFileSync(join(FIXTURE, 'source.json'), 'utf8'));
const schemaBytes = readFileSync(join(FIXTURE, source.file));
const server: ServerJson = JSON.parse(readFileSync(join(ROOT, 'server.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8'));
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

let validate: ValidateFunction;
beforeAll(() => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajvFormats.default(ajv);
  validate = ajv.compile(JSON.parse(schemaBytes.toString('utf8')));
});

/** The schema's complaints about `doc`, one line each. */
function problems(doc: unknown): string[] {
  return validate(doc)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

const npmEntry = (doc: ServerJson): RegistryPackage | undefined =>
  doc.packages.find((entry) => entry.registryType === 'npm');

describe('the registry schema fixture', () => {
  it('is the published 2025-12-11 schema, byte for byte (sha256 pinned with its source)', () => {
    expect(createHash('sha256').update(schemaBytes).digest('hex')).toBe(source.sha256);
    expect(source.url).toBe(SERVER_SCHEMA_URL);
    expect(JSON.parse(schemaBytes.toString('utf8')).$id).toBe(SERVER_SCHEMA_URL);
  });

  it('refuses what the registry refuses: a long description, a "latest" version, a bad name', () => {
    const npm = npmEntry(server) as RegistryPackage;
    expect(problems({ ...server, description: 'x'.repeat(101) })).not.toEqual([]);
    expect(problems({ ...server, packages: [{ ...npm, version: 'latest' }] })).not.toEqual([]);
    expect(problems({ ...server, name: 'network-discovery-mcp' })).not.toEqual([]);
    expect(
      problems({ ...server, packages: [{ ...bundlePackage('not-a-digest'), fileSha256: 'x' }] }),
    ).not.toEqual([]);
  });
});

describe('server.json', () => {
  it('passes the registry schema', () => {
    expect(problems(server)).toEqual([]);
    expect(server.$schema).toBe(SERVER_SCHEMA_URL);
  });

  it('is what `npm run manifest` writes (run it when this fails)', () => {
    expect(server).toEqual(
      serverJson(
        { display_name: manifest.display_name, description: manifest.description },
        server,
      ),
    );
  });

  it("is named after the GitHub repository, as package.json's mcpName (the registry checks both)", () => {
    const [owner, repo] = new URL(repositoryUrl()).pathname.slice(1).split('/');
    expect(packageJson.mcpName).toBe(`io.github.${owner}/${repo}`);
    expect(server.name).toBe(packageJson.mcpName);
    expect(server.repository).toEqual({ url: repositoryUrl(), source: 'github' });
  });

  it('carries the version, title and description of package.json and the manifest', () => {
    expect(server.version).toBe(packageJson.version);
    expect(server.version).toBe(manifest.version);
    expect(server.title).toBe(manifest.display_name);
    expect(server.description).toBe(manifest.description);
    expect(server.websiteUrl).toBe(packageJson.homepage);
  });

  it('offers the npm package over stdio, its bin being the server', () => {
    const npm = npmEntry(server);
    expect(npm).toMatchObject({
      registryType: 'npm',
      identifier: packageJson.name,
      version: packageJson.version,
      transport: { type: 'stdio' },
    });
    expect(packageJson.bin[packageJson.name]).toBe('dist/index.js');
  });

  it('lists every variable the config schema reads; the base URL alone required', () => {
    const variables = npmEntry(server)?.environmentVariables ?? [];
    expect(variables.map((v) => v.name)).toEqual(Object.keys(envSchema.shape));
    for (const variable of variables) expect(variable.description, variable.name).not.toBe('');
    expect(variables.filter((v) => v.isRequired).map((v) => v.name)).toEqual([
      'NETWORK_DISCOVERY_BASE_URL',
    ]);
  });

  it('marks as secret every variable the bundle asks for as sensitive, and the key and session', () => {
    const variables = new Map(
      (npmEntry(server)?.environmentVariables ?? []).map((v) => [v.name, v]),
    );
    const sensitive = Object.entries(manifest.server.mcp_config.env as Record<string, string>)
      .filter(([, value]) => {
        const key = /^\$\{user_config\.(\w+)\}$/.exec(value)?.[1];
        return key !== undefined && manifest.user_config[key]?.sensitive === true;
      })
      .map(([name]) => name);
    expect(sensitive).toEqual(['NETWORK_DISCOVERY_API_KEY', 'NETWORK_DISCOVERY_SESSION_ID']);
    for (const name of sensitive) expect(variables.get(name)?.isSecret, name).toBe(true);
    expect(variables.get('NETWORK_DISCOVERY_BASE_URL')?.isSecret).toBe(false);
    expect(variables.get('NETWORK_DISCOVERY_READ_ONLY')?.format).toBe('boolean');
    expect(variables.get('NETWORK_DISCOVERY_TIMEOUT_MS')?.format).toBe('number');
  });

  it("lists a release's bundle only for this version, with its digest", () => {
    for (const entry of server.packages.filter((p) => p.registryType === 'mcpb')) {
      expect(entry.identifier).toBe(bundleUrl(packageJson.version));
      expect(entry.fileSha256).toMatch(/^[a-f0-9]{64}$/);
    }
    // A bundle entry of another version is dropped on regeneration: its digest is of another file.
    const stale = { packages: [{ ...bundlePackage('a'.repeat(64)), version: '0.0.1' }] };
    const regenerated = serverJson(manifest, stale);
    expect(regenerated.packages.map((p) => p.registryType)).toEqual(['npm']);
    const current = serverJson(manifest, { packages: [bundlePackage('b'.repeat(64))] });
    expect(problems(current)).toEqual([]);
    expect(current.packages.map((p) => p.registryType)).toEqual(['npm', 'mcpb']);
  });
});
