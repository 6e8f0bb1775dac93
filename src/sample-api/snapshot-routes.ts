// The sample API's topology snapshots (0.17.0+): two of the lab network, taken after each run of its job; older versions have no such route.
import { SAMPLE_NETWORKS } from './data.js';
import type { SampleResponse } from './exchange.js';

/** Snapshots as snapshots/types/base.rs writes them; 0.17.22 names the site. */
export function snapshotRoute(
  version: string,
  ok: (payload: unknown, meta?: Record<string, unknown>) => SampleResponse,
): SampleResponse | undefined {
  const [, minor = 14, patch = 0] = version.split('.').map(Number);
  if (minor < 17) return undefined;
  const place = (id: string) => (minor > 17 || patch >= 22 ? { site_id: id } : { network_id: id });
  const snapshot = (id: string, at: string) => ({
    id,
    created_at: at,
    updated_at: at,
    ...place(SAMPLE_NETWORKS.lab),
    taken_at: at,
    created_by_user_id: null,
  });
  const items = [
    snapshot('5e5e5e5e-0001-4000-8000-000000000001', '2026-11-12T23:00:00Z'),
    snapshot('5e5e5e5e-0002-4000-8000-000000000002', '2026-11-19T23:00:00Z'),
  ];
  const pagination = { total_count: items.length, limit: 1000, offset: 0, has_more: false };
  return ok(items, { pagination });
}
