// list_discoveries: one page of the discoveries the key can see, grouped by network.
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { renderDiscoveries, withoutCommunities } from './discovery-format.js';
import { paginationOutput, uuid } from './schemas.js';

const tagged = z.looseObject({ type: z.string() });

export const listDiscoveries = defineTool({
  name: 'list_discoveries',
  title: 'List network discoveries',
  description:
    'List discovery jobs (network scans, self-reports, Docker scans) with their schedule, enabled state and last run, grouped by network. Use it to answer what runs where, what is disabled or failing. Filter by network_id or daemon_id; page with limit/offset.',
  inputSchema: {
    network_id: uuid().optional().describe('Only this network'),
    daemon_id: uuid().optional().describe('Only this daemon'),
    limit: z.number().int().min(0).max(1000).default(50).describe('Page size 1-1000; 0 = all'),
    offset: z.number().int().min(0).max(2_147_483_647).default(0).describe('Items to skip'),
  },
  outputSchema: {
    discoveries: z.array(
      z.looseObject({
        id: z.string(),
        name: z.string(),
        network_id: z.string(),
        daemon_id: z.string(),
        discovery_type: tagged,
        run_type: tagged,
        tags: z.array(z.string()),
      }),
    ),
    pagination: paginationOutput,
    truncated: z.boolean().optional(),
  },
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  writes: false,
  async handler(args, { api, signal }) {
    const page = await api.listDiscoveries(args, signal);
    const discoveries = page.items.map(withoutCommunities);
    return {
      structured: { discoveries, pagination: page.pagination },
      text: renderDiscoveries({
        discoveries,
        pagination: page.pagination,
        skipped: page.skipped,
        filters: args,
      }),
    };
  },
});
