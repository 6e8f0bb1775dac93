// manifest.json: valid for the mcpb CLI, and its tools, prompts and settings match the live server.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestSummary, withManifestSummary } from '../scripts/manifest-description.js';
import { manifestLists, PRIVACY_POLICY_URL } from '../scripts/manifest-lists.js';
import { NEWEST_KNOWN_VERSION } from '../src/api/families/service-profile.js';
import { CLIENT_MARKER, envSchema } from '../src/config.js';
import { ROOT } from './build-dist.js';
import { type Harness, startHarness } from './harness.js';

interface UserConfigEntry {
  type: string;
  title: string;
  description: string;
  required?: boolean;
  sensitive?: boolean;
  default?: unknown;
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8'));
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const userConfig = manifest.user_config as Record<string, UserConfigEntry>;
const env = manifest.server.mcp_config.env as Record<string, string>;

/** The user_config key an env value maps from, e.g. "${user_config.api_key}" -> "api_key". */
function settingFor(variable: string): UserConfigEntry {
  const key = /^\$\{user_config\.([a-z_]+)\}$/.exec(env[variable] ?? '')?.[1];
  expect(key, `${variable} maps a user_config value`).toBeDefined();
  const entry = userConfig[key as string];
  expect(entry, `user_config.${key} exists`).toBeDefined();
  return entry as UserConfigEntry;
}

/** The installed mcpb CLI's own check of a manifest file. */
function mcpbValidate(path: string) {
  return spawnSync(join(ROOT, 'node_modules', '.bin', 'mcpb'), ['validate', path], {
    encoding: 'utf8',
  });
}

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe('manifest.json', () => {
  it('passes `mcpb validate`', () => {
    const result = mcpbValidate(join(ROOT, 'manifest.json'));
    expect(result.stdout).toContain('Manifest schema validation passes');
    expect(result.status).toBe(0);
  });

  it('is checked by `mcpb validate` against the 0.3 schema: a bad privacy policy URL fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndm-manifest-'));
    try {
      const broken = join(dir, 'manifest.json');
      writeFileSync(broken, JSON.stringify({ ...manifest, privacy_policies: ['not a url'] }));
      const result = mcpbValidate(broken);
      expect(result.stderr + result.stdout).toMatch(/privacy_policies\.0: Invalid url/);
      expect(result.status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is on the current bundle spec, manifest_version 0.3, and launches node on dist/index.js inside the bundle', () => {
    expect(manifest.manifest_version).toBe('0.3');
    expect(manifest.name).toBe(packageJson.name);
    expect(manifest.server).toMatchObject({
      type: 'node',
      entry_point: 'dist/index.js',
      mcp_config: { command: 'node', args: [`\${__dirname}/dist/index.js`] },
    });
  });

  it('has the store fields and agrees with package.json', () => {
    for (const field of ['display_name', 'description', 'long_description', 'icon']) {
      expect(manifest[field], field).toEqual(expect.any(String));
    }
    expect(manifest.version).toBe(packageJson.version);
    expect(manifest.license).toBe(packageJson.license);
    expect(packageJson.repository.url).toContain(
      manifest.repository.url.replace(/^https:\/\//, ''),
    );
    expect(manifest.keywords).toEqual(expect.arrayContaining(['mcp', 'scanopy', 'snmp']));
    expect(manifest.compatibility.runtimes.node).toMatch(/^>=20\./);
  });

  it("links its privacy policy: the README's privacy section, which says what leaves the machine", () => {
    expect(manifest.privacy_policies).toEqual([PRIVACY_POLICY_URL]);
    expect(PRIVACY_POLICY_URL).toBe(`${manifest.repository.url}#privacy`);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = /^## Privacy\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
    expect(section).toMatch(/leaves? (this|the) machine/);
    expect(section).toMatch(/NETWORK_DISCOVERY_AUDIT_LOG/);
  });

  it('names the Scanopy versions the server supports (run `npm run manifest` when this fails)', () => {
    expect(manifest.long_description).toBe(withManifestSummary(manifest.long_description));
    expect(manifest.long_description.startsWith(`${manifestSummary()}\n\n`)).toBe(true);
    expect(manifestSummary()).toContain(`versions 0.14 to ${NEWEST_KNOWN_VERSION}`);
    expect(manifest.long_description).not.toMatch(/0\.14\.x/);
  });

  it('maps every setting to an environment variable the server reads', () => {
    // Besides the settings, one fixed marker: errors then name the extension's settings.
    expect(env[CLIENT_MARKER]).toBe('mcpb');
    const accepted = [...Object.keys(envSchema.shape), CLIENT_MARKER];
    for (const variable of Object.keys(env)) expect(accepted).toContain(variable);
    const used = Object.values(env)
      .map((value) => /user_config\.([a-z_]+)/.exec(value)?.[1])
      .filter((key) => key !== undefined);
    expect(used.sort()).toEqual(Object.keys(userConfig).sort());
  });

  it('declares each setting with the right type; the key and session are sensitive', () => {
    expect(settingFor('NETWORK_DISCOVERY_BASE_URL')).toMatchObject({
      type: 'string',
      required: true,
    });
    expect(settingFor('NETWORK_DISCOVERY_API_KEY')).toMatchObject({
      type: 'string',
      sensitive: true,
    });
    expect(settingFor('NETWORK_DISCOVERY_SESSION_ID')).toMatchObject({
      type: 'string',
      sensitive: true,
    });
    expect(settingFor('NETWORK_DISCOVERY_READ_ONLY')).toMatchObject({ type: 'boolean' });
    expect(settingFor('NETWORK_DISCOVERY_TIMEOUT_MS')).toMatchObject({
      type: 'number',
      default: 30000,
    });
  });

  it('gives every optional setting a default, so no placeholder is passed on literally', () => {
    // A host leaves an unset optional value without a default as the literal placeholder text.
    for (const [key, entry] of Object.entries(userConfig)) {
      if (!entry.required) expect(entry.default, key).not.toBeUndefined();
    }
  });

  it('lists exactly the tools and prompts the definitions produce (run `npm run manifest` to fix)', () => {
    const expected = manifestLists();
    expect(manifest.tools).toEqual(expected.tools);
    expect(manifest.prompts).toEqual(expected.prompts);
    expect(manifest.version).toBe(expected.version);
  });

  it("lists exactly the running server's tools and prompts", async () => {
    const { tools } = await harness.client.listTools();
    expect(manifest.tools).toEqual(
      tools.map((tool) => ({ name: tool.name, description: tool.description })),
    );
    const { prompts } = await harness.client.listPrompts();
    expect(
      manifest.prompts.map((p: { name: string; description: string; arguments: string[] }) => ({
        name: p.name,
        description: p.description,
        arguments: p.arguments,
      })),
    ).toEqual(
      prompts.map((prompt) => ({
        name: prompt.name,
        description: prompt.description,
        arguments: (prompt.arguments ?? []).map((a) => a.name),
      })),
    );
  });

  it('has a 512x512 PNG icon', () => {
    const png = readFileSync(join(ROOT, manifest.icon));
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  });

  it('the icon is what scripts/make-icon.mjs draws', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndm-icon-'));
    try {
      const drawn = join(dir, 'icon.png');
      execFileSync(process.execPath, [join(ROOT, 'scripts', 'make-icon.mjs'), drawn], {
        stdio: 'pipe',
      });
      expect(readFileSync(drawn).equals(readFileSync(join(ROOT, 'icon.png')))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
