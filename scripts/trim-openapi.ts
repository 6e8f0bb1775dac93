// Trims Scanopy's OpenAPI documents to the operations this server calls: test/fixtures/openapi/*.json.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/**
 * Every route src/api/ sends (client.ts, credentials.ts) and the contract tests exercise, in the
 * form the documents declare them. A route a version lacks is simply absent from its fixture,
 * which is what the contract tests check against (e.g. /api/v1/credentials before 0.15).
 */
export const CALLED_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  '/api/auth/login': ['post'],
  '/api/v1/credentials': ['get'],
  '/api/v1/credentials/{id}': ['get', 'put'],
  '/api/v1/daemons': ['get'],
  '/api/v1/discovery': ['get'],
  '/api/v1/hosts': ['get'],
  // The inventory (families/inventory.ts): hosts, IPs (0.14-0.15 interfaces, 0.16+ ip-addresses),
  // SNMP interfaces (if-entries; interfaces on 0.17.22), services, subnets.
  '/api/v1/hosts/{id}': ['get'],
  '/api/v1/hosts/field-values/{field}': ['get'],
  '/api/v1/if-entries': ['get'],
  '/api/v1/interfaces': ['get'],
  // get_host's neighbours: a far port by id (families/links.ts).
  '/api/v1/if-entries/{id}': ['get'],
  '/api/v1/interfaces/{id}': ['get'],
  '/api/v1/ip-addresses': ['get'],
  '/api/v1/services/{id}': ['get'],
  '/api/v1/subnets': ['get'],
  '/api/v1/networks': ['get'],
  '/api/v1/release-notes/unseen': ['get'],
  '/api/v1/sites': ['get'],
  '/api/v1/snmp-credentials': ['get'],
  '/api/v1/snmp-credentials/{id}': ['get', 'put'],
  '/api/v1/tags': ['get'],
  '/api/version': ['get'],
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
const FILE_NAME = /^scanopy-(\d+\.\d+\.\d+)\.json$/;
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURE_DIR = path.join(REPO_ROOT, 'test', 'fixtures', 'openapi');

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every local `$ref` under a node ("#/components/schemas/X" and the like). */
function refsIn(node: Json, found: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) refsIn(item, found);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) found.add(value);
      else refsIn(value, found);
    }
  }
}

/** The same value with every object's keys sorted, so the output does not depend on input order. */
function sorted(node: Json): Json {
  if (Array.isArray(node)) return node.map(sorted);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.keys(node)
      .sort()
      .map((key) => [key, sorted(node[key] as Json)]),
  );
}

function lookup(document: JsonObject, ref: string): Json | undefined {
  let node: Json | undefined = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = isObject(node) ? node[key] : undefined;
  }
  return node;
}

export interface TrimSource {
  readonly file: string;
  readonly version: string;
  readonly text: string;
}

