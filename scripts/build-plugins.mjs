// esbuild plugins shared by the server's bundle and the view's: stand-ins for code neither ever runs.

/** Replaces a module with stand-in source (only for code the bundle provably never runs). */
export const replace = (name, filter, contents) => ({
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

/** zod's locales and the SDK's zod 3 path, left out of both bundles. */
export const zodTrims = () => [
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
];

/**
 * CommonJS packages (the Redis client) `require()` node's built-ins, which an ESM bundle cannot:
 * each such require gets the module from process.getBuiltinModule instead. ESM imports are left
 * as they are, so nothing changes for code that already loaded.
 */
export const builtinRequires = () => ({
  name: 'builtin-requires',
  setup(b) {
    b.onResolve({ filter: /^[a-z_:/]+$/ }, async (args) => {
      if (args.kind !== 'require-call') return undefined;
      const { isBuiltin } = await import('node:module');
      if (!isBuiltin(args.path)) return undefined;
      return { path: args.path, namespace: 'builtin-require' };
    });
    b.onLoad({ filter: /.*/, namespace: 'builtin-require' }, (args) => ({
      contents: `module.exports = process.getBuiltinModule(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
});
