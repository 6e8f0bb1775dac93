// The tools/list answer: the SDK's tool shapes minus what costs a model context and tells it nothing.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ZodRawShape } from 'zod';
import * as z from 'zod';
import type { AnyToolDefinition } from '../tools/define-tool.js';

/**
 * Output schemas describe what comes back; they need not forbid extra fields. Dropping
 * `additionalProperties` (false, or {} which is the default anyway) saves ~25 bytes per object.
 */
function withoutAdditionalProperties(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAdditionalProperties);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'additionalProperties') out[key] = withoutAdditionalProperties(value);
  }
  return out;
}

/**
 * JSON Schema as the SDK derives it (draft-07 rules, inputs as accepted, outputs as produced),
 * without `$schema`: what we emit means the same under draft-07 and 2020-12.
 */
function jsonSchema(shape: ZodRawShape, io: 'input' | 'output'): Tool['inputSchema'] {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(z.object(shape), {
    target: 'draft-7',
    io,
  });
  return (io === 'output' ? withoutAdditionalProperties(schema) : schema) as Tool['inputSchema'];
}

/** Every tool as listed; `execution` is left out because its default is already "forbidden". */
export function toolListing(tools: readonly AnyToolDefinition[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.inputSchema, 'input'),
    outputSchema: jsonSchema(tool.outputSchema, 'output'),
    // The top-level title is the spec's display name; a copy inside annotations costs ~30 bytes a tool.
    annotations: { ...tool.annotations },
  }));
}
