// The output shapes of the tools: what structuredContent holds, as zod schemas.
import * as z from 'zod';

/** Output schemas describe, they do not police: plain numbers, not int's ±2^53 bounds. */
export const paginationOutput = z.object({
  total_count: z.number(),
  limit: z.number(),
  offset: z.number(),
  has_more: z.boolean(),
});

/** How any list's page ends: its paging, whether the budget cut it short, what to call next. */
export const pageEndShape = {
  pagination: paginationOutput,
  truncated: z.boolean().optional(),
  /** The budget cut the page below the limit asked (0 = all). */
  short_page: z.object({ asked: z.number(), shown: z.number() }).optional(),
  next_offset: z.number().optional(),
  next_step: z.string().optional(),
  warnings: z.array(z.string()).optional(),
};

/** A credential as shown to a model: never the community, not even the placeholder. */
export const credentialOutput = z.object({
  id: z.string(),
  name: z.string(),
  organization_id: z.string(),
  version: z.string().optional(),
  tags: z.array(z.string()),
  updated_at: z.string().optional(),
});
/**
 * Also, undeclared (the catalog has a byte budget): `name_holds_id: true` where the name is or
 * holds a UUID, so it reads as a name, not as this (or another) record's id.
 */
export type CredentialOutput = z.infer<typeof credentialOutput> & { name_holds_id?: true };

/**
 * One discovery in its group, under the key that says its run type (scheduled, ad_hoc,
 * run_records; other keeps run_type): names inline, nothing null, each fact once. Only the fields
 * every item has are declared (the catalog has a byte budget; the tool description names the
 * rest): the item also carries, when they apply, cron_schedule with its timezone (UTC when none
 * is given), next_run (UTC), enabled, last_run, tags (names; an id where a name could pass for
 * something else), host_id and host, snmp_credential_ids, a job's last_outcome {phase, error,
 * finished_at, record_id}, and a run record's phase, progress, error, finished_at and
 * discovery_id.
 */
const discoveryItemOutput = z.object({
  id: z.string(),
  name: z.string(),
  discovery_type: z.string(),
});

/** What the structured item holds, declared fields and the rest. */
interface DiscoveryItemExtras {
  /** Only under `other`: a run type this server does not know. */
  run_type?: string;
  cron_schedule?: string;
  /** The schedule's zone as the service gave it, else UTC (how Scanopy reads a cron without one). */
  timezone?: string;
  next_run?: string;
  enabled?: boolean;
  last_run?: string;
  /** Tag names, or a tag's id where its name is unknown, holds a UUID or is shared on the page. */
  tags?: string[];
  host_id?: string;
  host?: string;
  last_outcome?: { phase: string; error?: string; finished_at?: string; record_id?: string };
  phase?: string;
  progress?: number;
  error?: string;
  finished_at?: string;
  discovery_id?: string;
  /** 0.15+ run records: hosts found; list_hosts found_by <record id> lists them. */
  hosts_discovered?: number;
  snmp_credential_ids?: string[];
}

export type DiscoveryItemOutput = z.infer<typeof discoveryItemOutput> & DiscoveryItemExtras;

/** list_discoveries' lean view: items grouped by network and daemon, names beside their ids. */
export const discoveryListOutput = {
  summary: z.string(),
  // Each group names its network_id, network, daemon_id and daemon and holds its items by run
  // type: scheduled, ad_hoc, run_records (Historical), other (discoveryItemOutput each). Only the
  // frame is listed, as for list_hosts' groups: the catalog has a byte budget, and the
  // description and the text say what an item holds. With fields: columns + rows instead
  // (compactListShape).
  groups: z.array(z.unknown()).optional(),
  // Tag id -> name, once per tag the items carry. Declared as `{}`: a map's schema says little.
  tag_names: z.unknown().optional(),
  // Question filters: {service, server, matched, scanned}; `{}` for the catalog's sake, like tag_names.
  filters: z.unknown().optional(),
  // counts_only: totals by network, daemon, type and run type, jobs apart from run records.
  counts: z.unknown().optional(),
  // paginationOutput; `{}` for the catalog's sake, as in list_hosts: has_more and next_step say it in words.
  pagination: z.unknown(),
  truncated: z.boolean().optional(),
  next_offset: z.number().optional(),
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

/**
 * A list tool's answer with `fields` (views/common/projection.ts), in full: the column names once,
 * one array per item in that order (null where the item has no value), and the paging of any list.
 */
export const compactListShape = z.object({
  summary: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
  filters: z.unknown().optional(),
  ...pageEndShape,
  notes: z.array(z.string()).optional(),
});
