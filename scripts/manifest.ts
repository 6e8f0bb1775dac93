// `npm run manifest`: rewrites manifest.json's generated parts and server.json (the MCP Registry entry) from the live definitions.
// `npm run manifest -- --bundle network-discovery-mcp.mcpb` also lists that release bundle in server.json with its sha256.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withManifestSummary } from './manifest-description.js';
import { manifestLists, PRIVACY_POLICY_URL } from './manifest-lists.js';
import { bundlePackage, type ServerJson, serverJson } from './server-json.js';

const manifestPath = new URL('../manifest.json', import.meta.url);
const serverPath = new URL('../server.json', import.meta.url);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
const lists = manifestLists();
const next = {
  ...manifest,
  version: lists.version,
  long_description: withManifestSummary(String(manifest['long_description'] ?? '')),
  tools: lists.tools,
  prompts: lists.prompts,
  privacy_policies: [PRIVACY_POLICY_URL],
};
// Biome formats both files at the end, so the diff stays minimal.
writeFileSync(manifestPath, `${JSON.stringify(next, null, 2)}\n`);

const previous: Partial<ServerJson> = existsSync(serverPath)
  ? JSON.parse(readFileSync(serverPath, 'utf8'))
  : {};
const bundleAt = process.argv.indexOf('--bundle');
const bundleFile = bundleAt === -1 ? undefined : process.argv[bundleAt + 1];
if (bundleAt !== -1 && !bundleFile) throw new Error('--bundle needs the .mcpb file');
const withBundle: Partial<ServerJson> = bundleFile
  ? {
      packages: [
        bundlePackage(createHash('sha256').update(readFileSync(bundleFile)).digest('hex')),
      ],
    }
  : previous;
const registry = serverJson(
  { display_name: String(manifest['display_name']), description: String(manifest['description']) },
  withBundle,
);
writeFileSync(serverPath, `${JSON.stringify(registry, null, 2)}\n`);
// Here rather than in the npm script, where `-- --bundle <file>` would reach biome instead.
const biome = spawnSync(
  fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url)),
  ['format', '--write', fileURLToPath(manifestPath), fileURLToPath(serverPath)],
  { stdio: 'inherit', shell: process.platform === 'win32' },
);
if (biome.status !== 0) process.exitCode = 1;
console.log(
  `manifest.json: ${lists.tools.length} tools, ${lists.prompts.length} prompts, version ${lists.version}; ` +
    `server.json: ${registry.packages.map((p) => p.registryType).join(' and ')} package(s)`,
);
