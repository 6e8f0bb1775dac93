// zod pieces shared by tool input and output schemas.
import { z } from 'zod';

/** 8-4-4-4-12 hex, any case: the service's ids. Half the bytes of z.guid()'s format and pattern. */
const UUID = /^[\da-fA-F]{8}(-[\da-fA-F]{4}){3}-[\da-fA-F]{12}$/;
export const uuid = () => z.string().regex(UUID, 'must be a UUID (8-4-4-4-12 hex digits)');

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
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type CredentialOutput = z.infer<typeof credentialOutput>;
