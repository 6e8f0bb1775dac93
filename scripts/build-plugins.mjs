// esbuild plugins shared by the server's bundle and the view's: stand-ins for code neither ever runs.
import { resolve } from 'node:path';

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

/**
 * The server's start-up in as few files as esbuild can make. esbuild puts each module in a chunk by
 * the set of entries that reach it (the entry, and every dynamic import's target), so the modules
 * src/main.ts loads at start fell into ~20 chunks, by which lazy parts also use them; Node resolves,
 * reads and compiles each file on its own. A lazy part is only ever loaded after src/main.ts has run,
 * so importing main's own imports at the top of each (a no-op at run time: they have run) changes
 * nothing it does, and gives every start-up module the same set. main.ts itself is not imported: a
 * module both imported and import()ed is wrapped in a closure by esbuild, and with it everything it
 * imports, which V8 then parses twice. docs/performance.md has the measurement.
 */
export const joinStartup = (startupImports, lazyEntries) => ({
  name: 'join-startup',
  setup(b) {
    b.onResolve({ filter: /^join-startup:set$/ }, () => ({
      path: 'set',
      namespace: 'join-startup',
    }));
    b.onLoad({ filter: /.*/, namespace: 'join-startup' }, () => ({
      contents: startupImports.map((path) => `import ${JSON.stringify(path)};`).join('\n'),
      loader: 'js',
      resolveDir: '.',
    }));
    b.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (!lazyEntries.has(args.path)) return undefined;
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      return {
        contents: `import 'join-startup:set';\n${source}`,
        loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js',
      };
    });
  },
});

/** A metafile path of a file on disk, not a plugin's stand-in (`namespace:path`). */
const onDisk = (imp) => !imp.external && !/^[\w-]+:/.test(imp.path);

/** What `file` (an absolute path) imports statically, from a build's metafile, as absolute paths. */
export function staticImports(metafile, file) {
  const input = Object.entries(metafile.inputs).find(([path]) => resolve(path) === file)?.[1];
  return (input?.imports ?? [])
    .filter((imp) => imp.kind === 'import-statement' && onDisk(imp))
    .map((imp) => resolve(imp.path));
}

/** Every module a build reaches through a dynamic import (from its metafile), as absolute paths. */
export function dynamicTargets(metafile) {
  const targets = new Set();
  for (const input of Object.values(metafile.inputs))
    for (const imp of input.imports)
      if (imp.kind === 'dynamic-import' && onDisk(imp)) targets.add(resolve(imp.path));
  return targets;
}
