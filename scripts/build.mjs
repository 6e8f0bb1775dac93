// Bundles src/index.ts into the single file dist/index.js that `node dist/index.js` serves from.
import { chmod } from 'node:fs/promises';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'dist/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  // CommonJS dependencies (undici) call require() for Node built-ins; ESM output needs a real one.
  banner: {
    js: "import { createRequire as __ndmCreateRequire } from 'node:module'; const require = __ndmCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await chmod('dist/index.js', 0o755);
