// zod pieces shared by tool input and output schemas.
import * as z from 'zod';

/** 8-4-4-4-12 hex, any case: the service's ids. */
const UUID = /^[\da-fA-F]{8}(-[\da-fA-F]{4}){3}-[\da-fA-F]{12}$/;

/** Whether `value` is one of the service's ids. */
export const isUuid = (value: string | undefined): boolean =>
  value !== undefined && UUID.test(value);
/**
 * Checked here with the regex; advertised as `format: uuid` (15 bytes) rather than the pattern
 * (64): six id arguments sit in the catalog, which stays in the model's context all conversation.
 */
export const uuid = () =>
  z.string().refine(isUuid, 'must be a UUID (8-4-4-4-12 hex digits)').meta({ format: 'uuid' });

/** Output schemas describe, they do not police: plain numbers, not int's ±2^53 bounds. */
export const paginationOutput = z.object({
  total_count: z.number(),
  limit: z.number(),
  offset: z.number(),
  has_more: z.boolean(),
});

/** A credential as shown to a model: never the community, not even the placeholder. */
export const credentialOutput = z.object({
  id: z.string(),
  name: z.string(),
  organization_id: z.string(),
  version: z.string().optional(),
  tags: z.array(z.string()),
  updated_at: z.string().optional(),
});
export type CredentialOutput = z.infer<typeof credentialOutput>;

/** list_discoveries' lean view: flat items with ids, names once by id, and the summary and next step. */
export const discoveryListOutput = {
  summary: z.string(),
  discoveries: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      // Left out when the service did not give them (never null).
      network_id: z.string().optional(),
      daemon_id: z.string().optional(),
      tags: z.array(z.string()).optional(),
      discovery_type: z.object({ type: z.string(), host_id: z.string().optional() }),
      run_type: z.object({
        type: z.string(),
        cron_schedule: z.string().optional(),
        enabled: z.boolean().optional(),
        last_run: z.string().optional(),
        timezone: z.string().optional(),
      }),
    }),
  ),
  // An object of names by id, once each (not per item); ids whose list could not be read are
  // left out. Declared as `{}`: the catalog has no room for a map's schema, and it says little.
  names: z.unknown().optional(),
  pagination: paginationOutput,
  truncated: z.boolean().optional(),
  next_step: z.string().optional(),
  warnings: z.array(z.string()).optional(),
};
