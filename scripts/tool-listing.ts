// `npm run listing`: writes src/mcp/tool-listing.json, the tools/list answer, from the live tool definitions.
//
// The answer is the SDK's tool shapes minus what costs a model context and tells it nothing. It is
// generated rather than converted at run time: turning ten zod schemas into JSON Schema took ~11 ms
// of every server's first tools/list (and of every tools/list in HTTP mode, one server a request).
// test/tool-listing.test.ts fails when the file no longer matches the definitions.
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ZodRawShape } from 'zod';
import * as z from 'zod';
import { strictArguments } from '../src/mcp/strict-arguments.js';
import { ALL_TOOLS } from '../src/tools/catalog.js';
import type { AnyToolDefinition } from '../src/tools/define-tool.js';

/** Keys an output schema can do without: what it drops, and the bytes that buys. */
const OUTPUT_ONLY_POLICING = new Set(['additionalProperties', 'required']);

/**
 * Output schemas describe what comes back; they need not forbid extra fields nor list the ones
 * always there (the structured result itself shows them). Dropping `additionalProperties` saves
 * ~25 bytes per object, `required` ~600 bytes over the catalog: room for list_discoveries' filters.
 */
function withoutAdditionalProperties(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAdditionalProperties);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!OUTPUT_ONLY_POLICING.has(key)) out[key] = withoutAdditionalProperties(value);
  }
  return out;
}

/**
 * `anyOf` of bare types (`fields`: a string or a list of strings) as one `type` list: the same
 * meaning under draft-07 and 2020-12 (`items` binds arrays only), 14 bytes less each time.
 */
function mergedTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mergedTypes);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = mergedTypes(value);
  const members = out['anyOf'];
  if (!Array.isArray(members)) return out;
  const bare = members.every(
    (m) =>
      typeof m === 'object' &&
      m !== null &&
      typeof m.type === 'string' &&
      Object.keys(m).every((k) => k === 'type' || (k === 'items' && m.type === 'array')),
  );
  if (!bare) return out;
  const { anyOf: _members, ...rest } = out;
  const items = members.find((m) => m.items !== undefined)?.items;
  return { ...rest, type: members.map((m) => m.type), ...(items ? { items } : {}) };
}

/**
 * JSON Schema as the SDK derives it (draft-07 rules, inputs as accepted, outputs as produced),
 * without `$schema`: what we emit means the same under draft-07 and 2020-12.
 */
function jsonSchema(shape: ZodRawShape, io: 'input' | 'output'): Tool['inputSchema'] {
  // Inputs are strict (src/mcp/strict-arguments.ts): the listing says additionalProperties false.
  const object = io === 'input' ? strictArguments('', shape) : z.object(shape);
  const { $schema: _dialect, ...schema } = z.toJSONSchema(object, {
    target: 'draft-7',
    io,
  });
  return (
    io === 'output' ? withoutAdditionalProperties(schema) : mergedTypes(schema)
  ) as Tool['inputSchema'];
}

/** Every tool as listed; `execution` is left out because its default is already "forbidden". */
export function toolListing(tools: readonly AnyToolDefinition[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.inputSchema, 'input'),
    outputSchema: jsonSchema(tool.outputSchema, 'output'),
    // Directories ask for annotations.title beside the spec's top-level title: one source, both places.
    annotations: { title: tool.title, ...tool.annotations },
    // The MCP Apps view a tool declares, and whether only the view may call it.
    ...(tool.meta ? { _meta: tool.meta } : {}),
  }));
}

export const TOOL_LISTING_PATH = fileURLToPath(
  new URL('../src/mcp/tool-listing.json', import.meta.url),
);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Every tool, the write one included: read-only mode leaves entries out at run time.
  writeFileSync(TOOL_LISTING_PATH, `${JSON.stringify(toolListing(ALL_TOOLS), null, 2)}\n`);
  console.log(`src/mcp/tool-listing.json: ${ALL_TOOLS.length} tools`);
}
