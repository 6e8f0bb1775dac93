// `npm run manifest`: rewrites manifest.json's version, tools, prompts and supported Scanopy versions from the live definitions.
import { readFileSync, writeFileSync } from 'node:fs';
import { withManifestSummary } from './manifest-description.js';
import { manifestLists } from './manifest-lists.js';

const path = new URL('../manifest.json', import.meta.url);
const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const lists = manifestLists();
const next = {
  ...manifest,
  version: lists.version,
  long_description: withManifestSummary(String(manifest['long_description'] ?? '')),
  tools: lists.tools,
  prompts: lists.prompts,
};
// Biome formats the file afterwards (see the npm script), so the diff stays minimal.
writeFileSync(path, `${JSON.stringify(next, null, 2)}\n`);
console.log(
  `manifest.json: ${lists.tools.length} tools, ${lists.prompts.length} prompts, version ${lists.version}`,
);
