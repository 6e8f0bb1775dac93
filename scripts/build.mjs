// Bundles src/index.ts into the single ESM file dist/index.js that `node dist/index.js` serves from.
//
// Start-up is dominated by V8 compiling the bundle, so the bundle leaves out what stdio mode never
// runs: zod's locales, the SDK's zod 3 path and ajv. Dynamic imports (HTTP mode, doctor, demo, the
// HTML converter) stay lazy inside the one file: esbuild evaluates them only when first imported.
import { chmod } from 'node:fs/promises';
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

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'dist/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
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
    // The SDK imports ajv only to validate elicitation answers (flat forms). src/mcp/server.ts passes
    // formSchemaValidator; this makes the SDK's default the same validator, so ajv is never bundled.
    replace(
      'sdk-ajv-provider',
      /\/validation\/ajv-provider\.js$/,
      `import { formSchemaValidator } from ${JSON.stringify(resolve('src/mcp/form-schema-validator.ts'))};
export class AjvJsonSchemaValidator { getValidator(schema) { return formSchemaValidator.getValidator(schema); } }`,
    ),
  ],
});

await chmod('dist/index.js', 0o755);