/** The trimmed document: kept operations, the components they reach, and where it came from. */
export function trimDocument(source: TrimSource, trimmedOn: string): JsonObject {
  const document = JSON.parse(source.text) as JsonObject;
  const allPaths = (document['paths'] ?? {}) as JsonObject;
  const paths: JsonObject = {};
  const kept: string[] = [];
  for (const [template, methods] of Object.entries(CALLED_OPERATIONS)) {
    const item = allPaths[template];
    if (!isObject(item)) continue;
    const trimmed: JsonObject = {};
    // Path-level entries (parameters, summary) apply to every method and stay.
    for (const [key, value] of Object.entries(item)) {
      if (methods.includes(key) || !HTTP_METHODS.has(key)) trimmed[key] = value;
    }
    for (const method of methods)
      if (item[method]) kept.push(`${method.toUpperCase()} ${template}`);
    if (methods.some((method) => item[method])) paths[template] = trimmed;
  }

  // Components reached from the kept paths, transitively through $ref.
  const reached = new Set<string>();
  const pending = new Set<string>();
  refsIn(paths, pending);
  while (pending.size > 0) {
    const ref = pending.values().next().value as string;
    pending.delete(ref);
    if (reached.has(ref)) continue;
    reached.add(ref);
    const target = lookup(document, ref);
    if (target === undefined) throw new Error(`${source.file}: unresolved $ref ${ref}`);
    const inner = new Set<string>();
    refsIn(target, inner);
    for (const next of inner) if (!reached.has(next)) pending.add(next);
  }
  const allComponents = (document['components'] ?? {}) as JsonObject;
  const components: JsonObject = {};
  for (const ref of reached) {
    const [section, kind, name, ...rest] = ref.slice(2).split('/');
    if (section !== 'components' || !kind || !name || rest.length > 0) {
      throw new Error(`${source.file}: $ref outside components/<kind>/<name>: ${ref}`);
    }
    const ofKind = (components[kind] ?? {}) as JsonObject;
    ofKind[name] = (allComponents[kind] as JsonObject)[name] as Json;
    components[kind] = ofKind;
  }
  // Security schemes are named by the operations' `security`, not by $ref.
  if (allComponents['securitySchemes']) {
    components['securitySchemes'] = allComponents['securitySchemes'];
  }

  const usedTags = new Set<string>();
  for (const item of Object.values(paths) as JsonObject[]) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !isObject(operation)) continue;
      for (const tag of (operation['tags'] ?? []) as string[]) usedTags.add(tag);
    }
  }
  const tags = ((document['tags'] ?? []) as JsonObject[])
    .filter((tag) => usedTags.has(String(tag['name'])))
    .sort((a, b) => String(a['name']).localeCompare(String(b['name'])));

  const info = { ...((document['info'] ?? {}) as JsonObject) };
  const trimmedFrom = {
    file: source.file,
    scanopy_version: source.version,
    sha256: createHash('sha256').update(source.text).digest('hex'),
    trimmed_on: trimmedOn,
    tool: 'scripts/trim-openapi.ts',
    kept_operations: kept.sort(),
  };
  return sorted({
    ...document,
    info: { ...info, 'x-trimmed-from': trimmedFrom },
    paths,
    components,
    tags,
  }) as JsonObject;
}

/** Today's date (UTC), unless TRIM_DATE pins it so a re-run reproduces the committed files. */
function trimmedOn(): string {
  return process.env['TRIM_DATE'] ?? new Date().toISOString().slice(0, 10);
}

function main(): void {
  const sourceDir = process.argv[2];
  if (!sourceDir) {
    console.error('usage: npm run trim-openapi -- <folder with scanopy-X.Y.Z.json>');
    process.exit(2);
  }
  const names = readdirSync(sourceDir).filter((name) => FILE_NAME.test(name));
  if (names.length === 0) {
    console.error(`no scanopy-X.Y.Z.json in ${sourceDir}`);
    process.exit(1);
  }
  mkdirSync(FIXTURE_DIR, { recursive: true });
  const written: string[] = [];
  for (const file of names.sort()) {
    const version = FILE_NAME.exec(file)?.[1] ?? '';
    const text = readFileSync(path.join(sourceDir, file), 'utf8');
    const trimmed = trimDocument({ file, version, text }, trimmedOn());
    const out = path.join(FIXTURE_DIR, file);
    writeFileSync(out, `${JSON.stringify(trimmed, null, 2)}\n`);
    written.push(out);
    const kept = (trimmed['info'] as JsonObject)['x-trimmed-from'] as JsonObject;
    const size = Buffer.byteLength(text);
    console.log(
      `${file}: ${(kept['kept_operations'] as string[]).length} operations, ` +
        `${Object.keys((trimmed['components'] as JsonObject)['schemas'] ?? {}).length} schemas`,
      `(source ${size} bytes)`,
    );
  }
  // Biome's own layout, so `npm run lint` passes on the files as written.
  const biome = path.join(REPO_ROOT, 'node_modules', '.bin', 'biome');
  execFileSync(biome, ['format', '--write', ...written], { stdio: 'inherit' });
  for (const out of written)
    console.log(`${path.relative(REPO_ROOT, out)}: ${readFileSync(out).length} bytes`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
