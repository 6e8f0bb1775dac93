// The structured shapes of list_changes: the lean output schema the catalog lists, and the full answer the tests and the view read.
import * as z from 'zod';
import { CHANGE_KINDS } from '../../api/changes/change-kinds.js';
import { pageEndShape } from '../common/shapes.js';

/** One changed host: new, gone, or still there with ports or services that changed. */
export const changeRowShape = z.object({
  change: z.enum(['new', 'gone', 'changed']),
  id: z.string(),
  name: z.string(),
  network_id: z.string().optional(),
  network: z.string().optional(),
  /** new: when first seen (created_at); gone: when last seen. */
  at: z.string().optional(),
  /** Between two snapshots: the name in the earlier one. */
  renamed_from: z.string().optional(),
  /** Port labels ("8443/tcp"). */
  ports_opened: z.array(z.string()).optional(),
  ports_closed: z.array(z.string()).optional(),
  /** Service names. */
  services_appeared: z.array(z.string()).optional(),
  services_disappeared: z.array(z.string()).optional(),
});
export type ChangeRowOutput = z.infer<typeof changeRowShape>;

/**
 * Counts by kind, before any row. A kind this version cannot tell has no count at all (never a 0
 * that reads as "nothing changed"): `not_known` says why.
 */
export const changeCountsShape = z.object({
  hosts_new: z.number().optional(),
  hosts_gone: z.number().optional(),
  /** Hosts neither new nor gone whose ports or services changed. */
  hosts_changed: z.number().optional(),
  /** Between two snapshots: hosts in both whose name changed. */
  hosts_renamed: z.number().optional(),
  ports_opened: z.number().optional(),
  ports_closed: z.number().optional(),
  services_appeared: z.number().optional(),
  services_disappeared: z.number().optional(),
  /** Between two snapshots; otherwise only where a version sends a link's first sighting (none up to 0.17.22). */
  links_appeared: z.number().optional(),
  /** 0.17.15+: links still kept, last seen before `since`, both hosts seen since. */
  links_gone: z.number().optional(),
});
export type ChangeCounts = z.infer<typeof changeCountsShape>;

export const unknownKindShape = z.object({
  kind: z.enum(CHANGE_KINDS),
  why: z.string(),
  would_tell: z.string(),
});

/** The run a `run` question compared: its latest run record and the one before it. */
export const comparedRunShape = z.object({
  id: z.string(),
  name: z.string(),
  latest: z.object({ id: z.string(), started_at: z.string() }),
  previous: z.object({ id: z.string(), started_at: z.string() }).optional(),
});

/** Topology snapshots (0.17.0+): how many, the newest two; or why there are none to compare. */
export const snapshotsShape = z.object({
  count: z.number().optional(),
  newest: z.array(z.object({ id: z.string(), at: z.string().optional() })).optional(),
  note: z.string(),
});

/** The two snapshots a snapshot question compared (ids are Scanopy's snapshot ids). */
const snapshotRef = z.object({ id: z.string(), at: z.string().optional() });
export const comparedSnapshotsShape = z.object({
  network_id: z.string(),
  from: snapshotRef,
  to: snapshotRef,
});

/** list_changes' structured answer, in full. */
export const changeListShape = z.object({
  summary: z.string(),
  scope: z.string().optional(),
  since: z.string(),
  run: comparedRunShape.optional(),
  /** A snapshot question: the two snapshots compared (rows matched by lineage_id). */
  compared: comparedSnapshotsShape.optional(),
  counts: changeCountsShape,
  not_known: z.array(unknownKindShape).optional(),
  /** The list_hosts call giving the same host numbers. */
  same_as: z.string().optional(),
  changes: z.array(changeRowShape).optional(),
  snapshots: snapshotsShape.optional(),
  /** One line per link that went away (or, between snapshots, appeared), at most 50. */
  link_changes: z.array(z.string()).optional(),
  notes: z.array(z.string()).optional(),
  ...pageEndShape,
});
export type ChangeListOutput = z.infer<typeof changeListShape>;

/**
 * list_changes' output schema as the catalog lists it: only the frame (the catalog has a byte
 * budget); every answer follows changeListShape in full, or columns + rows with `fields`.
 */
export const changeListOutput = {
  summary: z.string(),
  counts: z.unknown(),
  changes: z.unknown().optional(),
};
