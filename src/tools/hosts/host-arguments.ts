// list_hosts' and get_host's argument shapes: one source for the tools, their handlers and the tests.
import * as z from 'zod';
import { fieldsArgument } from '../common/fields-argument.js';
import { freeText } from '../common/free-text.js';
import { uuid } from '../common/uuid-argument.js';

/** list_hosts' arguments; descriptions short, the catalog has a byte budget. */
export const hostListArguments = {
  // Descriptions are short: the catalog stays in the model's context all conversation.
  network_id: uuid().optional().describe('Network id'),
  network: freeText().optional().describe('Name'),
  tag: freeText().optional().describe('Name or id'),
  search: freeText().optional().describe('Name, hostname, IP, MAC'),
  ip: freeText().optional().describe('Address or CIDR'),
  service: freeText().optional().describe('e.g. SSH'),
  port: z.number().int().min(1).max(65535).optional().describe('Open port'),
  found_by: freeText().optional().describe('Discovery name/id'),
  new_since: freeText().optional().describe('ISO date'),
  not_seen_since: freeText().optional().describe('ISO date'),
  snmp_credential: freeText().optional().describe('Name, id or none'),
  counts_only: z.boolean().optional().describe('No items'),
  fields: fieldsArgument(),
  limit: z.number().int().min(0).max(1000).default(50).describe('0 = all'),
  offset: z.number().int().min(0).max(2_147_483_647).default(0).describe('Skip'),
  refresh: z.boolean().optional().describe('Fresh read'),
};

export type HostListArguments = z.infer<z.ZodObject<typeof hostListArguments>>;

/** get_host's one argument. */
export const hostLookupArguments = {
  host: z.string().min(1).max(300).describe('Name, IP or id'),
  offset: z.number().int().min(0).max(1_000_000).optional().describe('Interfaces, ports'),
  refresh: z.boolean().optional().describe('Fresh read'),
};
