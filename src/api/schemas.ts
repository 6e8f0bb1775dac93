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

/** A field the tools can do without: a wrong type is dropped, never a reason to drop the item. */
const optionalId = z.string().optional().catch(undefined);

/**
 * A discovery as any version sends it, normalized: 0.17.22's `site_id` becomes `network_id` (and is
 * dropped, so the id is not there twice); daemon and network are optional.
 */
export const discoverySchema = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    network_id: optionalId,
    site_id: optionalId,
    daemon_id: optionalId,
    discovery_type: taggedSchema,
    run_type: taggedSchema,
    tags: z.array(z.string()).catch([]),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  })
  .transform(({ site_id, network_id, daemon_id, ...rest }) => {
    const network = network_id ?? site_id;
    return {
      ...rest,
      ...(network === undefined ? {} : { network_id: network }),
      ...(daemon_id === undefined ? {} : { daemon_id }),
    };
  });
export type Discovery = z.output<typeof discoverySchema>;

export type SnmpVersion = 'V1' | 'V2c' | 'V3';

/** An SNMP credential on every version, normalized; the community is never kept. */
export interface SnmpCredential {
  readonly id: string;
  readonly name: string;
  readonly organization_id: string;
  readonly version: SnmpVersion;
  readonly tags: string[];
  readonly created_at?: string | undefined;
  readonly updated_at?: string | undefined;
}

const credentialCommon = {
  id: z.string(),
  name: z.string(),
  organization_id: z.string(),
  tags: z.array(z.string()).catch([]),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
};

/** 0.14.x `/api/v1/snmp-credentials`: a plain object (not loose, so the community is not kept). */
export const snmpCredentialSchema = z.object({
  ...credentialCommon,
  version: z.enum(['V1', 'V2c', 'V3']).catch('V2c'),
});

const SNMP_TYPE_VERSION: Readonly<Record<string, SnmpVersion>> = {
  SnmpV1: 'V1',
  SnmpV2c: 'V2c',
  SnmpV3: 'V3',
};

/** 0.15+ `/api/v1/credentials`: read as a credential of any type; SNMP ones normalize below. */
export const credentialRecordSchema = z.looseObject({
  ...credentialCommon,
  credential_type: z.looseObject({ type: z.string() }),
});
export type CredentialRecord = z.infer<typeof credentialRecordSchema>;

/** The SNMP version of a 0.15+ credential, or undefined for any other kind (Docker, SSH...). */
export function snmpVersionOf(record: CredentialRecord): SnmpVersion | undefined {
  return SNMP_TYPE_VERSION[record.credential_type.type];
}

/** A 0.15+ SNMP credential in the normalized shape (nothing of credential_type is kept). */
export const snmpCredentialRecordSchema = credentialRecordSchema.transform((record, ctx) => {
  const version = snmpVersionOf(record);
  if (!version) {
    ctx.addIssue({
      code: 'custom',
      message: `not an SNMP credential (${record.credential_type.type})`,
    });
    return z.NEVER;
  }
  const { id, name, organization_id, tags, created_at, updated_at } = record;
  return {
    id,
    name,
    organization_id,
    version,
    tags,
    ...(created_at === undefined ? {} : { created_at }),
    ...(updated_at === undefined ? {} : { updated_at }),
  } satisfies SnmpCredential;
});

/** Exactly the fields an update may change; each version's client sends them its own way. */
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
