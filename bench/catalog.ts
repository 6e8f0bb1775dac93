// Target 4: the JSON of tools/list (every tool, output schemas included), as the built server sends it.
import { type BenchResult, runIfMain } from './lib/result.js';
import { serverEnv, startServer } from './lib/server.js';

export const MAX_CATALOG_BYTES = 9_500;

export async function catalogBench(): Promise<BenchResult> {
  const server = await startServer(serverEnv(new URL('http://127.0.0.1:9')));
  try {
    const result = await server.request('tools/list');
    const tools = (result['tools'] ?? []) as { name: string; outputSchema?: unknown }[];
    const bytes = Buffer.byteLength(JSON.stringify(result));
    const withOutput = tools.filter((tool) => tool.outputSchema !== undefined).length;
    return {
      name: '4. Catalog',
      figure: `${bytes} bytes`,
      target: `<= ${MAX_CATALOG_BYTES} bytes`,
      pass: bytes <= MAX_CATALOG_BYTES && withOutput === tools.length,
      detail: `${tools.length} tools, ${withOutput} with an output schema: ${tools.map((t) => t.name).join(', ')}`,
    };
  } finally {
    await server.close();
  }
}

await runIfMain(import.meta.url, catalogBench);
