// server.json for the MCP Registry, built from package.json, the manifest and the config schema (`npm run manifest` writes it).
import packageJson from '../package.json' with { type: 'json' };
import { envSettings } from './env-settings.js';

/** The registry schema this file is written for; test/fixtures/registry/ holds a copy. */
export const SERVER_SCHEMA_URL =
  'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** The bundle's file name, as `npm run pack` writes it and a release carries it. */
export const BUNDLE_FILE = `${packageJson.name}.mcpb`;

export interface RegistryInput {
  readonly name: string;
  readonly description: string;
  readonly isRequired: boolean;
  readonly isSecret: boolean;
  readonly format: 'string' | 'number' | 'boolean';
}

export interface RegistryPackage {
  readonly registryType: 'npm' | 'mcpb';
  readonly registryBaseUrl?: string;
  readonly identifier: string;
  readonly version: string;
  readonly fileSha256?: string;
  readonly runtimeHint?: string;
  readonly transport: { readonly type: 'stdio' };
  readonly environmentVariables?: RegistryInput[];
}

export interface ServerJson {
  readonly $schema: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly repository: { readonly url: string; readonly source: 'github' };
  readonly version: string;
  readonly websiteUrl: string;
  readonly packages: RegistryPackage[];
}

/** The parts of manifest.json the registry entry repeats. */
export interface ManifestFacts {
  readonly display_name: string;
  readonly description: string;
}

/** https://github.com/owner/repo, from package.json's git+https://...git. */
export function repositoryUrl(): string {
  return packageJson.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
}

/** Where a GitHub release of this version carries the bundle. */
export function bundleUrl(version: string = packageJson.version): string {
  return `${repositoryUrl()}/releases/download/v${version}/${BUNDLE_FILE}`;
}

/** The .mcpb of a release, with the digest the registry asks clients to check before running it. */
export function bundlePackage(fileSha256: string): RegistryPackage {
  return {
    registryType: 'mcpb',
    identifier: bundleUrl(),
    version: packageJson.version,
    fileSha256,
    transport: { type: 'stdio' },
  };
}

/** The npm package run with npx over stdio, configured by the variables the config schema reads. */
function npmPackage(): RegistryPackage {
  return {
    registryType: 'npm',
    registryBaseUrl: 'https://registry.npmjs.org',
    identifier: packageJson.name,
    version: packageJson.version,
    runtimeHint: 'npx',
    transport: { type: 'stdio' },
    environmentVariables: envSettings().map((setting) => ({
      name: setting.name,
      description: setting.meaning,
      isRequired: setting.required,
      isSecret: setting.secret,
      format: setting.kind,
    })),
  };
}

/**
 * The registry entry. A release's bundle entry in `previous` is kept while it names this version
 * (its digest is of a file built elsewhere, so only `npm run manifest -- --bundle <file>` sets it).
 */
export function serverJson(manifest: ManifestFacts, previous?: Partial<ServerJson>): ServerJson {
  const bundle = (previous?.packages ?? []).filter(
    (entry) => entry.registryType === 'mcpb' && entry.version === packageJson.version,
  );
  return {
    $schema: SERVER_SCHEMA_URL,
    name: packageJson.mcpName,
    title: manifest.display_name,
    description: manifest.description,
    repository: { url: repositoryUrl(), source: 'github' },
    version: packageJson.version,
    websiteUrl: packageJson.homepage,
    packages: [npmPackage(), ...bundle],
  };
}
