// zod schemas of the service's payloads: lenient, so unknown fields and variants pass through.
import * as z from 'zod';
import { setOwn } from '../safety/own-key.js';

/**
 * Every payload schema, built the first time one is parsed: a stdio start-up parses no payload,
 * and building them cost ~4 ms of it (README Performance, target 1b). The parsers exported below
 * keep the names and `safeParse` of the schemas they stand for.
 */
function buildSchemas() {
  const pagination = z.looseObject({
    total_count: z.number().int().nonnegative(),
    limit: z.number().int().nonnegative(),
    offset: z.number().int().nonnegative(),
    has_more: z.boolean(),
  });
  const meta = z.looseObject({
    api_version: z.number().optional(),
    server_version: z.string().optional(),
    pagination: pagination.optional(),
  });
  /** The envelope every JSON answer is wrapped in; `error` may be a string or (on 402) an object. */
  const envelope = z.looseObject({
    success: z.boolean(),
    data: z.unknown().optional(),
    error: z.unknown().optional(),
    code: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
    meta: meta.optional(),
  });
  /** A tagged object (`{ type, ...fields }`); variants this server has never seen still parse. */
  const tagged = z.looseObject({ type: z.string() });
  /** A discovery as the service sends it; ids the tools can do without are read by `discoveryOf`. */
  const discoveryWire = z.looseObject({
    id: z.string(),
    name: z.string(),
    discovery_type: tagged,
    run_type: tagged,
    tags: z.array(z.string()).catch([]),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  });
  const credentialCommon = {
    id: z.string(),
    name: z.string(),
    organization_id: z.string(),
    tags: z.array(z.string()).catch([]),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  };
  /** 0.14.x `/api/v1/snmp-credentials`: a plain object (not loose, so the community is not kept). */
  const snmpCredential = z.object({
    ...credentialCommon,
    version: z.enum(['V1', 'V2c', 'V3']).catch('V2c'),
  });
  /** 0.15+ `/api/v1/credentials`: read as a credential of any type; SNMP ones normalize below. */
  const credentialRecord = z.looseObject({
    ...credentialCommon,
    credential_type: z.looseObject({ type: z.string() }),
  });
  /** A 0.15+ SNMP credential in the normalized shape (nothing of credential_type is kept). */
  const snmpCredentialRecord = credentialRecord.transform((record, ctx) => {
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
  /** Any entity with an id and a name (network, site, daemon, tag, host); the rest is not kept. */
  const named = z.object({ id: z.string(), name: z.string() });
  const release = z.looseObject({
    version: z.string(),
    title: z.string().catch(''),
    date: z.string().catch(''),
    html: z.string().catch(''),
    url: z.string().catch(''),
  });
  const releaseNotes = z.looseObject({
    releases: z.array(release),
    changelog_url: z.string().optional(),
  });
  const version = z.looseObject({
    api_version: z.number().int(),
    server_version: z.string(),
  });
  return {
    pagination,
    envelope,
    discoveryWire,
    snmpCredential,
    credentialRecord,
    snmpCredentialRecord,
    named,
    releaseNotes,
    version,
  };
}

type Schemas = ReturnType<typeof buildSchemas>;
let built: Schemas | undefined;

/** The payload schemas, built on the first call. */
function schemas(): Schemas {
  built ??= buildSchemas();
  return built;
}

/** A schema's `safeParse`, the schemas built on the first call. */
function parserOf<S extends z.ZodType>(pick: (all: Schemas) => S) {
  return {
    safeParse: (value: unknown): z.ZodSafeParseResult<z.output<S>> =>
      pick(schemas()).safeParse(value),
  };
}

export type Pagination = z.infer<Schemas['pagination']>;

export const envelopeSchema = parserOf((s) => s.envelope);
export type Envelope = z.infer<Schemas['envelope']>;

type DiscoveryWire = z.infer<Schemas['discoveryWire']>;
const idOrNothing = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Normalized by a plain function that keeps the parsed object when nothing needs changing: copying
 * every item (a zod transform, or a rest spread) measured 17-20 MB more peak RSS over 1,000 list
 * calls of 50 (README Performance, target 9). 0.17.22's `site_id`
 * becomes `network_id` (and is dropped, so the id is not there twice); an id of the wrong type is
 * left out, never a reason to drop the item.
 */
function discoveryOf(wire: DiscoveryWire): DiscoveryWire & {
  network_id?: string;
  daemon_id?: string;
} {
  const { site_id, network_id, daemon_id } = wire;
  // Most items need nothing: kept as parsed, not copied.
  if (
    site_id === undefined &&
    (network_id === undefined || typeof network_id === 'string') &&
    (daemon_id === undefined || typeof daemon_id === 'string')
  ) {
    return wire as DiscoveryWire & { network_id?: string; daemon_id?: string };
  }
  // One copy, in the order a rest spread gives (0.17.22 sends site_id on every item): the spread
  // and the object around it made two, 1.2% of a warm call's CPU for a page of discoveries there.
  const normalized: Record<string, unknown> = {};
  for (const key in wire) {
    if (!Object.hasOwn(wire, key) || RENAMED.has(key)) continue;
    // Defined, as a spread defines it: a `__proto__` key stays a key, never the prototype.
    setOwn(normalized, key, wire[key]);
  }
  const network = idOrNothing(network_id) ?? idOrNothing(site_id);
  const daemon = idOrNothing(daemon_id);
  if (network !== undefined) normalized['network_id'] = network;
  if (daemon !== undefined) normalized['daemon_id'] = daemon;
  return normalized as DiscoveryWire & { network_id?: string; daemon_id?: string };
}

/** The ids discoveryOf writes again under their own names. */
const RENAMED: ReadonlySet<string> = new Set(['site_id', 'network_id', 'daemon_id']);

/** The zod schema of a discovery on the wire: what `passesAsIs` stands for, and what decides the rest. */
export const discoveryWireSchema = parserOf((s) => s.discoveryWire);

const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  // zod's copy of a `__proto__` key is its own business: such an item takes zod's path.
  !Object.hasOwn(value, '__proto__');
const stringOrAbsent = (value: unknown) => value === undefined || typeof value === 'string';

/**
 * Whether `discoveryWire` would pass this item with nothing caught or changed, only copied (its
 * loose objects copy every key, a third of a warm call's allocation): then the item is used as
 * parsed from JSON. Every reader takes fields by name, so the copy's key order never showed.
 * Anything else (a missing or odd field, tags that are not all strings) goes through zod.
 */
function passesAsIs(value: unknown): value is DiscoveryWire {
  if (!isPlain(value)) return false;
  if (typeof value['id'] !== 'string' || typeof value['name'] !== 'string') return false;
  const { discovery_type: found, run_type: run, tags } = value;
  if (!isPlain(found) || typeof found['type'] !== 'string') return false;
  if (!isPlain(run) || typeof run['type'] !== 'string') return false;
  if (!Array.isArray(tags)) return false;
  for (let at = 0; at < tags.length; at++) if (typeof tags[at] !== 'string') return false;
  return stringOrAbsent(value['created_at']) && stringOrAbsent(value['updated_at']);
}

/** A discovery as any version sends it, normalized (the shape `listPage` expects of a schema). */
export const discoverySchema = {
  safeParse(value: unknown) {
    if (passesAsIs(value)) return { success: true as const, data: discoveryOf(value) };
    const parsed = schemas().discoveryWire.safeParse(value);
    return parsed.success
      ? { success: true as const, data: discoveryOf(parsed.data) }
      : { success: false as const };
  },
};
export type Discovery = ReturnType<typeof discoveryOf>;

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

/** 0.14.x `/api/v1/snmp-credentials`: a plain object (not loose, so the community is not kept). */
export const snmpCredentialSchema = parserOf((s) => s.snmpCredential);

const SNMP_TYPE_VERSION: Readonly<Record<string, SnmpVersion>> = {
  SnmpV1: 'V1',
  SnmpV2c: 'V2c',
  SnmpV3: 'V3',
};

/** 0.15+ `/api/v1/credentials`: read as a credential of any type; SNMP ones normalize below. */
export const credentialRecordSchema = parserOf((s) => s.credentialRecord);
export type CredentialRecord = z.infer<Schemas['credentialRecord']>;

/** The SNMP version of a 0.15+ credential, or undefined for any other kind (Docker, SSH...). */
export function snmpVersionOf(record: CredentialRecord): SnmpVersion | undefined {
  return SNMP_TYPE_VERSION[record.credential_type.type];
}

/** A 0.15+ SNMP credential in the normalized shape (nothing of credential_type is kept). */
export const snmpCredentialRecordSchema = parserOf((s) => s.snmpCredentialRecord);

/** Exactly the fields an update may change; each version's client sends them its own way. */
export interface SnmpCredentialUpdate {
  readonly name: string;
  readonly organization_id: string;
  readonly community: string;
  readonly tags: readonly string[];
  readonly version?: 'V2c' | 'V3';
}

/** Any entity with an id and a name (network, site, daemon, tag, host); the rest is not kept. */
export const namedSchema = parserOf((s) => s.named);

export const releaseNotesSchema = parserOf((s) => s.releaseNotes);
export type ReleaseNotes = z.infer<Schemas['releaseNotes']>;
export type Release = ReleaseNotes['releases'][number];

export const versionSchema = parserOf((s) => s.version);
export type VersionInfo = z.infer<Schemas['version']>;
