// Bundles src/index.ts into the single file dist/index.js: a small launcher with the server embedded.
//
// Start-up is dominated by V8 compiling ~1 MB of bundled code (the SDK, zod 4, undici). Node 20 has no
// built-in compile cache for a single file, so the launcher compiles the embedded bundle with
// node:vm and a V8 code cache kept in the user's cache directory (written once per build, keyed by
// the bundle's SHA-256, never trusted across builds). Without a cache it still works: it just compiles.
import { createHash } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'esbuild';

/** Replaces a module with stand-in source (only for code stdio mode provably never runs). */
const replace = (name, filter, contents) => ({
  name,
  setup(b) {
    b.onResolve({ filter }, (args) => ({ path: args.path, namespace: name }));
    b.onLoad({ filter: /.*/, namespace: name }, () => ({
      contents,
      loader: 'js',
      resolveDir: '.',
    }));
  },
});

const result = await build({
  entryPoints: ['src/index.ts'],
  write: false,
  outfile: 'dist/index.js',
  bundle: true,
  platform: 'node',
  // CommonJS so the launcher can run it as a vm.Script (the only form a code cache applies to on Node 20).
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  // import() of a built-in (node:https on first use) becomes a lazy require(), runnable in vm.Script.
  supported: { 'dynamic-import': false },
  plugins: [
    // zod re-exports ~40 locales as a namespace; esbuild keeps them all. English is imported directly.
    replace('zod-locales', /^\.\.\/locales\/index\.js$/, 'export {};'),
    // The SDK also accepts zod 3 schemas, through zod/v3 and zod-to-json-schema; every schema here
    // is zod 4, so that path is replaced by one that says so if it is ever reached.
    replace(
      'sdk-zod-v3',
      /^(zod\/v3|zod-to-json-schema)$/,
      `const no = () => { throw new Error('zod 3 schemas are not supported in this build'); };
export const object = no;
export const zodToJsonSchema = no;`,
    ),
    // The SDK imports ajv only to validate elicitation answers (flat forms). src/server.ts passes
    // formSchemaValidator; this makes the SDK's default the same validator, so ajv is never bundled.
    replace(
      'sdk-ajv-provider',
      /\/validation\/ajv-provider\.js$/,
      `import { formSchemaValidator } from ${JSON.stringify(resolve('src/form-schema-validator.ts'))};
export class AjvJsonSchemaValidator { getValidator(schema) { return formSchemaValidator.getValidator(schema); } }`,
    ),
  ],
});

const bundle = result.outputFiles[0].text.replace(/^#!.*\n/, '');
// vm.Script has no module loader: every import() must have become a require() (see `supported`).
if (/\bimport\(\s*["'`]/.test(bundle)) throw new Error('the bundle kept an import()');
// The function wrapper Node gives CommonJS modules; 'use strict' because the sources are ES modules.
const source = `(function (exports, require, module, __filename, __dirname) {'use strict';${bundle}\n})`;
const digest = createHash('sha256').update(source).digest('hex').slice(0, 16);

const launcher = `#!/usr/bin/env node
// network-discovery-mcp: this launcher runs the bundled server below through a V8 code cache.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const filename = fileURLToPath(import.meta.url);
const source = ${JSON.stringify(source)};
const cacheName = 'index-${digest}.v8cache';
const STALE_MS = 7 * 24 * 3600 * 1000;

function cacheDir() {
  const env = process.env;
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const base =
    env.XDG_CACHE_HOME ||
    (process.platform === 'win32' && env.LOCALAPPDATA) ||
    join(homedir(), '.cache');
  // A relative base (an empty HOME, say) would put the cache in whatever directory we started in.
  return isAbsolute(base) ? join(base, 'network-discovery-mcp') : undefined;
}

/** Compiles the server, from the cache when it holds this build; the cache bytes are not kept. */
function compile(dir) {
  let cachedData;
  try {
    if (dir) cachedData = readFileSync(join(dir, cacheName));
  } catch {}
  const script = new Script(source, { filename, ...(cachedData ? { cachedData } : {}) });
  return { script, cached: cachedData !== undefined && !script.cachedDataRejected };
}

/** Writes the cache once the server has started (so it holds start-up's functions), or at exit. */
function saveLater(dir, script) {
  let written = false;
  const save = () => {
    if (written) return;
    written = true;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // Other builds' caches go once unused for a week (two installed versions must not evict
      // each other at every start).
      for (const old of readdirSync(dir)) {
        const path = join(dir, old);
        if (!old.startsWith('index-') || old === cacheName) continue;
        try {
          if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
        } catch {}
      }
      const temporary = join(dir, \`\${cacheName}.\${process.pid}\`);
      writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
      renameSync(temporary, join(dir, cacheName));
    } catch {}
  };
  setTimeout(save, 1000).unref();
  process.once('exit', save);
}

let dir;
try {
  dir = cacheDir();
} catch {}
const { script, cached } = compile(dir);
if (dir && !cached) saveLater(dir, script);

const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(filename), module, filename, dirname(filename));
`;

await mkdir('dist', { recursive: true });
await writeFile('dist/index.js', launcher);
await chmod('dist/index.js', 0o755);
