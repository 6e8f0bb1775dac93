// zod schemas of the service's payloads: lenient, so unknown fields and variants pass through.
import { z } from 'zod';

export const paginationSchema = z.looseObject({
  total_count: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  has_more: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const metaSchema = z.looseObject({
  api_version: z.number().optional(),
  server_version: z.string().optional(),
  pagination: paginationSchema.optional(),
});

/** The envelope every JSON answer is wrapped in; `error` may be a string or (on 402) an object. */
export const envelopeSchema = z.looseObject({
  success: z.boolean(),
  data: z.unknown().optional(),
  error: z.unknown().optional(),
  code: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  meta: metaSchema.optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** A tagged object (`{ type, ...fields }`); variants this server has never seen still parse. */
const taggedSchema = z.looseObject({ type: z.string() });

export const discoverySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  network_id: z.string(),
  daemon_id: z.string(),
  discovery_type: taggedSchema,
  run_type: taggedSchema,
  tags: z.array(z.string()).catch([]),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type Discovery = z.infer<typeof discoverySchema>;

export const snmpCredentialSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  organization_id: z.string(),
  version: z.string().optional(),
  tags: z.array(z.string()).catch([]),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type SnmpCredential = z.infer<typeof snmpCredentialSchema>;

/** Exactly the fields the update endpoint takes; nothing else is ever sent. */
export interface SnmpCredentialUpdate {
  readonly name: string;
  readonly organization_id: string;
  readonly community: string;
  readonly tags: readonly string[];
  readonly version?: 'V2c' | 'V3';
}

/** Any entity with an id and a name (network, site, daemon, tag, host); the rest is not kept. */
export const namedSchema = z.object({ id: z.string(), name: z.string() });

export const releaseSchema = z.looseObject({
  version: z.string(),
  title: z.string().catch(''),
  date: z.string().catch(''),
  html: z.string().catch(''),
  url: z.string().catch(''),
});
export type Release = z.infer<typeof releaseSchema>;

export const releaseNotesSchema = z.looseObject({
  releases: z.array(releaseSchema),
  changelog_url: z.string().optional(),
});
export type ReleaseNotes = z.infer<typeof releaseNotesSchema>;

export const versionSchema = z.looseObject({
  api_version: z.number().int(),
  server_version: z.string(),
});
export type VersionInfo = z.infer<typeof versionSchema>;
