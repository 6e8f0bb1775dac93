// list_links' argument shape: one source for the tool, its handler and the tests.
import * as z from 'zod';
import { fieldsArgument } from '../common/fields-argument.js';
import { freeText } from '../common/free-text.js';

/** Descriptions short: the catalog stays in the model's context all conversation. */
export const linkListArguments = {
  network: freeText().optional().describe('Name or id'),
  host: freeText().optional().describe('Name, id or IP'),
  interface: freeText().optional().describe('Port name or ifIndex'),
  protocol: z.enum(['lldp', 'cdp']).optional().describe('Only this'),
  path_to: freeText().optional().describe('Host to reach'),
  format: z.enum(['mermaid']).optional().describe('Flowchart too'),
  counts_only: z.boolean().optional().describe('No items'),
  fields: fieldsArgument(),
  limit: z.number().int().min(0).max(1000).default(50).describe('0 = all'),
  offset: z.number().int().min(0).max(2_147_483_647).default(0).describe('Skip'),
  refresh: z.boolean().optional().describe('Fresh read'),
};

export type LinkListArguments = z.infer<z.ZodObject<typeof linkListArguments>>;
