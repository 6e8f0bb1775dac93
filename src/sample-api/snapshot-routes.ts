// The sample API's topology snapshots (0.17.0+): two of the lab network, taken after each run of its job, listed and read as bundles (topology/data?snapshot_id=); older versions have no such routes.
import { SAMPLE_NETWORKS } from './data.js';
import type { SampleRequest, SampleResponse } from './exchange.js';
import { SAMPLE_SNAPSHOTS, snapshotBundle } from './snapshot-data.js';

const eraOf = (version: string) => {
  const [, minor = 14, patch = 0] = version.replace(/^v/, '').split('.').map(Number);
  return { snapshots: minor >= 17, sites: minor > 17 || (minor === 17 && patch >= 22) };
};

/** Snapshots as snapshots/types/base.rs writes them; 0.17.22 names the site. */
export function snapshotRoute(
  version: string,
  ok: (payload: unknown, meta?: Record<string, unknown>) => SampleResponse,
): SampleResponse | undefined {
  const era = eraOf(version);
  if (!era.snapshots) return undefined;
  const place = (id: string) => (era.sites ? { site_id: id } : { network_id: id });
  const items = SAMPLE_SNAPSHOTS.map(({ id, taken_at }) => ({
    id,
    created_at: taken_at,
    updated_at: taken_at,
    ...place(SAMPLE_NETWORKS.lab),
    taken_at,
    created_by_user_id: null,
  }));
  const pagination = { total_count: items.length, limit: 1000, offset: 0, has_more: false };
  return ok(items, { pagination });
}

/**
 * GET /api/v1/topology/data?snapshot_id=: the network's entity set as of the snapshot, 404 for
 * an unknown snapshot and 403 for another network's (topology/handlers.rs get_topology_data).
 * Undefined without snapshot_id (the live bundle's route answers) or before 0.17.
 */
export function snapshotBundleRoute(
  req: SampleRequest,
  version: string,
  kit: {
    ok: (payload: unknown) => SampleResponse;
    fail: (status: number, error: string, code?: string) => SampleResponse;
  },
): SampleResponse | undefined {
  const era = eraOf(version);
  const snapshotId = req.query.get('snapshot_id');
  if (!era.snapshots || snapshotId === null) return undefined;
  const network = req.query.get(era.sites ? 'site_id' : 'network_id');
  if (!network) return kit.fail(400, 'network_id is required', 'validation_failed');
  const found = snapshotBundle(snapshotId, era.sites);
  if (!found) return kit.fail(404, 'Snapshot not found', 'entity_not_found');
  if (found.network_id !== network)
    return kit.fail(403, 'Snapshot belongs to a different network', 'forbidden');
  return kit.ok(found.bundle);
}
