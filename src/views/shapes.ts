// The output shapes of the tools: what structuredContent holds, as zod schemas.
import * as z from 'zod';

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

/** get_version's structured answer. */
export const versionOutput = {
  api_version: z.number(),
  server_version: z.string(),
  mcp_server_version: z.string(),
  api_version_supported: z.boolean(),
  snmp_credential_endpoint: z.boolean(),
  endpoint_family: z.string(),
  version_tested: z.boolean(),
};

/** get_unseen_release_notes' structured answer: one-line headings, http(s) addresses, markdown notes. */
export const releaseNotesOutput = {
  releases: z.array(
    z.object({
      version: z.string(),
      title: z.string(),
      date: z.string(),
      url: z.string(),
      notes: z.string(),
    }),
  ),
  changelog_url: z.string().optional(),
};
