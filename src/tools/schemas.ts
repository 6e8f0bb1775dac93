// zod pieces shared by tool input and output schemas.
import { z } from 'zod';

/** 8-4-4-4-12 hex: the service's ids; the short pattern keeps the catalog small. */
export const uuid = () => z.guid();

export const paginationOutput = z.object({
  total_count: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
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
