// Bundles src/index.ts into the single ESM file dist/index.js that `node dist/index.js` serves from.
//
// Start-up is dominated by V8 compiling the bundle, so the bundle leaves out what stdio mode never
// runs: zod's locales, the SDK's zod 3 path and ajv. Dynamic imports (HTTP mode, doctor, demo, the
// HTML converter) become files of their own under dist/chunks: inside one file V8 would still have
// to read and pre-parse them at every start, as separate files they are not even opened until used.
import { chmod, readdir, rm, utimes } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import {
  builtinRequires,
  dynamicTargets,
  joinStartup,
  replace,
  staticImports,
  zodTrims,
} from './build-plugins.mjs';
import { buildUi } from './build-ui.mjs';

// `node scripts/build.mjs [entry outdir]`: the bench bundles its SDK floor server the same way.
const [entry = 'src/index.ts', outdir = 'dist'] = process.argv.slice(2);
const main = `${outdir}/index.js`;

// First: the server's bundle takes the view in as a chunk of its own (src/mcp/app-resource.ts).
const viewBytes = entry === 'src/index.ts' ? await buildUi() : undefined;

const options = {
  entryPoints: { index: entry },
  outdir,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // BUILD_MINIFY=0 (bench/profile.ts): the same chunks with names and `// src/...` markers kept, so a
  // profile's frames name functions and source files.
  minify: process.env.BUILD_MINIFY !== '0',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [
    ...zodTrims(),
    builtinRequires(),
    // The Redis client imports this optional package only for its `digest` command, which the
    // spent store never sends: a stand-in makes that import fail as if it were not installed.
    replace(
      'redis-xxhash',
      /^@node-rs\/xxhash$/,
      `throw new Error('@node-rs/xxhash is not bundled');`,
    ),
    // The SDK imports ajv only to validate elicitation answers (flat forms). src/mcp/server.ts passes
    // formSchemaValidator; this makes the SDK's default the same validator, so ajv is never bundled.
    replace(
      'sdk-ajv-provider',
      /\/validation\/ajv-provider\.js$/,
      `import { formSchemaValidator } from ${JSON.stringify(resolve('src/mcp/form-schema-validator.ts'))};
export class AjvJsonSchemaValidator { getValidator(schema) { return formSchemaValidator.getValidator(schema); } }`,
    ),
    // SDK v2 picks its default validator (ajv on Node) through a runtime shim: the same swap.
    replace(
      'sdk-v2-shims',
      /^@modelcontextprotocol\/server\/_shims$/,
      `import process from 'node:process';
import { formSchemaValidator } from ${JSON.stringify(resolve('src/mcp/form-schema-validator.ts'))};
export { process };
export class DefaultJsonSchemaValidator { getValidator(schema) { return formSchemaValidator.getValidator(schema); } }`,
    ),
  ],
};

// The server's start-up modules in one chunk (joinStartup): a first pass finds the lazy parts.
const mainFile = resolve('src/main.ts');
const first =
  entry === 'src/index.ts' ? (await build({ ...options, write: false })).metafile : undefined;
// Our own modules only: an import put in a CommonJS package (cronstrue) makes esbuild wrap it, and
// all it imports, in closures. No package that start-up loads is shared with one.
const lazyEntries = new Set(
  [...(first ? dynamicTargets(first) : [])].filter(
    (path) => path.startsWith(resolve('src')) && path !== mainFile,
  ),
);
const startupImports = first ? staticImports(first, mainFile) : [];
const { metafile } = await build({
  ...options,
  plugins: [joinStartup(startupImports, lazyEntries), ...options.plugins],
});

// Chunk names carry a content hash, so old ones would pile up. They are removed only after the new
// ones are written: a server started from the previous build keeps finding the chunks it loads late.
const written = new Set(Object.keys(metafile.outputs).map((file) => resolve(file)));
for (const name of await readdir(`${outdir}/chunks`).catch(() => [])) {
  const file = resolve(outdir, 'chunks', name);
  if (!written.has(file)) await rm(file);
}

await chmod(main, 0o755);
if (viewBytes) console.log(`dist/ui/app.html: ${viewBytes} bytes`);
// test/build-dist.ts judges freshness by dist/index.js alone, so it must be the newest file written.
const now = new Date();
await utimes(main, now, now);
