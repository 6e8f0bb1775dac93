// Topology snapshots (Scanopy 0.17.0+): GET /api/v1/snapshots, one page of the newest; a snapshot is taken by hand (POST, a plan feature), never by this server.
import * as z from 'zod';
import type { Page, Requester } from '../request.js';

/** What a snapshot says of itself: the network and the instant it captured (snapshots/types/base.rs). */
export interface InventorySnapshot {
  readonly id: string;
  readonly network_id?: string | undefined;
  readonly taken_at?: string | undefined;
}

let built: z.ZodType<InventorySnapshot> | undefined;
/** Built on first use, like the other schemas: a start-up parses no snapshot. 0.17.22 says site_id. */
const snapshotSchema = () => {
  built ??= z
    .object({
      id: z.string(),
      network_id: z.string().optional().catch(undefined),
      site_id: z.string().optional().catch(undefined),
      taken_at: z.string().optional().catch(undefined),
    })
    .transform((s) => ({ id: s.id, network_id: s.network_id ?? s.site_id, taken_at: s.taken_at }));
  return built;
};

/**
 * Up to 1,000 snapshots, every network's: the network filter's name differs by version
 * (network_id, site_id), so the caller keeps one network's itself.
 */
export function listSnapshots(
  requester: Requester,
  signal?: AbortSignal,
): Promise<Page<InventorySnapshot>> {
  const page = { limit: 1000, offset: 0 };
  const spec = {
    method: 'GET',
    path: '/api/v1/snapshots',
    auth: 'apiKey',
    query: page,
    signal,
  } as const;
  return requester.listPage(spec, snapshotSchema(), page);
}
